import {
  DEFAULT_PREFERENCES,
  errorBodySchema,
  type RecommendRequest,
  recommendRequestSchema,
  recommendResponseSchema,
} from '@cardwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser, rejectInvalidToken, requireUser } from '../../plumbing/auth.ts';
import { clientAddress } from '../../plumbing/client-address.ts';
import { inFlightLimit } from '../../plumbing/in-flight-limit.ts';
import type { AccountsRepository } from '../accounts/accounts-repository.ts';
import { dropHeldCards } from '../accounts/drop-held-cards.ts';
import { ownedCardsRepository } from '../accounts/owned-cards.ts';
import { MINUTE, routeLimit } from '../accounts/throttle.ts';
import type { CatalogStore } from '../cards/catalog-store.ts';
import { type CategoryIndex, categoryNameOf } from '../categories/category-index.ts';
import { buildInstance, toEngineEntries } from './build-instance.ts';
import type { EnginePool } from './engine-pool.ts';
import { decorateResult } from './recommend-cards.ts';
import { unofferedCardWarnings } from './unoffered-cards.ts';

/** Engine runs one client may have in progress at once (in-flight-limit.ts). */
const MAX_RUNS_PER_CLIENT = 3;

interface Options {
  db: Db;
  store: CatalogStore;
  categories: CategoryIndex;
  engine: EnginePool;
  /** The signed-in user's saved entries and preferences, for GET. */
  accounts: Pick<AccountsRepository, 'spendingEntries' | 'preferences'>;
}

export const recommendationsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, store, categories, engine, accounts },
) => {
  const inFlight = inFlightLimit(MAX_RUNS_PER_CLIENT);
  const owned = ownedCardsRepository(db);
  /** Builds the engine's instance for this tenant and caller, runs it and decorates the answer. */
  async function answer(request: FastifyRequest, reply: FastifyReply, body: RecommendRequest) {
    const [byId, tenantCards, view] = await Promise.all([
      categories(),
      store.engineCards(request.tenant),
      store.view(request.tenant),
    ]);
    const entries = toEngineEntries(body.spending, byId);
    const accountOwned = request.user ? await owned.activeCardIds(request.tenant.id, request.user.id) : [];
    const settled = dropHeldCards(
      body.preferences,
      accountOwned,
      (id) => (view.byId.get(id) ?? store.anyCardDetail(id))?.name,
    );
    const instance = buildInstance(
      { ...body, preferences: settled.preferences },
      entries,
      tenantCards.cards,
      (id) => store.anyEngineCard(id),
      accountOwned,
      view.platformBound,
    );
    const unoffered = unofferedCardWarnings(instance, (id) => store.describeUnoffered(id));
    // A client that gave up (the home page aborts a request once the user changes the
    // spending again) should not keep the engine busy for others for up to RECO_TIMEOUT_MS.
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    const release = inFlight.acquire(
      request.user ? `user:${request.user.id}` : `ip:${clientAddress(request.ip)}`,
    );
    reply.raw.once('close', onClose);
    const result = await engine.run(instance, gone.signal, tenantCards).finally(() => {
      release();
      reply.raw.off('close', onClose);
    });
    const answer = decorateResult(
      instance,
      result,
      entries,
      (id) => view.byId.get(id) ?? store.anyCardDetail(id),
      (slug) => categoryNameOf(byId, slug),
    );
    // The cardholder's words first: held cards dropped, then cards not offered (in place of the
    // engine's own words for the same ids), then anything else the engine had to say.
    const warnings = [
      ...settled.warnings,
      ...unoffered.warnings,
      ...answer.warnings.filter((w) => !unoffered.engineWarnings.has(w)),
    ];
    return warnings.length ? { ...answer, warnings } : answer;
  }

  app.post(
    '/cards/recommend',
    {
      preHandler: rejectInvalidToken,
      // The engine is the most expensive thing an anonymous caller can ask for.
      config: { rateLimit: routeLimit(120, MINUTE) },
      schema: {
        tags: ['recommendations'],
        summary: 'The exact best combination of n new cards for each n = 1..desiredCardCount',
        description:
          'Anonymous callers may use it; for a signed-in user the owned cards on their account count too, and a ' +
          'token that is sent must be valid (401 token_not_valid when expired: refresh and retry). ' +
          'Groups are sorted by monthly savings, ties broken by fewer cards. When proving the larger ' +
          'combinations takes longer than the server allows, the answer holds every size already proven ' +
          '(each still the exact optimum) and `incomplete` names the missing sizes; 503 only when not ' +
          'even the best single card could be proven in time.',
        body: recommendRequestSchema,
        response: {
          200: recommendResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => answer(request, reply, request.body),
  );
  app.get(
    '/cards/recommend',
    {
      preHandler: requireUser,
      config: { rateLimit: routeLimit(120, MINUTE) },
      schema: {
        tags: ['recommendations'],
        summary: 'The same answer for the spending entries and card preferences saved on my account',
        description:
          'Signed-in users only (401 otherwise: anonymous callers POST their entries). Reads the saved ' +
          'entries and preferences (GET/PUT accounts/spending-entries and accounts/preferences) and answers ' +
          'exactly as the POST would for them.',
        response: {
          200: recommendResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const [spending, saved] = await Promise.all([
        accounts.spendingEntries(me.tenantId, me.id),
        accounts.preferences(me.tenantId, me.id),
      ]);
      return answer(request, reply, { spending, preferences: saved ?? DEFAULT_PREFERENCES });
    },
  );
};
