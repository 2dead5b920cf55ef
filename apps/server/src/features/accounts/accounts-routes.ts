import {
  accountPreferencesResponseSchema,
  accountPreferencesSchema,
  accountSpendingEntriesSchema,
  accountSpendingEntryResponseSchema,
  accountUserSchema,
  addOwnedCardSchema,
  applicationSummariesSchema,
  changePasswordRequestSchema,
  contactRequestSchema,
  contactResponseSchema,
  DEFAULT_PREFERENCES,
  detailResponseSchema,
  employmentSchema,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  notificationSchema,
  ownedCardSchema,
  PASSWORD_RESET_MESSAGES,
  passwordResetConfirmResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  profileUpdateSchema,
  referredUserSchema,
  savedPreferencesResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  tokenRefreshRequestSchema,
  tokenRefreshResponseSchema,
  updateOwnedCardSchema,
  uuidParamsSchema,
} from '@cardwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { currentUser, rejectInvalidToken, requireUser } from '../../plumbing/auth.ts';
import { HttpError, invalidField, notFound } from '../../plumbing/errors.ts';
import type { Mailer } from '../../plumbing/mailer.ts';
import { localBaseUrl } from '../../plumbing/site-url.ts';
import { listSummaries } from '../applications/applications-repository.ts';
import type { CatalogStore } from '../cards/catalog-store.ts';
import type { CategoryIndex } from '../categories/category-index.ts';
import { resolveSpendingLevels } from '../categories/resolve-spending-levels.ts';
import { accountsRepository, toAccountUser } from './accounts-repository.ts';
import { changePassword } from './change-password.ts';
import { logIn } from './log-in.ts';
import { logOut } from './log-out.ts';
import { ownedCardsRepository } from './owned-cards.ts';
import { passwordResetService } from './password-reset.ts';
import { warmPasswordChecks } from './passwords.ts';
import { savePreferences } from './save-preferences.ts';
import { sessionsService } from './sessions.ts';
import { signUp } from './sign-up.ts';
import {
  accountRequestLimit,
  DEFAULT_FAILURE_LIMITS,
  type FailureLimits,
  failureThrottle,
  MINUTE,
  routeLimit,
} from './throttle.ts';
import { withUnofferedCards } from './unoffered-preference-cards.ts';
import { updateProfile } from './update-profile.ts';

export interface AccountsRoutesOptions {
  db: Db;
  config: Config;
  store: CatalogStore;
  /** Saved spending entries must name real category nodes, as a recommendation request must. */
  categories: CategoryIndex;
  /** Failed-login limits; tests lower them. */
  failureLimits?: FailureLimits;
  /** Where emails go (the reset links): the outbox under DATA_DIR by default (app.ts). */
  mailer: Mailer;
  /** The clock of the reset links' expiry; tests move it. */
  now?: () => Date;
}

/** Reset emails one address may be sent, whoever asks and from wherever (ADR 024). */
export const RESET_REQUESTS_PER_EMAIL = { max: 3, windowMs: 15 * MINUTE };

const TOKEN_INVALID = 'Token is invalid or expired';
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
const TAGS = ['accounts'];

/**
 * /api/accounts/*: sign-up, sign-in, token refresh (rotation), logout, profile, owned cards,
 * preferences and spending entries. Nothing here logs a request body: passwords, tokens,
 * PAN, Aadhaar, phone numbers and emails stay out of the logs.
 */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, opts) => {
  const { db, config, store, categories } = opts;
  const repo = accountsRepository(db, config.encryptionKey);
  const sessions = sessionsService(db, config.jwtSecret);
  const owned = ownedCardsRepository(db);
  const describeUnoffered = (id: string) => store.describeUnoffered(id);
  const failures = failureThrottle(app, config.jwtSecret, opts.failureLimits ?? DEFAULT_FAILURE_LIMITS);
  warmPasswordChecks();
  const auth = { preValidation: requireUser };
  const resets = passwordResetService({
    db,
    repo,
    sessions,
    mailer: opts.mailer,
    fromAddress: config.mailFrom,
    baseUrl: () => config.publicBaseUrl ?? localBaseUrl(app.server, config.port),
    baseDomains: config.tenantBaseDomains,
    now: opts.now ?? (() => new Date()),
    log: app.log,
  });
  app.addHook('onClose', () => resets.settled());
  const resetRequestsPerEmail = accountRequestLimit(
    app,
    config.jwtSecret,
    'reset-request-acct',
    RESET_REQUESTS_PER_EMAIL,
  );
  // ---------------------------------------------------------------- sign-up, sign-in

  app.post(
    '/accounts/signup',
    {
      config: { rateLimit: routeLimit(20, 15 * MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Create an account (a user of this tenant) with its own referral code',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const tenant = { id: request.tenant.id, brandName: request.tenant.row.company_name };
      return reply.status(201).send(await signUp(repo, tenant, request.body));
    },
  );

  app.post(
    '/accounts/login',
    {
      config: { rateLimit: routeLimit(30, MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Sign in: a 15-minute access token and a rotating refresh token',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => logIn({ repo, sessions, failures }, request, reply, request.body),
  );

  app.post(
    '/accounts/token/refresh',
    {
      config: { rateLimit: routeLimit(60, MINUTE) },
      schema: {
        tags: TAGS,
        summary:
          'Exchange a refresh token for a new access token and a new refresh token (the old one is spent; the same exchange repeated within 30 s, before the new token is used, gets the same refresh token again; later, it ends the session)',
        body: tokenRefreshRequestSchema,
        response: { 200: tokenRefreshResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await sessions.rotate(request.tenant.id, request.body.refresh);
      if (!result.ok) {
        if (result.reason === 'reused') request.log.warn('refresh token reused: session revoked');
        throw new HttpError(401, TOKEN_INVALID, 'token_not_valid');
      }
      if (result.replayed) request.log.info('refresh exchange repeated within its grace period: same answer');
      return { access: result.tokens.access, refresh: result.tokens.refresh };
    },
  );

  app.post(
    '/accounts/logout',
    {
      schema: {
        tags: TAGS,
        summary:
          'End this session (and that of `refresh`); `everywhere: true` ends every session of the user',
        body: logoutRequestSchema,
        response: { 200: detailResponseSchema, ...errors },
      },
    },
    async (request) => logOut(sessions, request, request.body),
  );

  app.post(
    '/accounts/password/change',
    {
      ...auth,
      config: { rateLimit: routeLimit(10, 15 * MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Change the password; every other session of the user ends',
        body: changePasswordRequestSchema,
        response: { 200: detailResponseSchema, ...errors },
      },
    },
    async (request, reply) => changePassword({ repo, sessions, failures }, request, reply, request.body),
  );

  // ---------------------------------------------------------------- password reset (ADR 024)

  app.post(
    '/accounts/password-reset/request',
    {
      config: { rateLimit: routeLimit(10, 15 * MINUTE) },
      schema: {
        tags: TAGS,
        summary:
          'Email a single-use link (30 minutes) to reset the password; the same answer whether or not the email has an account',
        body: passwordResetRequestSchema,
        response: { 202: detailResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await resetRequestsPerEmail.hit(request, request.body.email, reply);
      await resets.request(request.tenant, request.body.email);
      return reply.status(202).send({ detail: PASSWORD_RESET_MESSAGES.requested });
    },
  );

  app.post(
    '/accounts/password-reset/confirm',
    {
      config: { rateLimit: routeLimit(20, 15 * MINUTE) },
      schema: {
        tags: TAGS,
        summary:
          "Set a new password with a reset link's token; the link is spent and every session of the user ends",
        body: passwordResetConfirmSchema,
        response: { 200: passwordResetConfirmResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => resets.confirm(request.tenant.id, request.body),
  );

  // ---------------------------------------------------------------- user and profile

  app.get(
    '/accounts/user',
    {
      ...auth,
      schema: { tags: TAGS, summary: 'The signed-in user', response: { 200: accountUserSchema, ...errors } },
    },
    async (request) => {
      const me = currentUser(request);
      const user = await repo.userById(me.tenantId, me.id);
      if (!user) throw notFound();
      return toAccountUser(user);
    },
  );

  const profileOf = async (tenantId: string, userId: string) => {
    const p = await repo.profile(tenantId, userId);
    if (!p) throw notFound('No profile.');
    return p;
  };

  app.get(
    '/accounts/profile',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Every profile field; Aadhaar only as its last 4 digits',
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return profileOf(me.tenantId, me.id);
    },
  );

  const profileUpdateRoute = {
    ...auth,
    schema: {
      tags: TAGS,
      summary: 'Partial update of the name and profile; read-only fields are refused',
      body: profileUpdateSchema,
      response: { 200: profileSchema, ...errors },
    },
  };
  for (const [method, url] of [
    ['PATCH', '/accounts/user/update'],
    ['PUT', '/accounts/user/update'],
    ['PATCH', '/accounts/profile'],
  ] as const) {
    app.route({
      method,
      url,
      ...profileUpdateRoute,
      handler: async (request) => {
        const me = currentUser(request);
        await updateProfile(repo, me, request.body);
        return profileOf(me.tenantId, me.id);
      },
    });
  }

  app.get(
    '/accounts/employment',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Employment and income',
        response: { 200: employmentSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const e = await repo.employment(me.tenantId, me.id);
      if (!e) throw notFound('No profile.');
      return e;
    },
  );

  // ---------------------------------------------------------------- contact, referrals, notifications

  app.post(
    '/accounts/contact',
    {
      // A message sent with a stale token must not be filed as an anonymous one.
      preHandler: rejectInvalidToken,
      config: { rateLimit: routeLimit(5, 10 * MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Store a contact-form message (signed in or not)',
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await repo.addContactMessage(request.tenant.id, request.user?.id ?? null, request.body);
      return reply
        .status(201)
        .send({ id, detail: 'Thank you for contacting us. We will get back to you soon.' });
    },
  );

  app.get(
    '/accounts/referred-users',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Users who signed up with my referral code (emails masked)',
        response: { 200: z.array(referredUserSchema), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return repo.referredUsers(me.tenantId, me.id);
    },
  );

  app.get(
    '/accounts/notifications',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My notifications, newest first',
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return repo.notifications(me.tenantId, me.id);
    },
  );

  app.post(
    '/accounts/notifications/:id/read',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Mark one of my notifications read',
        params: uuidParamsSchema,
        response: { 200: detailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!(await repo.markNotificationRead(me.tenantId, me.id, request.params.id))) throw notFound();
      return { detail: 'Marked as read.' };
    },
  );

  app.get(
    '/accounts/applications',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My card applications, one line each (as leads/my-applications)',
        response: { 200: applicationSummariesSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return listSummaries(db, { tenantId: me.tenantId, userId: me.id }, await store.view(request.tenant));
    },
  );

  // ---------------------------------------------------------------- owned cards

  app.get(
    '/accounts/my-cards',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My owned cards',
        response: { 200: z.array(ownedCardSchema), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return owned.list(me.tenantId, me.id, await store.view(request.tenant));
    },
  );

  app.post(
    '/accounts/my-cards',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Add a card I own (only the last 4 digits of its number)',
        body: addOwnedCardSchema,
        response: { 201: ownedCardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const view = await store.view(request.tenant);
      const { card_id, ...rest } = request.body;
      if (!view.byId.has(card_id))
        throw invalidField('card_id', `Unknown card '${card_id}'.`, 'unknown_card');
      try {
        return reply.status(201).send(await owned.add(me.tenantId, me.id, card_id, rest, view));
      } catch (e) {
        if (isUniqueViolation(e, 'owned_cards_user_card_uq')) {
          throw invalidField('card_id', 'This card is already in your cards.', 'duplicate');
        }
        throw e;
      }
    },
  );

  app.patch(
    '/accounts/my-cards/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Update one of my owned cards',
        params: uuidParamsSchema,
        body: updateOwnedCardSchema,
        response: { 200: ownedCardSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const view = await store.view(request.tenant);
      const row = await owned.update(me.tenantId, me.id, request.params.id, request.body, view);
      if (!row) throw notFound('No such card of yours.');
      return row;
    },
  );

  app.delete(
    '/accounts/my-cards/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Remove one of my owned cards',
        params: uuidParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (!(await owned.remove(me.tenantId, me.id, request.params.id)))
        throw notFound('No such card of yours.');
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- preferences and spending

  app.get(
    '/accounts/preferences',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My card preferences (defaults when never saved)',
        response: { 200: accountPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const saved = await repo.preferences(me.tenantId, me.id);
      if (!saved) return DEFAULT_PREFERENCES;
      const view = await store.view(request.tenant);
      return withUnofferedCards(saved, (id) => view.byId.has(id), describeUnoffered);
    },
  );

  app.put(
    '/accounts/preferences',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Save my card preferences; card ids must be in this tenant’s catalogue',
        description:
          'A card may be in only one of compareCards, excludeCards and ownedCards (400 naming the card and ' +
          'both lists). A card my account records as held counts as owned: sent to compare or exclude, it ' +
          'is dropped from that list and `warnings` says so. A card already saved that this site no longer ' +
          'offers (retired, or its bank not listed here) may be sent back as it was; `unofferedCards` names it.',
        body: accountPreferencesSchema,
        response: { 200: savedPreferencesResponseSchema, ...errors },
      },
    },
    async (request) =>
      savePreferences(
        { repo, owned, describeUnoffered },
        currentUser(request),
        await store.view(request.tenant),
        request.body,
      ),
  );

  app.get(
    '/accounts/spending-entries',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My saved spending entries, in order',
        response: { 200: z.array(accountSpendingEntryResponseSchema), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return repo.spendingEntries(me.tenantId, me.id);
    },
  );

  app.put(
    '/accounts/spending-entries',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Replace my spending entries (at most 200)',
        body: accountSpendingEntriesSchema,
        response: { 200: z.array(accountSpendingEntryResponseSchema), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      // Checked before anything is written: an entry the recommendation endpoint would refuse
      // must not be saved, or every later recommendation for this user would fail.
      const byId = await categories();
      for (const [i, entry] of request.body.entries()) resolveSpendingLevels(entry, `[${i}]`, byId);
      await repo.replaceSpendingEntries(me.tenantId, me.id, request.body);
      return repo.spendingEntries(me.tenantId, me.id);
    },
  );
};
