import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, seedMiniCatalog, type TestDatabase, testConfig } from './support/test-app.ts';

/**
 * Several app processes behind a load balancer must share one limit. Against the machine's
 * Redis when TEST_REDIS_URL is set (CI sets it), like the PostgreSQL tests; without Redis,
 * each process counts on its own, and that is checked too.
 */
const STORES: [string, string | undefined][] = [['memory', undefined]];
if (process.env.TEST_REDIS_URL) STORES.push(['redis', process.env.TEST_REDIS_URL]);

const recommendTimes = async (a: FastifyInstance, b: FastifyInstance, n: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const app = i % 2 === 0 ? a : b;
    const res = await app.inject({ method: 'POST', url: '/api/cards/recommend', payload: { spending: [] } });
    statuses.push(res.statusCode);
  }
  return statuses;
};

describe.each(STORES)('rate limits across two app instances, %s store', (store, redisUrl) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedMiniCatalog(database);
    // A fresh key prefix: this run never sees another run's counters.
    const config = testConfig({
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      REDIS_KEY_PREFIX: `cardwise-test-${randomBytes(6).toString('hex')}:`,
    });
    a = await buildApp({ config, database, logger: false });
    b = await buildApp({ config, database, logger: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.dispose();
  });

  it(
    store === 'redis'
      ? 'counts requests to both instances against one limit'
      : 'counts each instance on its own (why several processes need REDIS_URL)',
    async () => {
      const statuses = await recommendTimes(a, b, 121);
      expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
      // 120 a minute per address: shared, the 121st is refused; apart, each saw only ~60.
      expect(statuses[120]).toBe(store === 'redis' ? 429 : 200);
    },
  );
});
