import {
  cardApplyOptionsSchema,
  cardApplyParamsSchema,
  cardDetailSchema,
  cardIdParamsSchema,
  cardResultsSchema,
  cardSummarySchema,
  errorBodySchema,
  listCardsQuerySchema,
  paginatedCardsSchema,
  paymentAppsResponseSchema,
} from '@cardwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originPath } from '../../plumbing/route-path.ts';
import { prepareJson, sendPreparedJson } from '../../plumbing/send-json.ts';
import type { CategoryIndex } from '../categories/category-index.ts';
import { cardNotFound } from './card-not-found.ts';
import type { CatalogStore } from './catalog-store.ts';
import { getApplyOptions } from './get-apply-options.ts';
import { filterCards, paginate } from './list-cards.ts';
import { listPaymentApps } from './list-payment-apps.ts';

/**
 * The tenant's catalogue. Public: no route here reads `request.user`, so each is marked
 * `skipAuth` and a signed-in caller's bearer token costs no verification or session lookup.
 */
export const cardsRoutes: FastifyPluginAsyncZod<{ store: CatalogStore; categories: CategoryIndex }> = async (
  app,
  { store, categories },
) => {
  app.get(
    '/cards',
    {
      schema: {
        tags: ['cards'],
        summary: 'List the tenant’s cards, filtered and paginated',
        querystring: listCardsQuerySchema,
        response: { 200: z.union([paginatedCardsSchema, z.array(cardSummarySchema)]), 400: errorBodySchema },
      },
      config: { skipAuth: true },
      // A URL whose answer is cached was valid when it was cached (only answers are cached):
      // send it before validation and parsing run again. Callback style, so a cached
      // answer costs no promise; it runs after the global hooks (security headers, tenancy).
      onRequest: (request, reply, done) => {
        const body = store.peekView(request.tenant)?.responses.get(originPath(request.originalUrl));
        if (body) sendPreparedJson(request, reply, body);
        else done();
      },
    },
    async (request, reply) => {
      const view = await store.view(request.tenant);
      // The URL as the client sent it, `/t/{tenant}` prefix included: `next` and `previous` must
      // stay on the tenant the client named (without the prefix they led to the default tenant's
      // list), and the cached answer is per such URL (its path: an absolute-form target's
      // origin is the client's to make up, and must be neither echoed nor a new cache key).
      const key = originPath(request.originalUrl);
      let body = view.responses.get(key);
      if (body === undefined) {
        const items = filterCards(view, request.query);
        const rawQuery = key.includes('?') ? key.slice(key.indexOf('?') + 1) : '';
        const path = key.split('?')[0] ?? '/api/cards';
        body = prepareJson(
          request.query.no_pagination ? items : paginate(items, request.query, path, rawQuery),
        );
        store.cacheResponse(view, key, body);
      }
      return sendPreparedJson(request, reply, body);
    },
  );

  const listByTag =
    (tag: 'featured' | 'sponsored') => async (request: { tenant: Parameters<CatalogStore['view']>[0] }) => {
      const view = await store.view(request.tenant);
      return { results: view.summaries.filter((s) => s.tags.some((t) => t.slug === tag)) };
    };
  app.get(
    '/cards/featured',
    {
      config: { skipAuth: true },
      schema: { tags: ['cards'], summary: 'Featured cards', response: { 200: cardResultsSchema } },
    },
    listByTag('featured'),
  );
  app.get(
    '/cards/sponsored',
    {
      config: { skipAuth: true },
      schema: {
        tags: ['cards'],
        summary: 'Sponsored cards (home carousel)',
        response: { 200: cardResultsSchema },
      },
    },
    listByTag('sponsored'),
  );

  app.get(
    '/cards/payment-apps',
    {
      config: { skipAuth: true },
      schema: {
        tags: ['cards'],
        summary: 'The payment apps (UPI, bill-payment, wallets) of the spending taxonomy',
        description:
          'Each app is a platform-name node of the category tree: its id is what the spending form sends as ' +
          'platform_name, with the mode and platform type above it; card_ids are this tenant’s cards with an ' +
          'earn rule on spend made through it.',
        response: { 200: paymentAppsResponseSchema },
      },
    },
    async (request) => {
      const [byId, view] = await Promise.all([categories(), store.view(request.tenant)]);
      return { results: listPaymentApps(byId, view) };
    },
  );

  app.get(
    '/cards/apply/:id',
    {
      config: { skipAuth: true },
      schema: {
        tags: ['cards'],
        summary: 'How a card of this tenant is applied for: in-product, on the bank’s site, or not at all',
        description:
          'in_product: the tenant’s in-product application takes the card (in_product_path is its page); ' +
          'bank_url: the bank’s own application page; bank_page_url: the card’s page on the bank’s site, ' +
          'to read about it. 404 for a card this tenant does not list.',
        params: cardApplyParamsSchema,
        response: { 200: cardApplyOptionsSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const view = await store.view(request.tenant);
      const card = view.byId.get(request.params.id);
      if (!card) throw cardNotFound(store, request.params.id);
      return getApplyOptions(card, request.tenant.row.complete_journey_banks);
    },
  );

  app.get(
    '/cards/:id',
    {
      config: { skipAuth: true },
      schema: {
        tags: ['cards'],
        summary: 'One card with its fees, earn rules, sources and as-of date',
        params: cardIdParamsSchema,
        response: { 200: cardDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const view = await store.view(request.tenant);
      const card = view.byId.get(request.params.id);
      if (!card) throw cardNotFound(store, request.params.id);
      return card;
    },
  );
};
