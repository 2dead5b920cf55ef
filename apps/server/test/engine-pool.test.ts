import { describe, expect, it } from 'vitest';
import { enginePool } from '../src/features/recommendations/engine-pool.ts';
import { HttpError } from '../src/plumbing/errors.ts';

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

  it('runs the real engine in a worker thread', async () => {
    const pool = enginePool({ timeoutMs: 30_000, threads: 1 });
    try {
      const result = await pool.run({
        cards: [
          {
            id: 'flat',
            name: 'Flat',
            issuer: 'x',
            annual_fee: 0,
            fee_frequency: 'LIFETIME_FREE',
            fee_waiver_annual_spend: null,
            milestones: [],
            rules: [{ conditions: {}, rate: 0.02, cap_groups: [] }],
            cap_groups: [],
          },
        ],
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
});
