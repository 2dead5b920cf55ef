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

/**
 * IndianOil HDFC's shape (ADR 031): Fuel Points at ₹0.96 on IndianOil fuel and ₹0.20 anywhere else,
 * 5% (at ₹0.96) at IndianOil, on groceries and on bills, each capped in Fuel Points priced at
 * ₹0.96, and a milestone of 1,200 Fuel Points (₹1,152) at ₹24,000 a year. Free, so the
 * figures are its rewards alone.
 */
const FUEL_CARD = {
  id: 'fuel_test',
  name: 'Fuel Test Card',
  issuer: 'HDFC Bank',
  bank: 'hdfc',
  annual_fee: 0,
  fee_frequency: 'LIFETIME_FREE',
  reward_point_value_inr: 0.96,
  points_redeemable_only_on: 'indianoil',
  points_value_elsewhere_inr: 0.2,
  reward_type: 'points',
  rules: [
    {
      conditions: { platform_name: ['indianoil'], category: ['fuel'] },
      rate: 0.048,
      cap_groups: ['iocl'],
      note: '5% as Fuel Points at IndianOil, up to 150 Fuel Points a month',
    },
    {
      conditions: { category: ['grocery'] },
      rate: 0.048,
      cap_groups: ['grocery'],
      note: '5% as Fuel Points on groceries, up to 100 Fuel Points a month',
    },
    {
      conditions: { category: ['utilities'] },
      rate: 0.048,
      cap_groups: ['bills'],
      note: '5% as Fuel Points on bill payments, up to 100 Fuel Points a month',
    },
  ],
  cap_groups: [
    { id: 'iocl', monthly_cap_inr: 144, note: 'IndianOil: 150 Fuel Points a month (₹144)' },
    { id: 'grocery', monthly_cap_inr: 96, note: 'Groceries: 100 Fuel Points a month (₹96)' },
    { id: 'bills', monthly_cap_inr: 96, note: 'Bill payments: 100 Fuel Points a month (₹96)' },
  ],
  milestones: [{ annual_spend: 24000, bonus_inr: 1152 }],
  sources: ['https://example.com/indianoil'],
  as_of: '2026-11',
};

/** A supermarket (groceries) and a bill app (electricity), for a household that buys no fuel. */
const SUPERMARKET = {
  id: 'offline.supermarket',
  slug: 'supermarket',
  name: 'Supermarket',
  children: [
    {
      id: 'offline.supermarket.dmart',
      slug: 'dmart',
      name: 'DMart',
      children: [{ id: 'offline.supermarket.dmart.grocery', slug: 'grocery', name: 'Grocery' }],
    },
  ],
};
const BILL_APP = {
  id: 'online.bill_app',
  slug: 'bill_app',
  name: 'Bill app',
  children: [
    {
      id: 'online.bill_app.phonepe',
      slug: 'phonepe',
      name: 'PhonePe',
      children: [{ id: 'online.bill_app.phonepe.utilities', slug: 'utilities', name: 'Utilities' }],
    },
  ],
};

const groceries = (amount: number) => ({
  id: 'groceries',
  amount,
  spending_mode: 'offline',
  platform_type: 'offline.supermarket',
  platform_name: 'offline.supermarket.dmart',
  spending_category: 'offline.supermarket.dmart.grocery',
  frequency: 'MONTHLY',
});
const electricity = (amount: number) => ({
  id: 'electricity',
  amount,
  spending_mode: 'online',
  platform_type: 'online.bill_app',
  platform_name: 'online.bill_app.phonepe',
  spending_category: 'online.bill_app.phonepe.utilities',
  frequency: 'MONTHLY',
});
const indianOil = (amount: number) => ({
  id: 'indianoil',
  amount,
  spending_mode: 'offline',
  platform_type: 'offline.fuel_station',
  platform_name: 'offline.fuel_station.indianoil',
  spending_category: 'offline.fuel_station.indianoil.fuel',
  frequency: 'MONTHLY',
});

/** Every card of the test catalogue but the one asked about: its single-card answer is that card. */
const ALL_BUT = (id: string) =>
  ['hdfc_swiggy', 'sbi_cashback', 'axis_ace', 'axis_premium', 'hdfc_ltf', 'irctc_test', 'fuel_test'].filter(
    (c) => c !== id,
  );

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

/** The mini catalogue with the rail platform and the IRCTC card, a supermarket, a bill app and the fuel card. */
function withIrctc(): CatalogFileInput {
  const mini = structuredClone(MINI_CATALOG) as CatalogFileInput;
  const mode = (slug: string) => (mini.categories as CategoryNodeInput[]).find((c) => c.slug === slug);
  mode('online')?.children?.push(RAIL, BILL_APP);
  mode('offline')?.children?.push(SUPERMARKET);
  return {
    ...mini,
    cards: [...mini.cards, ...([IRCTC_CARD, FUEL_CARD] as CatalogFileInput['cards'])],
  };
}

describe.each(DB_KINDS)('a card whose points are spent only on one platform, on %s', (kind) => {
  const t = useTestApp(kind, { catalog: withIrctc() });
  const recommend = async (spending: unknown[], desiredCardCount = 1, excludeCards: string[] = []) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend/',
      payload: { spending, preferences: { desiredCardCount, excludeCards } },
    });
    expect(res.statusCode).toBe(200);
    return res.json().spend_level_winners as Group[];
  };

  it('counts nothing for its points when the user buys no tickets', async () => {
    // Counted at ₹1 a point anywhere, it won with 3% of ₹3,000 and its ₹500 a month of milestone
    // points (₹590). Ticket-only credit is worth nothing here: HDFC's free 0.5% (₹15) is best.
    // (Not the fuel card, whose IndianOil rate would win on this fuel: ADR 031's tests are below.)
    const groups = await recommend([fuel(3000)], 2, ['fuel_test']);
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
    expect(res.json().points_redeemable_only_on).toEqual({
      slugs: ['irctc'],
      name: 'IRCTC',
      spent_on: 'IRCTC bookings',
      named: true,
    });
    expect(res.json().points_value_elsewhere_inr).toBeNull();
    const exported = await exportCatalog(t.database.db);
    const card = exported.cards.find((c) => c.id === 'irctc_test');
    expect(card?.points_redeemable_only_on).toBe('irctc');
    expect(exported.cards.find((c) => c.id === 'hdfc_ltf')?.points_redeemable_only_on).toBeNull();
  });

  it('counts points worth less elsewhere at that value when the user spends nothing on the platform (ADR 031)', async () => {
    // Groceries ₹1,500 and electricity ₹1,000 a month, no IndianOil fuel: every Fuel Point is worth
    // ₹0.20, not ₹0.96. At 0.20/0.96 of its catalogue figures the card pays 1% of each spend and a
    // ₹240 milestone (₹20 a month): 15 + 10 + 20 = ₹45, where ₹0.96 a point made 72 + 48 + 96 = ₹216.
    const k = 0.2 / 0.96;
    const expected = 1500 * 0.048 * k + 1000 * 0.048 * k + (1152 * k) / 12;
    const [best] = await recommend([groceries(1500), electricity(1000)], 1, ALL_BUT('fuel_test'));
    expect(best?.card_ids).toEqual(['fuel_test']);
    expect(best?.group_savings).toBeCloseTo(expected, 6);
    expect(best?.group_savings).toBeCloseTo(45, 6);
    const outcome = best?.card_outcomes.find((o) => o.card_id === 'fuel_test');
    expect(outcome?.milestone_bonus).toBeCloseTo(20, 6);
    expect(best?.cards.find((c) => c.card_id === 'fuel_test')?.points_note).toBe(
      'Points are worth ₹0.96 on IndianOil fuel, where you have no spend, and ₹0.20 elsewhere: counted at ₹0.20 each',
    );
    // The rule's words price the points at ₹0.96: what they earn at ₹0.20 follows.
    const onGroceries = best?.group_details
      .find((d) => d.entry_id === 'groceries')
      ?.winning_cards.find((w) => w.card_id === 'fuel_test');
    expect(onGroceries?.cashback_amount).toBeCloseTo(15, 6);
    expect(onGroceries?.reasons).toEqual([
      '5% as Fuel Points on groceries, up to 100 Fuel Points a month; 1% at ₹0.20 a point',
    ]);
  });

  it('scales the caps to the value elsewhere too: 100 Fuel Points are ₹20 at ₹0.20', async () => {
    // ₹5,000 of groceries earn 1% = ₹50 at ₹0.20, held to 100 Fuel Points = ₹20 (not ₹96).
    const k = 0.2 / 0.96;
    const expected = Math.min(5000 * 0.048 * k, 96 * k) + 1000 * 0.048 * k + (1152 * k) / 12;
    const [best] = await recommend([groceries(5000), electricity(1000)], 1, ALL_BUT('fuel_test'));
    expect(best?.group_savings).toBeCloseTo(expected, 6);
    expect(best?.group_savings).toBeCloseTo(50, 6);
    const outcome = best?.card_outcomes.find((o) => o.card_id === 'fuel_test');
    expect(outcome?.caps_reached_notes).toEqual([
      'Groceries: 100 Fuel Points a month (₹96); ₹20 at ₹0.20 a point',
    ]);
  });

  it('with spend on the platform, counts the points at their value there up to that spend (ADR 029 bound)', async () => {
    // ₹100 of IndianOil fuel a month: the rules pay 4.80 + 96 (grocery cap) + 48 at ₹0.96, held
    // to ₹100 a month; the milestone's ₹1,152 counts up to 12 × 100 = ₹1,200 a year (₹96 a month).
    const [best] = await recommend(
      [indianOil(100), groceries(5000), electricity(1000)],
      1,
      ALL_BUT('fuel_test'),
    );
    expect(best?.card_ids).toEqual(['fuel_test']);
    expect(best?.group_savings).toBeCloseTo(196, 6);
    const outcome = best?.card_outcomes.find((o) => o.card_id === 'fuel_test');
    expect(outcome?.rewards).toBeCloseTo(100, 6);
    expect(outcome?.caps_reached_notes).toContain('Your IndianOil spend, ₹100 a month');
    expect(best?.cards.find((c) => c.card_id === 'fuel_test')?.points_note).toBe(
      'Points are worth ₹0.96 on IndianOil fuel, ₹0.20 elsewhere: counted up to your ₹100 a month there',
    );
    // Not scaled: the rule's own words stand.
    const onGroceries = best?.group_details
      .find((d) => d.entry_id === 'groceries')
      ?.winning_cards.find((w) => w.card_id === 'fuel_test');
    expect(onGroceries?.reasons).toEqual(['5% as Fuel Points on groceries, up to 100 Fuel Points a month']);
  });

  it('still counts points spendable on the platform alone as worth nothing without spend there', async () => {
    // The IRCTC card's 3% on everything would pay ₹75 here; without tickets it pays nothing.
    const [best] = await recommend([groceries(1500), electricity(1000)], 1, ALL_BUT('irctc_test'));
    expect(best?.group_savings).toBe(0);
  });

  it('gives the value elsewhere on the card page and exports it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cards/fuel_test/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reward_point_value_inr: 0.96,
      points_redeemable_only_on: {
        slugs: ['indianoil'],
        name: 'IndianOil',
        spent_on: 'IndianOil fuel',
        named: true,
      },
      points_value_elsewhere_inr: 0.2,
    });
    const exported = await exportCatalog(t.database.db);
    expect(exported.cards.find((c) => c.id === 'fuel_test')?.points_value_elsewhere_inr).toBe(0.2);
    expect(exported.cards.find((c) => c.id === 'irctc_test')?.points_value_elsewhere_inr).toBeNull();
    // What the export wrote imports again as it was.
    const again = await importCatalog(t.database.db, exported);
    expect(again.ok).toBe(true);
    const reexported = await exportCatalog(t.database.db);
    expect(reexported.cards.find((c) => c.id === 'fuel_test')?.points_value_elsewhere_inr).toBe(0.2);
  });

  it('refuses on import a value elsewhere as high as the one on the platform', async () => {
    const res = await importCatalog(t.database.db, {
      cards: [{ ...FUEL_CARD, id: 'equal_test', points_value_elsewhere_inr: 0.96 }],
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors).toContainEqual({
      path: 'cards[0].points_value_elsewhere_inr',
      message:
        'points_value_elsewhere_inr (0.96) must be below reward_point_value_inr (0.96): points worth as much elsewhere are not bound to one platform',
    });
  });

  it('refuses on import a platform the taxonomy does not have', async () => {
    const res = await importCatalog(t.database.db, {
      cards: [{ ...IRCTC_CARD, id: 'nowhere_test', points_redeemable_only_on: 'nowhere' }],
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors).toContainEqual({
      path: 'cards[0].points_redeemable_only_on',
      message:
        "no platform name or platform type in the category tree is 'nowhere', so no spend could ever be there",
    });
  });
});

/**
 * A card whose points can be spent within a group of places (ADR 033): IRCTC (a platform name), any
 * hotel site (a platform type) and HotelSite again by name, in its own words. 3% on everything at ₹1
 * a point, free, with ₹6,000 of points at ₹24,000 a year (IRCTC_CARD's shape).
 */
const GROUP_CARD = {
  ...IRCTC_CARD,
  id: 'group_test',
  name: 'Group Test Card',
  points_redeemable_only_on: ['irctc', 'hotels', 'hotelsite'],
  points_redeemable_only_on_words: 'train tickets and hotel stays',
  rules: [{ conditions: {}, rate: 0.03, note: '3% on everything' }],
};
/** Bound to two platforms without words of its own: the taxonomy's names say where. */
const NAMES_CARD = {
  ...GROUP_CARD,
  id: 'names_test',
  name: 'Names Test Card',
  points_redeemable_only_on: ['irctc', 'swiggy'],
  points_redeemable_only_on_words: undefined,
};
const HOTELS = {
  id: 'online.hotels',
  slug: 'hotels',
  name: 'Hotels',
  children: ['hotelsite', 'stayco'].map((slug) => ({
    id: `online.hotels.${slug}`,
    slug,
    name: slug === 'hotelsite' ? 'HotelSite' : 'StayCo',
    children: [{ id: `online.hotels.${slug}.stay`, slug: 'stay', name: 'Stay' }],
  })),
};
/** A hotel stay, on HotelSite or (left open) on any hotel site. */
const hotel = (amount: number, named = true) => ({
  id: named ? 'hotel' : 'any_hotel',
  amount,
  spending_mode: 'online',
  platform_type: 'online.hotels',
  ...(named
    ? { platform_name: 'online.hotels.hotelsite', spending_category: 'online.hotels.hotelsite.stay' }
    : {}),
  frequency: 'MONTHLY',
});

function withGroup(): CatalogFileInput {
  const file = withIrctc();
  (file.categories as CategoryNodeInput[]).find((c) => c.slug === 'online')?.children?.push(HOTELS);
  return { ...file, cards: [...file.cards, ...([GROUP_CARD, NAMES_CARD] as CatalogFileInput['cards'])] };
}

const OTHERS_THAN_GROUP = [...ALL_BUT('group_test'), 'names_test'];

describe.each(DB_KINDS)(
  'a card whose points are spent only within a group of places (ADR 033), on %s',
  (kind) => {
    const t = useTestApp(kind, { catalog: withGroup() });
    const recommend = async (spending: unknown[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cards/recommend/',
        payload: { spending, preferences: { desiredCardCount: 1, excludeCards: OTHERS_THAN_GROUP } },
      });
      expect(res.statusCode).toBe(200);
      const [best] = res.json().spend_level_winners as Group[];
      return best;
    };

    it('counts its rewards up to the sum of the user’s spend on its places, each entry once', async () => {
      // ₹100 of tickets and ₹150 at HotelSite (its type and its name both listed: counted once) make
      // ₹250 a month: 3% of ₹10,250 (₹307.50) is held to ₹250, and the ₹6,000 milestone counts up to
      // 12 × 250 = ₹3,000 a year (₹250 a month). ₹500 in all.
      const best = await recommend([fuel(10000), tickets(100), hotel(150)]);
      expect(best?.card_ids).toEqual(['group_test']);
      expect(best?.group_savings).toBeCloseTo(500, 6);
      const outcome = best?.card_outcomes.find((o) => o.card_id === 'group_test');
      expect(outcome?.rewards).toBeCloseTo(250, 6);
      expect(outcome?.caps_reached_notes).toEqual([
        'Your spend on train tickets and hotel stays, ₹250 a month',
      ]);
      expect(best?.cards.find((c) => c.card_id === 'group_test')?.points_note).toBe(
        'Points are worth ₹1 only on train tickets and hotel stays: counted up to your ₹250 a month there',
      );
    });

    it('counts an entry by its platform type, even with the platform left open', async () => {
      // ₹200 a month on "any hotel site": the type is listed, so X = 200; ₹200 + ₹200 of milestone.
      const best = await recommend([fuel(10000), hotel(200, false)]);
      expect(best?.group_savings).toBeCloseTo(400, 6);
      expect(best?.card_outcomes.find((o) => o.card_id === 'group_test')?.rewards).toBeCloseTo(200, 6);
    });

    it('counts nothing for a household that spends nowhere its points can be spent', async () => {
      // 3% of ₹10,000 and a ₹500-a-month milestone, were the points cash: ₹800 a month.
      const best = await recommend([fuel(10000)]);
      expect(best?.group_savings).toBe(0);
      for (const o of best?.card_outcomes ?? []) {
        expect(o.rewards).toBe(0);
        expect(o.milestone_bonus).toBe(0);
      }
      expect(best?.cards.find((c) => c.card_id === 'group_test')?.points_note).toBe(
        'Points are worth ₹1 only on train tickets and hotel stays, where you have no spend: counted as worth nothing',
      );
    });

    it('says where on the card page: its own words, or the places’ names listed', async () => {
      const group = await t.app.inject({ method: 'GET', url: '/api/cards/group_test/' });
      expect(group.json().points_redeemable_only_on).toEqual({
        slugs: ['irctc', 'hotels', 'hotelsite'],
        name: 'train tickets and hotel stays',
        spent_on: 'train tickets and hotel stays',
        named: false,
      });
      const names = await t.app.inject({ method: 'GET', url: '/api/cards/names_test/' });
      expect(names.json().points_redeemable_only_on).toEqual({
        slugs: ['irctc', 'swiggy'],
        name: 'IRCTC and Swiggy',
        spent_on: 'IRCTC and Swiggy',
        named: false,
      });
    });

    it('exports one place as its slug and several as a list, and imports them again as they were', async () => {
      const exported = await exportCatalog(t.database.db);
      const card = (id: string) => exported.cards.find((c) => c.id === id);
      expect(card('irctc_test')?.points_redeemable_only_on).toBe('irctc');
      expect(card('irctc_test')?.points_redeemable_only_on_words).toBeNull();
      expect(card('group_test')?.points_redeemable_only_on).toEqual(['irctc', 'hotels', 'hotelsite']);
      expect(card('group_test')?.points_redeemable_only_on_words).toBe('train tickets and hotel stays');
      expect((await importCatalog(t.database.db, exported)).ok).toBe(true);
      expect(await exportCatalog(t.database.db)).toEqual(exported);
    });

    it('refuses on import a place of the list the taxonomy does not have, by its index', async () => {
      const res = await importCatalog(t.database.db, {
        cards: [{ ...GROUP_CARD, id: 'nowhere_test', points_redeemable_only_on: ['irctc', 'nowhere'] }],
      });
      expect(res.ok).toBe(false);
      if (res.ok) return;
      expect(res.errors).toEqual([
        {
          path: 'cards[0].points_redeemable_only_on[1]',
          message:
            "no platform name or platform type in the category tree is 'nowhere', so no spend could ever be there",
        },
      ]);
    });

    it('takes a platform type alone, the taxonomy stored rather than in the file', async () => {
      const res = await importCatalog(t.database.db, {
        cards: [{ ...GROUP_CARD, id: 'type_test', points_redeemable_only_on: 'hotels' }],
      });
      expect(res.ok).toBe(true);
      const exported = await exportCatalog(t.database.db);
      expect(exported.cards.find((c) => c.id === 'type_test')?.points_redeemable_only_on).toBe('hotels');
    });
  },
);
