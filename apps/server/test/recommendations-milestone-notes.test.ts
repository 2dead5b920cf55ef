import type { CatalogFileInput } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

/** The mini catalogue with a free card whose milestones are a voucher of one hotel group and one without a note. */
function withMilestones(): CatalogFileInput {
  const mini = structuredClone(MINI_CATALOG) as CatalogFileInput;
  const card = {
    id: 'milestone_test',
    name: 'Milestone Test Card',
    issuer: 'Axis Bank',
    bank: 'axis',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    reward_point_value_inr: null,
    reward_type: 'cashback',
    rules: [{ conditions: {}, rate: 0.01 }],
    milestones: [
      { annual_spend: 60000, bonus_inr: 1200 },
      { annual_spend: 120000, bonus_inr: 10000, note: 'A ₹10,000 Taj stay voucher at ₹1,20,000 a year' },
    ],
    sources: ['https://example.com/milestones'],
    as_of: '2026-11',
  };
  return { ...mini, cards: [...mini.cards, card as CatalogFileInput['cards'][number]] };
}

describe.each(DB_KINDS)('the milestones a plan counts, on %s', (kind) => {
  const t = useTestApp(kind, { catalog: withMilestones() });

  it('says in words what each reached milestone gives, null where the catalogue has no words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend/',
      payload: {
        spending: [
          {
            id: 'fuel',
            amount: 12000,
            spending_mode: 'offline',
            platform_type: 'offline.fuel_station',
            frequency: 'MONTHLY',
          },
        ],
        preferences: { desiredCardCount: 1, compareCards: ['milestone_test'] },
      },
    });
    expect(res.statusCode).toBe(200);
    const [best] = res.json().spend_level_winners as {
      card_outcomes: { card_id: string; milestones_reached: number[]; milestones_reached_notes: unknown[] }[];
    }[];
    const outcome = best?.card_outcomes.find((o) => o.card_id === 'milestone_test');
    expect(outcome?.milestones_reached).toEqual([60000, 120000]);
    expect(outcome?.milestones_reached_notes).toEqual([
      null,
      'A ₹10,000 Taj stay voucher at ₹1,20,000 a year',
    ]);
  });
});
