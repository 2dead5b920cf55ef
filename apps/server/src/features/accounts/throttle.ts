import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : `ip:${clientAddress(request.ip)}`,
    errorResponseBuilder: (_request: FastifyRequest, ctx: { ttl: number }) => throttled(ctx.ttl / 1000),
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

export function failureThrottle(app: FastifyInstance, limits: FailureLimits = DEFAULT_FAILURE_LIMITS) {
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
      accountKeys.set(
        request,
        `login-fail-acct:${sha256Hex(`${request.tenant.id}\n${account.toLowerCase()}`)}`,
      );
      for (const limiter of [perAccount, perIp]) {
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0 && state.ttl > 0) {
          const seconds = Math.max(1, Math.ceil(state.ttl / 1000));
          reply.header('retry-after', String(seconds));
          throw throttled(seconds);
        }
      }
    },
    /** Count one failure for the account and the IP (call after `check`). */
    async fail(request: FastifyRequest) {
      await perAccount(request);
      await perIp(request);
    },
  };
}
export type FailureThrottle = ReturnType<typeof failureThrottle>;
