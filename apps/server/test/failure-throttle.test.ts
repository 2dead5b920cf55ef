import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureThrottle } from '../src/features/accounts/throttle.ts';
import { sha256Hex } from '../src/plumbing/crypto.ts';

/**
 * The per-account failed sign-in counter is what bounds password guessing against one
 * account (per-IP limits do not, for anyone with many addresses). Its in-memory store is an
 * LRU; with the plugin's default of 5,000 keys, failing once each on 5,000 other emails (250
 * addresses at the per-IP limit of 20) pushed a locked account's counter out, and its
 * guessing started again at once.
 */
const SECRET = new Uint8Array(32).fill(7);

describe('failed sign-in counters', () => {
  const app = Fastify();
  const reply = { header: () => reply };
  const request = (ip: string) =>
    ({ ip, tenant: { id: 'cardwise' }, routeOptions: { config: {} } }) as unknown as FastifyRequest;
  let throttle: ReturnType<typeof failureThrottle>;

  beforeAll(async () => {
    await app.register(rateLimit, { global: false });
    await app.ready();
    throttle = failureThrottle(app, SECRET);
  });
  afterAll(async () => {
    await app.close();
  });

  const failOnce = async (ip: string, email: string) => {
    const r = request(ip);
    await throttle.check(r, email, reply);
    await throttle.fail(r);
  };

  it('a locked account stays locked while others fail on thousands of other emails', async () => {
    const victim = 'victim@example.com';
    for (let i = 0; i < 5; i++) await failOnce('198.51.100.1', victim);
    await expect(throttle.check(request('198.51.100.2'), victim, reply)).rejects.toMatchObject({
      statusCode: 429,
    });
    // 6,000 other emails, 20 failures (the per-IP limit) from each of 300 addresses.
    for (let i = 0; i < 6000; i++) {
      const n = Math.floor(i / 20);
      await failOnce(`203.0.${n >> 8}.${n & 255}`, `other${i}@example.com`);
    }
    await expect(throttle.check(request('198.51.100.3'), victim, reply)).rejects.toMatchObject({
      statusCode: 429,
    });
  });
});

/**
 * The known-device cookie is named after the account. Named by the plain sha256 of tenant and
 * email, anyone who saw a cookie jar could confirm a guessed email offline.
 */
describe('the known-device cookie’s name', () => {
  const app = Fastify();
  const email = 'Meera.Iyer@example.com';
  const unkeyed = `cw_dev_${sha256Hex(`cardwise\n${email.toLowerCase()}`).slice(0, 16)}`;
  beforeAll(async () => {
    await app.register(rateLimit, { global: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const signIn = (secret: Uint8Array, account: string, cookies: Record<string, string> = {}) => {
    const set: string[] = [];
    const cleared: string[] = [];
    const reply = {
      setCookie: (name: string) => set.push(name),
      clearCookie: (name: string) => cleared.push(name),
    } as unknown as FastifyReply;
    const request = {
      ip: '198.51.100.9',
      protocol: 'http',
      cookies,
      tenant: { id: 'cardwise' },
      routeOptions: { config: {} },
    } as unknown as FastifyRequest;
    failureThrottle(app, secret).trustDevice(request, reply, account);
    return { name: set[0], cleared };
  };

  it('is keyed by the server secret, not the plain hash of tenant and email', () => {
    const { name } = signIn(SECRET, email);
    expect(name).toMatch(/^cw_dev_[0-9a-f]{16}$/);
    expect(name).not.toBe(unkeyed);
    // The same account gets the same name (the throttle finds its cookie), whatever the case.
    expect(signIn(SECRET, email.toUpperCase()).name).toBe(name);
    expect(signIn(SECRET, 'someone.else@example.com').name).not.toBe(name);
    // Another secret, another name: nothing outside the server can compute it.
    expect(signIn(new Uint8Array(32).fill(8), email).name).not.toBe(name);
  });

  it('removes a cookie of the old, unkeyed name at the next sign-in', () => {
    expect(signIn(SECRET, email, { [unkeyed]: 'old' }).cleared).toEqual([unkeyed]);
    expect(signIn(SECRET, email).cleared).toEqual([]);
  });
});
