import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, seedMiniCatalog, type TestDatabase, testConfig } from './support/test-app.ts';

/**
 * Several app processes behind a load balancer must share one limit. Runs against the
 * machine's Redis when TEST_REDIS_URL is set (CI sets it), like the PostgreSQL tests.
 */
const REDIS_URLS = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(REDIS_URLS)('rate limits shared through Redis (%s)', (redisUrl) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedMiniCatalog(database);
    // A fresh key prefix: this run never sees another run's counters.
    const config = testConfig({
      REDIS_URL: redisUrl,
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

  it('counts requests to two app instances against one limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.inject({
        method: 'POST',
        url: '/api/cards/recommend',
        payload: { spending: [] },
      });
      statuses.push(res.statusCode);
    }
    // 120 a minute per address in all: each instance alone saw only ~60.
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
