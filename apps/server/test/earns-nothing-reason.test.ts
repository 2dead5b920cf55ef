import { instanceSchema } from '@cardwise/contracts';
import { recommend } from '@cardwise/reco';
import { describe, expect, it } from 'vitest';
import { decorateResult } from '../src/features/recommendations/recommend-cards.ts';

/**
 * One card paying 10% on Swiggy up to ₹500 a month, its ₹1,000 fee waived at ₹1,20,000 a year, and
 * ₹12,000 a month of Swiggy: the engine places ₹10,000 of it on the card, ₹5,000 earning the cap and
 * ₹5,000 earning nothing but lifting the year's spend to the waiver. The reasons say so.
 */
function swiggyReasons(
  milestones: { annual_spend: number; bonus_inr: number }[],
  waiver: number | null,
  paysOn = 'swiggy',
  open = false,
) {
  const entry = {
    id: 'swiggy',
    label: 'Swiggy',
    amount: 12000,
    frequency: 'MONTHLY',
    mode: 'online',
    platform_type: 'food_delivery',
    platform_name: 'swiggy',
    category: open ? null : 'dining',
    sub_category: open ? null : 'food_delivery',
    product: open ? null : 'meals',
    brand: null,
    // Left open at the category: Swiggy could be dining or groceries (Instamart), ADR 019.
    ...(open ? { open: { category: ['dining', 'grocery'] } } : {}),
  };
  const instance = instanceSchema.parse({
    cards: [
      {
        id: 'a',
        name: 'A',
        issuer: 'a',
        annual_fee: 1000,
        fee_frequency: 'YEARLY',
        fee_waiver_annual_spend: waiver,
        milestones,
        rules: [{ conditions: { platform_name: [paysOn] }, rate: 0.1, cap_groups: ['swiggy_cap'] }],
        cap_groups: [{ id: 'swiggy_cap', monthly_cap_inr: 500 }],
      },
    ],
    entries: [entry],
    desiredCardCount: 1,
  });
  const answer = decorateResult(
    instance,
    recommend(instance),
    [{ entry: instance.entries[0] as (typeof instance.entries)[number], label: 'Swiggy' }],
    () => undefined,
  );
  const detail = answer.spend_level_winners[0]?.group_details[0];
  const placed = detail?.winning_cards[0];
  return { used: placed?.amount_used, reasons: placed?.reasons ?? [], detail, placed };
}

describe('the reason given for spend placed where it earns nothing', () => {
  it('names the fee waiver the card reaches with it', () => {
    const { used, reasons } = swiggyReasons([], 120000);
    expect(used).toBe(10000);
    expect(reasons).toContain(
      'Earns nothing here: its reward cap is used up; placed on this card so its yearly spend reaches its fee waiver',
    );
  });

  it('names a milestone bonus when that is what the spend reaches', () => {
    const { reasons } = swiggyReasons([{ annual_spend: 144000, bonus_inr: 1200 }], null);
    expect(reasons).toContain(
      'Earns nothing here: its reward cap is used up; placed on this card so its yearly spend reaches a milestone bonus',
    );
  });

  it('says no reward applies, not a cap, when the card pays nothing on that spend at all', () => {
    // The card pays on Zomato only: ₹10,000 of the Swiggy goes on it for the waiver alone.
    const { used, reasons } = swiggyReasons([], 120000, 'zomato');
    expect(used).toBe(10000);
    expect(reasons).toEqual([
      'Earns nothing here (no reward applies to this spend); placed on this card so its yearly spend reaches its fee waiver',
    ]);
  });

  it('says why the cap is used up when the spend names no category: it counts against every cap it could be under', () => {
    const { reasons, detail, placed } = swiggyReasons([], 120000, 'swiggy', true);
    // The web app's note on the rest says it too (category_open), with the way out, unless a card's
    // own line has said it (open_category_capped: the flag the web follows, not these words).
    expect(detail?.category_open).toBe(true);
    expect(detail?.capped_by).toEqual(['a']);
    expect(placed?.open_category_capped).toBe(true);
    const closed = swiggyReasons([], 120000);
    expect(closed.detail).not.toHaveProperty('category_open');
    expect(closed.placed).not.toHaveProperty('open_category_capped');
    // Open, but the card pays nothing on it at all: no cap is why, so no flag.
    expect(swiggyReasons([], 120000, 'zomato', true).placed).not.toHaveProperty('open_category_capped');
    expect(reasons).toContain(
      'Earns nothing here: its reward cap is used up, as a spend with no category chosen counts against the cap of every category it could be (choose one for an exact answer); placed on this card so its yearly spend reaches its fee waiver',
    );
  });
});
