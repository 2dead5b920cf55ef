import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { type EngineCard, type Instance, instanceSchema } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { importCatalog } from '../src/features/catalog/import-catalog.ts';
import { enginePool } from '../src/features/recommendations/engine-pool.ts';
import { exposeCollector } from '../src/features/recommendations/engine-worker.ts';
import { describeIncomplete } from '../src/features/recommendations/recommend-cards.ts';
import { warmUpInstance } from '../src/features/recommendations/warm-up-engine.ts';
import { seedTenants } from '../src/features/tenants/seed-tenants.ts';
import { HttpError } from '../src/plumbing/errors.ts';
import { createTestDatabase, seedMiniCatalog, testConfig } from './support/test-app.ts';

/** A free card paying 2% on what `conditions` match. */
const flatCard = (conditions: EngineCard['rules'][number]['conditions']): EngineCard => ({
  id: 'flat',
  name: 'Flat',
  issuer: 'x',
  annual_fee: 0,
  fee_frequency: 'LIFETIME_FREE',
  fee_waiver_annual_spend: null,
  milestones: [],
  rules: [{ conditions, rate: 0.02, cap_groups: [] }],
  cap_groups: [],
});

/**
 * A real request on the demo catalogue that takes the engine far longer than a few seconds at
 * k = 10 (few entries and many near-equal fillers: see packages/reco/README.md, Status).
 */
function slowInstance(): Instance {
  const demo = JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8'));
  const entry = (
    id: string,
    amount: number,
    fields: Partial<Record<string, string>>,
    frequency = 'MONTHLY',
  ) => ({ id, label: id, amount, frequency, ...fields }) as Record<string, unknown>;
  return instanceSchema.parse({
    cards: demo.cards,
    entries: [
      entry('westside', 460, { mode: 'offline', platform_type: 'department_store', category: 'fashion' }),
      entry('kirana', 310, { mode: 'offline', platform_type: 'kirana', category: 'grocery' }),
      entry('jewellery', 640, { mode: 'offline', platform_type: 'jewellery_store', category: 'jewellery' }),
      entry('offline', 14_700, { mode: 'offline' }),
      entry(
        'abroad',
        67_710,
        { mode: 'international', platform_type: 'foreign_currency', category: 'international' },
        'QUARTERLY',
      ),
    ],
    ownedCards: ['amex_smartearn'],
    desiredCardCount: 10,
  });
}

describe('engine pool', () => {
  it('stops a run past its deadline with 503 recommendation_timeout, and keeps serving', async () => {
    const slow = enginePool({
      timeoutMs: 300,
      threads: 1,
      workerUrl: new URL('./fixtures/slow-engine-worker.ts', import.meta.url),
    });
    try {
      const started = Date.now();
      const err = await slow.run({} as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).statusCode).toBe(503);
      expect((err as HttpError).code).toBe('recommendation_timeout');
      expect((err as HttpError).detail).toMatch(/took longer than/);
      expect(Date.now() - started).toBeLessThan(15_000);
      // The stuck thread was replaced: the pool still answers (with the same deadline).
      const again = await slow.run({} as never).catch((e: unknown) => e);
      expect((again as HttpError).statusCode).toBe(503);
    } finally {
      await slow.close();
    }
  });

  it('a request that waited behind others for the whole budget is 503 engine_busy, not a timeout of its own', async () => {
    const slow = enginePool({
      timeoutMs: 300,
      threads: 1,
      workerUrl: new URL('./fixtures/slow-engine-worker.ts', import.meta.url),
    });
    try {
      const [stuck, queued] = await Promise.all([
        slow.run({} as never).catch((e: unknown) => e),
        slow.run({} as never).catch((e: unknown) => e),
      ]);
      expect((stuck as HttpError).code).toBe('recommendation_timeout');
      expect((queued as HttpError).statusCode).toBe(503);
      expect((queued as HttpError).code).toBe('engine_busy');
      expect((queued as HttpError).detail).toMatch(/busy right now/);
      expect((queued as HttpError).headers).toEqual({ 'retry-after': '5' });
    } finally {
      await slow.close();
    }
  });

  it('past its budget answers with the sizes it has proven, and says which are missing', async () => {
    const instance = slowInstance();
    const pool = enginePool({ timeoutMs: 1500, threads: 1 });
    try {
      const result = await pool.run(instance);
      const p = result.incomplete?.proven_up_to ?? 0;
      expect(result.incomplete?.requested).toBe(10);
      expect(p).toBeGreaterThanOrEqual(1);
      expect(p).toBeLessThan(10);
      expect(result.spend_level_winners.map((g) => g.n).sort((a, b) => a - b)).toEqual(
        Array.from({ length: p }, (_, i) => i + 1),
      );
    } finally {
      await pool.close();
    }
  });

  it('stops a run whose caller has gone away, without stopping its worker', async () => {
    const pool = enginePool({ timeoutMs: 60_000, threads: 1 });
    try {
      const gone = new AbortController();
      const started = Date.now();
      const run = pool.run(slowInstance(), gone.signal).catch((e: unknown) => e);
      setTimeout(() => gone.abort(), 300);
      const err = await run;
      expect((err as HttpError).code).toBe('request_cancelled');
      // Not the 60 s budget, and not the stuck-worker guard either: the engine stopped itself.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(pool.workers()).toBe(1);
      const quick = await pool.run({ ...slowInstance(), desiredCardCount: 1 });
      expect(quick.spend_level_winners).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('a client that gives up frees the engine for the next request at once', async () => {
    const database = await createTestDatabase('pglite');
    const demo: unknown = JSON.parse(
      readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8'),
    );
    const imported = await importCatalog(database.db, demo);
    if (!imported.ok) throw new Error('demo catalogue did not import');
    await seedTenants(database.db);
    // One worker and a long budget: without cancelling, the second request would queue
    // behind the first for up to 60 s.
    const app = await buildApp({
      config: testConfig({ RECO_THREADS: '1', RECO_WARMUP_RUNS: '0', RECO_TIMEOUT_MS: '60000' }),
      database,
      logger: false,
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const household = readFileSync(
        new URL('./fixtures/household-k10-request.json', import.meta.url),
        'utf8',
      );
      const post = (body: string, signal?: AbortSignal) =>
        fetch(`${url}/api/cards/recommend`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          ...(signal ? { signal } : {}),
        });
      const gone = new AbortController();
      const abandoned = post(household, gone.signal).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 500));
      gone.abort();
      expect(await abandoned).toBeInstanceOf(Error);
      const started = Date.now();
      const small = JSON.parse(household) as { spending: unknown[]; preferences: object };
      const res = await post(
        JSON.stringify({ spending: small.spending.slice(0, 3), preferences: { desiredCardCount: 1 } }),
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { spend_level_winners: unknown[] }).spend_level_winners).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it('words a cut-short answer for cardholders', () => {
    expect(describeIncomplete({ proven_up_to: 7, requested: 10 }).detail).toBe(
      'Proving the best combination of 8 to 10 new cards took too long, so it is not shown; ' +
        'the combinations of up to 7 cards are proven best. Ask for 7 or fewer cards, or narrow the cards to compare.',
    );
    expect(describeIncomplete({ proven_up_to: 1, requested: 2 }).detail).toBe(
      'Proving the best combination of 2 new cards took too long, so it is not shown; ' +
        'the best single card is proven best. Ask for 1 card, or narrow the cards to compare.',
    );
  });

  it('reaches V8’s collector, which the workers run between answers (ADR 013)', async () => {
    const collect = exposeCollector();
    expect(collect).toBeTypeOf('function');
    // Garbage in the young generation is gone after the call: it collects, it is no no-op.
    const young = () =>
      getHeapSpaceStatistics().find((x) => x.space_name === 'new_space')?.space_used_size ?? 0;
    for (let i = 0; i < 2_000; i++) new Array(100).fill(i);
    const before = young();
    collect?.({ type: 'minor' });
    expect(young()).toBeLessThan(before / 2);
  });

  it('runs the real engine in a worker thread', async () => {
    const pool = enginePool({ timeoutMs: 30_000, threads: 1 });
    try {
      const result = await pool.run({
        cards: [flatCard({})],
        entries: [
          {
            id: 'e',
            label: 'All',
            amount: 1000,
            frequency: 'MONTHLY',
            mode: null,
            platform_type: null,
            platform_name: null,
            category: null,
            sub_category: null,
            product: null,
            brand: null,
          },
        ],
        ownedCards: [],
        compareCards: [],
        excludeCards: [],
        desiredCardCount: 1,
      });
      expect(result.spend_level_winners[0]?.group_savings).toBe(20);
    } finally {
      await pool.close();
    }
  });

  it('starts every worker with the pool (the warm-up is per worker, so none may start later cold)', async () => {
    const pool = enginePool({ timeoutMs: 30_000, threads: 2 });
    try {
      expect(pool.workers()).toBe(2);
      const instance = warmUpInstance([flatCard({ category: ['fuel'] })]);
      const results = await Promise.all([1, 2, 3, 4].map(() => pool.run(instance)));
      expect(results.map((r) => r.spend_level_winners.length)).toEqual([1, 1, 1, 1]);
      expect(pool.workers()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('a listening server warms its engine on the catalogue and says so in /api/health', async () => {
    const database = await createTestDatabase('pglite');
    await seedMiniCatalog(database);
    const app = await buildApp({
      config: testConfig({ RECO_WARMUP_RUNS: '3', RECO_THREADS: '1' }),
      database,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const states: string[] = [];
      for (let i = 0; i < 300; i++) {
        const health = (await app.inject({ method: 'GET', url: '/api/health' })).json() as { engine: string };
        states.push(health.engine);
        if (health.engine === 'ready') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(states[0]).toMatch(/^(warming|ready)$/);
      expect(states.at(-1)).toBe('ready');
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it('the warm-up spending names what the catalogue rules name', () => {
    const card = (id: string, rules: { conditions: Record<string, string[]>; rate: number }[]) => ({
      id,
      name: id,
      issuer: 'x',
      annual_fee: 0,
      fee_frequency: 'LIFETIME_FREE' as const,
      fee_waiver_annual_spend: null,
      milestones: [],
      rules: rules.map((r) => ({ ...r, cap_groups: [] })),
      cap_groups: [],
    });
    const inst = warmUpInstance(
      [
        card('a', [{ conditions: { platform_name: ['swiggy', 'zomato'] }, rate: 0.1 }]),
        card('b', [
          { conditions: { category: ['fuel'] }, rate: 0.02 },
          { conditions: { platform_name: ['swiggy'] }, rate: 0.05 },
        ]),
      ],
      10,
    );
    expect(inst.entries.map((e) => [e.platform_name, e.category])).toEqual([
      ['swiggy', null],
      [null, 'fuel'],
    ]);
    expect(inst.desiredCardCount).toBe(3);
  });
});
