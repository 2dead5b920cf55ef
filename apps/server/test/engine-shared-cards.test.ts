import { readFileSync } from 'node:fs';
import type { EngineCard, Instance } from '@cardwise/contracts';
import { recommend } from '@cardwise/reco';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema.ts';
import { catalogStore } from '../src/features/cards/catalog-store.ts';
import { enginePool } from '../src/features/recommendations/engine-pool.ts';
import runEngine, { fullInstance } from '../src/features/recommendations/engine-worker.ts';
import { warmUpEngine, warmUpInstance } from '../src/features/recommendations/warm-up-engine.ts';
import type { TenantRow } from '../src/features/tenants/tenants-repository.ts';
import type { RequestTenant } from '../src/plumbing/tenancy.ts';
import { createTestDatabase, DB_KINDS, seedMiniCatalog, useTestApp } from './support/test-app.ts';

/** ADR 021: the engine's workers keep a tenant's card list between requests, under its key. */

const demoCards = (): EngineCard[] =>
  JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8')).cards;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const flags = () => new SharedArrayBuffer(8);

describe('a worker’s shared card lists', () => {
  it('asks for a list it does not hold, keeps one it was sent, and adds the request’s own cards after it', () => {
    const list = demoCards().slice(0, 5);
    const extra = demoCards()[7] as EngineCard;
    const rest = { ...warmUpInstance(list, 2), cards: [extra] };
    expect(fullInstance({ instance: rest, shared: { key: 'test-a' } })).toBeUndefined();
    expect(fullInstance({ instance: rest, shared: { key: 'test-a', cards: list } })?.cards).toEqual([
      ...list,
      extra,
    ]);
    const held = fullInstance({ instance: { ...rest, cards: [] }, shared: { key: 'test-a' } });
    expect(held?.cards.map((c) => c.id)).toEqual(list.map((c) => c.id));
    // Sixteen newer lists push the least recently used one out.
    for (let i = 0; i < 16; i++)
      fullInstance({ instance: rest, shared: { key: `test-b${i}`, cards: [extra] } });
    expect(fullInstance({ instance: rest, shared: { key: 'test-a' } })).toBeUndefined();
    expect(fullInstance({ instance: rest, shared: { key: 'test-b15' } })?.cards).toEqual([extra, extra]);
  });

  it('answers from a held list as from the whole instance, and the engine never writes to it', () => {
    const list = deepFreeze(demoCards());
    const instance = warmUpInstance(list, 12, 3);
    const expected = recommend(structuredClone(instance));
    const first = runEngine({
      instance: { ...instance, cards: [] },
      shared: { key: 'test-frozen', cards: list },
      deadlineMs: 30_000,
      flags: flags(),
    });
    const again = runEngine({
      instance: { ...instance, cards: [] },
      shared: { key: 'test-frozen' },
      deadlineMs: 30_000,
      flags: flags(),
    });
    expect(first).toEqual({ result: expected });
    expect(again).toEqual({ result: expected });
  });
});

describe('the engine pool with a shared list', () => {
  const pool = enginePool({ timeoutMs: 30_000, threads: 2 });
  afterAll(() => pool.close());

  it('gives the answers of the whole instance on every worker, and a new key’s cards, not the old', async () => {
    const list = demoCards();
    const shared = { key: 'tenant-v1', cards: list };
    const instance: Instance = warmUpInstance(list, 12, 3);
    const expected = recommend(instance);
    // Four at once on two workers: each worker asks for the list once, then holds it.
    const answers = await Promise.all([1, 2, 3, 4].map(() => pool.run(instance, undefined, shared)));
    for (const a of answers) expect(a).toEqual(expected);

    // A held card of a bank the list lacks comes after the list.
    const [outside, ...tenant] = list as [EngineCard, ...EngineCard[]];
    const tenantShared = { key: 'tenant-v2', cards: tenant };
    const withOwned: Instance = { ...instance, cards: [...tenant, outside], ownedCards: [outside.id] };
    expect(await pool.run(withOwned, undefined, tenantShared)).toEqual(recommend(withOwned));

    // The same tenant after an import that retired its best card: a new key, the new cards.
    const best = expected.spend_level_winners.find((g) => g.n === 1)?.card_ids[0];
    const after = list.filter((c) => c.id !== best);
    const retired: Instance = { ...instance, cards: after };
    const answer = await pool.run(retired, undefined, { key: 'tenant-v3', cards: after });
    expect(answer).toEqual(recommend(retired));
    expect(answer.spend_level_winners.flatMap((g) => g.card_ids)).not.toContain(best);

    // Cards that are not the list's own objects are sent whole, never read from the list.
    const copies: Instance = { ...instance, cards: structuredClone(after) };
    expect(await pool.run(copies, undefined, shared)).toEqual(recommend(copies));
  });
});

describe('the engine’s warm-up', () => {
  it('leaves every worker holding the list it warmed on, so the first request finds it held', async () => {
    const single = enginePool({ timeoutMs: 30_000, threads: 1 });
    try {
      const list = { key: 'default-v1', cards: demoCards() };
      await warmUpEngine(single, list, 2);
      expect(single.listsSent()).toBe(1);
      const instance = warmUpInstance(list.cards, 12, 3);
      expect(await single.run(instance, undefined, list)).toEqual(recommend(instance));
      expect(single.listsSent()).toBe(1);
      // Another content, another key: sent once more.
      await single.run(instance, undefined, { key: 'default-v2', cards: list.cards });
      expect(single.listsSent()).toBe(2);
    } finally {
      await single.close();
    }
  });
});

describe('recommendations after the catalogue changes', () => {
  // Read again on every request, as after each import: every request brings a list the
  // workers have not seen.
  const t = useTestApp('pglite', { config: { CATALOG_CACHE_TTL_SECONDS: '0' } });

  it('never answers with a card the catalogue no longer offers', async () => {
    const payload = {
      spending: [
        {
          id: 'e1',
          amount: 10000,
          spending_mode: 'online',
          platform_type: 'online.food_delivery',
          platform_name: 'online.food_delivery.swiggy',
          frequency: 'MONTHLY',
        },
      ],
      preferences: { desiredCardCount: 1 },
    };
    const post = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/cards/recommend', payload })).json() as {
        spend_level_winners: { card_ids: string[] }[];
      };
    const before = (await post()).spend_level_winners[0]?.card_ids[0];
    expect(before).toBeDefined();
    expect((await post()).spend_level_winners[0]?.card_ids[0]).toBe(before);
    await t.database.db
      .update(cards)
      .set({ is_active: false })
      .where(eq(cards.id, before ?? ''));
    const after = (await post()).spend_level_winners[0]?.card_ids[0];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });
});

describe.each(DB_KINDS)('a tenant’s list key on %s', (kind) => {
  it('stays while the catalogue read again is unchanged, and changes with any card', async () => {
    const database = await createTestDatabase(kind);
    try {
      await seedMiniCatalog(database);
      // TTL 0: every view is a fresh read of the database, as after each 30 s under load.
      const store = catalogStore(database.db, 0);
      const tenant = (bankCodes: string[]): RequestTenant => ({
        id: bankCodes.join() || 'default',
        row: { id: 'default' } as TenantRow,
        bankCodes,
        brandColor: undefined,
      });
      const first = await store.engineCards(tenant([]));
      const again = await store.engineCards(tenant([]));
      expect(again.cards).not.toBe(first.cards);
      expect(again.key).toBe(first.key);
      // Another site's list (fewer banks) is other content, so another key.
      const sbiOnly = await store.engineCards(tenant(['sbi']));
      expect(sbiOnly.cards.length).toBeGreaterThan(0);
      expect(sbiOnly.cards.length).toBeLessThan(first.cards.length);
      expect(sbiOnly.key).not.toBe(first.key);

      const card = first.cards[0]!;
      await database.db
        .update(cards)
        .set({ annual_fee: card.annual_fee + 1 })
        .where(eq(cards.id, card.id));
      const feeChanged = await store.engineCards(tenant([]));
      expect(feeChanged.key).not.toBe(first.key);
      await database.db.update(cards).set({ annual_fee: card.annual_fee }).where(eq(cards.id, card.id));
      expect((await store.engineCards(tenant([]))).key).toBe(first.key);
      await database.db.update(cards).set({ is_active: false }).where(eq(cards.id, card.id));
      const retired = await store.engineCards(tenant([]));
      expect(retired.cards.map((c) => c.id)).not.toContain(card.id);
      expect(retired.key).not.toBe(first.key);
    } finally {
      await database.dispose();
    }
  });
});
