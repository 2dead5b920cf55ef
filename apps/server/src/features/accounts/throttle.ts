import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../../plumbing/client-address.ts';
import { sha256Hex } from '../../plumbing/crypto.ts';
import { HttpError } from '../../plumbing/errors.ts';

/**
 * Rate limits of the accounts routes (docs/decisions: rate limits).
 *
 * - Per IP, on every request to a sensitive route: @fastify/rate-limit's route config
 *   (`routeLimit`), counted before the body is even parsed.
 * - Per account and per IP, on failed sign-ins only: counters kept in the same
 *   @fastify/rate-limit store (`createRateLimit`), read before the password is checked and
 *   bumped after a failure. The account key is a hash of (tenant, lower-cased email), so an
 *   unknown email is throttled exactly like a known one and no email lands in a store key.
 *
 * "IP" is `clientAddress(request.ip)`: an IPv6 client counts by its /64, and behind a proxy
 * the address is the one TRUST_PROXY says the proxy saw.
 *
 * Both use the plugin's store: in memory per process by default; a shared store (Redis)
 * once the plugin is registered with one (app.ts).
 */

export const MINUTE = 60_000;

/** "in 40 seconds", "in 1 minute", "in 15 minutes": a person reads minutes, not 895 seconds. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `in ${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.ceil(s / 60);
  return `in ${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

/** 429 with the wait in words (the exact seconds are in the Retry-After header). */
export function throttled(seconds: number): HttpError {
  return new HttpError(429, `Too many requests. Please try again ${waitText(seconds)}.`, 'throttled');
}

/** Route config for a per-IP limit: `config: { rateLimit: routeLimit(20, MINUTE) }`. */
export function routeLimit(max: number, timeWindow: number) {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `ip:${clientAddress(request.ip)}`,
    errorResponseBuilder: (_request: FastifyRequest, ctx: { ttl: number }) => throttled(ctx.ttl / 1000),
  };
}

/**
 * Route config for a per-user limit on a signed-in route: counted after authentication (the
 * preHandler, behind `requireUser`), keyed by the user, so a person's allowance follows them
 * across addresses and a shared office address does not pool several people's.
 */
export function userRouteLimit(max: number, timeWindow: number) {
  const perIp = routeLimit(max, timeWindow);
  return {
    ...perIp,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : perIp.keyGenerator(request),
  };
}

export interface FailureLimits {
  perAccount: { max: number; windowMs: number };
  perIp: { max: number; windowMs: number };
}

export const DEFAULT_FAILURE_LIMITS: FailureLimits = {
  perAccount: { max: 5, windowMs: 15 * MINUTE },
  perIp: { max: 20, windowMs: 15 * MINUTE },
};

const accountKeys = new WeakMap<FastifyRequest, string>();

/**
 * Accounts whose failures the in-memory store remembers (an LRU; the plugin's default is
 * 5,000). Past it the least recently failed account is forgotten, lock and all, so failing
 * once on enough other emails would lift a victim's lock. 100,000 failures inside one
 * 15-minute window is more argon2 work than a process can do (about 30 ms each), at about
 * 28 MB when full. A Redis store has no such limit.
 */
export const ACCOUNT_FAILURE_KEYS = 100_000;

/** The key that signs known-device cookies: derived from the token secret, used for nothing else. */
export function deviceCookieKey(tokenSecret: Uint8Array): string {
  return createHmac('sha256', tokenSecret).update('cardwise known-device cookie v1').digest('hex');
}

/** How long a browser stays known to an account after its last sign-in there. */
const KNOWN_DEVICE_DAYS = 180;
const DEVICE_COOKIE_PREFIX = 'cw_dev_';

/**
 * The key that names an account in the failure counters and the known-device cookie's name:
 * derived from the token secret (HKDF, its own label), used for nothing else.
 */
export function accountHashKey(tokenSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', tokenSecret, '', 'cardwise account hash v1', 32));
}

/**
 * The key of an account's failures: a hash, so an unknown email counts like a known one. Keyed
 * (HMAC): the plain sha256 of tenant and email named the device cookie, so anyone who saw a
 * cookie jar (a shared computer, a browser profile backup, a support screenshot) could confirm a
 * guessed email offline, and the Redis keys could be read the same way.
 */
function accountHash(key: Buffer, request: FastifyRequest, account: string): string {
  return createHmac('sha256', key).update(`${request.tenant.id}\n${account.toLowerCase()}`).digest('hex');
}
const deviceCookieName = (hash: string) => `${DEVICE_COOKIE_PREFIX}${hash.slice(0, 16)}`;
/** The name the cookie had before it was keyed: removed at the next sign-in from that browser. */
const legacyDeviceCookieName = (request: FastifyRequest, account: string) =>
  deviceCookieName(sha256Hex(`${request.tenant.id}\n${account.toLowerCase()}`));

/**
 * Known devices (OWASP's device cookies): a browser that has signed in to an account gets a
 * signed cookie naming that account and a random device id (`trustDevice`). Its failed sign-ins
 * count against that device alone, and everyone else's against the account; so someone failing
 * five times on a victim's email locks out only the browsers that have never signed in to it, and
 * the victim signs in as usual from their own. The cookie's value names the account (checked
 * here), so a valid cookie of the attacker's own account does not pass for the victim's.
 */
function knownDevice(request: FastifyRequest, hash: string): string | undefined {
  const raw = request.cookies?.[deviceCookieName(hash)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const [forAccount, device] = unsigned.value.split('.');
  return forAccount === hash.slice(0, 16) && device && /^[0-9a-f]{32}$/.test(device) ? device : undefined;
}

export function failureThrottle(
  app: FastifyInstance,
  tokenSecret: Uint8Array,
  limits: FailureLimits = DEFAULT_FAILURE_LIMITS,
) {
  const hashKey = accountHashKey(tokenSecret);
  const perAccount = app.createRateLimit({
    max: limits.perAccount.max,
    timeWindow: limits.perAccount.windowMs,
    // Not in the plugin's types, but passed to its store (test/failure-throttle.test.ts).
    ...{ cache: ACCOUNT_FAILURE_KEYS },
    keyGenerator: (request) => accountKeys.get(request) ?? `acct:none:${clientAddress(request.ip)}`,
  });
  const perIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    keyGenerator: (request) => `login-fail-ip:${clientAddress(request.ip)}`,
  });

  return {
    /** Throws 429 (with Retry-After) when the account or the IP has used up its failures. */
    async check(request: FastifyRequest, account: string, reply: { header(k: string, v: string): unknown }) {
      const hash = accountHash(hashKey, request, account);
      const device = knownDevice(request, hash);
      accountKeys.set(request, device ? `login-fail-dev:${hash}:${device}` : `login-fail-acct:${hash}`);
      for (const limiter of [perAccount, perIp]) {
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0 && state.ttl > 0) {
          const seconds = Math.max(1, Math.ceil(state.ttl / 1000));
          reply.header('retry-after', String(seconds));
          throw throttled(seconds);
        }
      }
    },
    /** Count one failure for the account (or the known device) and the IP (call after `check`). */
    async fail(request: FastifyRequest) {
      await perAccount(request);
      await perIp(request);
    },
    /** After a sign-in: this browser is known to the account from now on (a new device id each time). */
    trustDevice(request: FastifyRequest, reply: FastifyReply, account: string) {
      const hash = accountHash(hashKey, request, account);
      const legacy = legacyDeviceCookieName(request, account);
      if (request.cookies?.[legacy] !== undefined) reply.clearCookie(legacy, { path: '/' });
      reply.setCookie(deviceCookieName(hash), `${hash.slice(0, 16)}.${randomBytes(16).toString('hex')}`, {
        signed: true,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: '/',
        maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
      });
    },
  };
}
export type FailureThrottle = ReturnType<typeof failureThrottle>;

const accountLimitKeys = new WeakMap<FastifyRequest, string>();

/**
 * A limit on requests naming an account (an email), counted on every request whether or not the
 * account exists: keyed by the same keyed hash as the failure counters (its own prefix), so the
 * 429 says nothing about the email and no email lands in a store key. The password-reset request
 * uses it, so one address cannot be sent a flood of reset emails from many client addresses.
 */
export function accountRequestLimit(
  app: FastifyInstance,
  tokenSecret: Uint8Array,
  name: string,
  limit: { max: number; windowMs: number },
) {
  const hashKey = accountHashKey(tokenSecret);
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    ...{ cache: ACCOUNT_FAILURE_KEYS },
    keyGenerator: (request) => accountLimitKeys.get(request) ?? `${name}:none:${clientAddress(request.ip)}`,
  });
  return {
    /** Counts this request for the account; throws 429 (with Retry-After) past the limit. */
    async hit(request: FastifyRequest, account: string, reply: { header(k: string, v: string): unknown }) {
      accountLimitKeys.set(request, `${name}:${accountHash(hashKey, request, account)}`);
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) {
        const seconds = Math.max(1, Math.ceil(state.ttl / 1000));
        reply.header('retry-after', String(seconds));
        throw throttled(seconds);
      }
    },
  };
}
