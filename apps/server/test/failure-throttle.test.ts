import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureThrottle } from '../src/features/accounts/throttle.ts';

/**
 * The per-account failed sign-in counter is what bounds password guessing against one
 * account (per-IP limits do not, for anyone with many addresses). Its in-memory store is an
 * LRU; with the plugin's default of 5,000 keys, failing once each on 5,000 other emails (250
 * addresses at the per-IP limit of 20) pushed a locked account's counter out, and its
 * guessing started again at once.
 */
describe('failed sign-in counters', () => {
  const app = Fastify();
  const reply = { header: () => reply };
  const request = (ip: string) =>
    ({ ip, tenant: { id: 'cardwise' }, routeOptions: { config: {} } }) as unknown as FastifyRequest;
  let throttle: ReturnType<typeof failureThrottle>;

  beforeAll(async () => {
    await app.register(rateLimit, { global: false });
    await app.ready();
    throttle = failureThrottle(app);
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
