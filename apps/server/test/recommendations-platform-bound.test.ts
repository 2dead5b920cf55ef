import type { CatalogFileInput, CategoryNodeInput } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { exportCatalog } from '../src/features/catalog/export-catalog.ts';
import { importCatalog } from '../src/features/catalog/import-catalog.ts';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

/**
 * A card whose points can only be spent on IRCTC tickets (ADR 029), beside the mini catalogue:
 * 3% on everything and 10% on IRCTC tickets at ₹1 a point, free, with ₹6,000 of points at
 * ₹24,000 a year.
 */
const IRCTC_CARD = {
  id: 'irctc_test',
  name: 'IRCTC Test Card',
  issuer: 'SBI Card',
  bank: 'sbi',
  annual_fee: 0,
  fee_frequency: 'LIFETIME_FREE',
  reward_point_value_inr: 1,
  reward_type: 'points',
  points_redeemable_only_on: 'irctc',
  rules: [
    { conditions: {}, rate: 0.03, note: '3% on everything (at ₹1 a point on IRCTC)' },
    {
      conditions: { platform_name: ['irctc'], category: ['travel'] },
      rate: 0.1,
      note: '10% on IRCTC tickets',
    },
  ],
  milestones: [{ annual_spend: 24000, bonus_inr: 6000 }],
  sources: ['https://example.com/irctc'],
  as_of: '2026-11',
};

const RAIL = {
  id: 'online.rail',
  slug: 'rail',
  name: 'Rail',
  children: [
    {
      id: 'online.rail.irctc',
      slug: 'irctc',
      name: 'IRCTC',
      children: [{ id: 'online.rail.irctc.travel', slug: 'travel', name: 'Travel' }],
    },
  ],
};

const fuel = (amount: number) => ({
  id: 'fuel',
  amount,
  spending_mode: 'offline',
  platform_type: 'offline.fuel_station',
  frequency: 'MONTHLY',
});
const tickets = (amount: number, frequency = 'MONTHLY') => ({
  id: 'tickets',
  amount,
  spending_mode: 'online',
  platform_type: 'online.rail',
  platform_name: 'online.rail.irctc',
  spending_category: 'online.rail.irctc.travel',
  frequency,
});

interface Group {
  n: number;
  card_ids: string[];
  group_savings: number;
  cards: { card_id: string; points_note?: string }[];
  card_outcomes: {
    card_id: string;
    rewards: number;
    milestone_bonus: number;
    caps_reached_notes: string[];
  }[];
  group_details: {
    entry_id: string;
    winning_cards: { card_id: string; cashback_amount: number; reasons: string[] }[];
  }[];
}

/** The mini catalogue with the rail platform and the IRCTC card. */
function withIrctc(): CatalogFileInput {
  const mini = structuredClone(MINI_CATALOG) as CatalogFileInput;
  const online = (mini.categories as CategoryNodeInput[]).find((c) => c.slug === 'online');
  online?.children?.push(RAIL);
  return { ...mini, cards: [...mini.cards, IRCTC_CARD as CatalogFileInput['cards'][number]] };
}

describe.each(DB_KINDS)('a card whose points are spent only on one platform, on %s', (kind) => {
  const t = useTestApp(kind, { catalog: withIrctc() });
  const recommend = async (spending: unknown[], desiredCardCount = 1) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend/',
      payload: { spending, preferences: { desiredCardCount } },
    });
    expect(res.statusCode).toBe(200);
    return res.json().spend_level_winners as Group[];
  };

  it('counts nothing for its points when the user buys no tickets', async () => {
    // Counted at ₹1 a point anywhere, it won with 3% of ₹3,000 and its ₹500 a month of milestone
    // points (₹590). Ticket-only credit is worth nothing here: HDFC's free 0.5% (₹15) is best.
    const groups = await recommend([fuel(3000)], 2);
    const single = groups.find((g) => g.n === 1);
    expect(single?.card_ids).toEqual(['hdfc_ltf']);
    expect(single?.group_savings).toBe(15);
    for (const g of groups) {
      for (const o of g.card_outcomes.filter((o) => o.card_id === 'irctc_test')) {
        expect(o.rewards).toBe(0);
        expect(o.milestone_bonus).toBe(0);
      }
    }
  });

  it('counts its rewards and milestones up to the user’s own spend on tickets', async () => {
    // ₹200 of tickets a month: its rules pay 10% of 200 + 3% of fuel, capped at ₹200 a month; the
    // milestone's ₹6,000 counts up to 12 × 200 = ₹2,400 a year (₹200 a month). ₹400 in all, where
    // the catalogue's own figures made 20 + 300 + 500 = ₹820.
    const [best] = await recommend([fuel(10000), tickets(200)]);
    expect(best?.card_ids).toEqual(['irctc_test']);
    expect(best?.group_savings).toBe(400);
    const outcome = best?.card_outcomes.find((o) => o.card_id === 'irctc_test');
    expect(outcome).toMatchObject({ rewards: 200, milestone_bonus: 200 });
    const words = 'Points are worth ₹1 only on IRCTC bookings: counted up to your ₹200 a month there';
    expect(outcome?.caps_reached_notes).toEqual(['Your IRCTC spend, ₹200 a month']);
    // Said once, on the card, not again under each spend it takes.
    expect(best?.cards.find((c) => c.card_id === 'irctc_test')?.points_note).toBe(words);
    const onFuel = best?.group_details
      .find((d) => d.entry_id === 'fuel')
      ?.winning_cards.find((w) => w.card_id === 'irctc_test');
    expect(onFuel?.reasons).not.toContain(words);
  });

  it('reads the platform spend as a monthly amount', async () => {
    // ₹2,400 of tickets a year is ₹200 a month: the same answer as above.
    const [best] = await recommend([fuel(10000), tickets(2400, 'YEARLY')]);
    expect(best?.group_savings).toBe(400);
  });

  it('shows the platform on the card page and exports the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cards/irctc_test/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().points_redeemable_only_on).toEqual({ slug: 'irctc', name: 'IRCTC' });
    const exported = await exportCatalog(t.database.db);
    const card = exported.cards.find((c) => c.id === 'irctc_test');
    expect(card?.points_redeemable_only_on).toBe('irctc');
    expect(exported.cards.find((c) => c.id === 'hdfc_ltf')?.points_redeemable_only_on).toBeNull();
  });

  it('refuses on import a platform the taxonomy does not have', async () => {
    const res = await importCatalog(t.database.db, {
      cards: [{ ...IRCTC_CARD, id: 'nowhere_test', points_redeemable_only_on: 'nowhere' }],
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors).toContainEqual({
      path: 'cards[0].points_redeemable_only_on',
      message: "no platform name in the category tree is 'nowhere', so no spend could ever be there",
    });
  });
});
