import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { authSessions, users } from '../features/accounts/accounts-schema.ts';
import { HttpError } from './errors.ts';

/**
 * Who is calling. Every /api request passes through `registerAuth`'s hook, which sets
 * `request.user` from a valid bearer access token, or to null. Public routes read it when
 * they care (`request.user?.id`); routes that need a user add the `requireUser` preHandler:
 *
 *   import { currentUser, requireUser } from '../../plumbing/auth.ts';
 *   app.get('/leads/my-applications', { preHandler: requireUser }, async (request) => {
 *     const user = currentUser(request); // { id, tenantId, email, name, sessionId }
 *     ... every query scoped by user.tenantId and user.id ...
 *   });
 *
 * A token is valid only if: its signature, audience, issuer and expiry check out; it is an
 * access token (`typ: 'access'`, so a refresh token or any other token is never one); it was
 * issued for this request's tenant; its session has not been revoked (logout, refresh-token
 * reuse, password change) and its user is active. The session check is one primary-key
 * join per authenticated request; it is what makes logout end access tokens at once.
 */

export interface AuthUser {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  /** The sign-in session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never reads `request.user` (a public catalogue answer): a bearer token is
     * then not verified at all and `request.user` stays null, so `requireUser` must not be
     * used with it. Saves a signature check and a session lookup per signed-in request.
     */
    skipAuth?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, or null (anonymous, or a token that was not valid). */
    user: AuthUser | null;
    /** Set when a bearer token was sent but was not valid: requireUser answers token_not_valid. */
    authTokenInvalid: boolean;
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ACCESS_TOKEN_AUDIENCE = 'cardwise-api';
const ISSUER = 'cardwise';
const ACCESS_TYP = 'access';

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const TOKEN_NOT_VALID = 'Given token not valid for any token type';

export interface AccessClaims {
  userId: string;
  tenantId: string;
  sessionId: string;
}

/** A 15-minute HS256 JWT: sub, tid (tenant), sid (session), typ 'access', aud, iss, iat, exp, jti. */
export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: ACCESS_TYP, tid: claims.tenantId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(crypto.randomUUID())
    .sign(secret);
}

/** The claims of a valid access token, or null (bad signature, expired, wrong audience or type). */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload.typ !== ACCESS_TYP) return null;
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.tid !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return null;
    }
    return { userId: payload.sub, tenantId: payload.tid, sessionId: payload.sid };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

/** The bearer token of a request, if any (`Authorization: Bearer <token>`). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

interface AuthOptions {
  db: Db;
  secret: Uint8Array;
}

/**
 * Optional authentication for every /api request (after tenancy, which it relies on).
 * Never rejects by itself: an anonymous or invalid caller just gets `request.user = null`.
 * Callback style: a request without a token (or to a `skipAuth` route) passes
 * synchronously, with no promise; only a token to check waits for the session lookup.
 */
export function registerAuth(app: FastifyInstance, opts: AuthOptions): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authTokenInvalid', false);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.tenant || !request.headers.authorization) return done();
    if (request.routeOptions.config.skipAuth === true) return done();
    const token = bearerToken(request);
    if (token === undefined) {
      request.authTokenInvalid = true;
      return done();
    }
    authenticate(opts, token, request.tenant.id).then(
      (user) => {
        request.user = user;
        request.authTokenInvalid = user === null;
        done();
      },
      (err: Error) => done(err),
    );
  });
}

async function authenticate(opts: AuthOptions, token: string, tenantId: string): Promise<AuthUser | null> {
  const claims = await verifyAccessToken(opts.secret, token);
  // A token of tenant X is useless on tenant Y.
  if (!claims || claims.tenantId !== tenantId) return null;
  if (!UUID.test(claims.userId) || !UUID.test(claims.sessionId)) return null;
  const rows = await opts.db
    .select({ id: users.id, email: users.email, name: users.full_name })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.user_id))
    .where(
      and(
        eq(authSessions.id, claims.sessionId),
        eq(authSessions.user_id, claims.userId),
        eq(authSessions.tenant_id, tenantId),
        isNull(authSessions.revoked_at),
        gt(authSessions.expires_at, new Date()),
        eq(users.tenant_id, tenantId),
        eq(users.is_active, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { id: row.id, tenantId, email: row.email, name: row.name, sessionId: claims.sessionId } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * preHandler for routes that need a signed-in user. 401 with
 * `{detail: 'Authentication credentials were not provided.', code: 'not_authenticated'}`
 * when no token was sent, `{detail: 'Given token not valid for any token type',
 * code: 'token_not_valid'}` when one was sent but is not valid (the web client then
 * refreshes and retries once).
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.user) return;
  await rejectInvalidToken(request, reply);
  reply.header('www-authenticate', 'Bearer realm="api"');
  throw new HttpError(401, NOT_AUTHENTICATED, 'not_authenticated');
}

/**
 * preHandler for routes anonymous callers may use: a token that was sent must still be valid.
 * An expired one is the 401 `token_not_valid` the web client refreshes on, never a silent
 * anonymous answer, which would leave out what the account holds (its owned cards in a
 * recommendation, its email on a referral).
 */
export async function rejectInvalidToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.authTokenInvalid) return;
  reply.header('www-authenticate', 'Bearer realm="api"');
  throw new HttpError(401, TOKEN_NOT_VALID, 'token_not_valid');
}

/** The signed-in user of a route guarded by `requireUser` (throws if used without it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, NOT_AUTHENTICATED, 'not_authenticated');
  return request.user;
}
