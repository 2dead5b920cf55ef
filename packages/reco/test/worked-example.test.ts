import { readFileSync } from 'node:fs';
import { instanceSchema } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateCombination, recommend } from '../src/index.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const inst = instanceSchema.parse(fixture('tiny-instance.json'));
const expected = fixture('tiny-expected.json') as {
  combinations: Record<string, number>;
  best: Record<string, number>;
};

describe('worked example (catalog-format.md)', () => {
  for (const [combo, value] of Object.entries(expected.combinations)) {
    it(`combination ${combo} is worth ${value}`, () => {
      const r = evaluateCombination(inst, combo.split(','));
      expect(r.savings).toBeCloseTo(value, 6);
      expect(r.group.group_savings).toBe(value);
    });
  }

  it('returns the best combination per n, sorted by savings', () => {
    const res = recommend(inst);
    expect(res.spend_level_winners.map((g) => [g.n, g.group_savings])).toEqual(
      Object.entries(expected.best)
        .map(([n, v]) => [Number(n), v])
        .sort((a, b) => (b[1] as number) - (a[1] as number)),
    );
    expect(res.spend_level_winners.map((g) => g.card_ids)).toEqual([
      ['a_swiggy', 'b_flat'],
      ['a_swiggy', 'b_flat', 'c_dining'],
      ['b_flat'],
    ]);
    expect(res.warnings).toBeUndefined();
  });

  it('explains the n=2 winner: A takes 5,000 of Swiggy to its cap, B the rest, waived, milestone reached', () => {
    const g = recommend(inst).spend_level_winners.find((w) => w.n === 2);
    expect(g?.spend_coverage).toBe(100);
    const swiggy = g?.group_details.find((d) => d.entry_id === 'swiggy');
    expect(swiggy?.spend_label).toBe('Swiggy');
    expect(swiggy?.amount).toBe(10000);
    expect(swiggy?.winning_cards).toEqual([
      {
        card_id: 'a_swiggy',
        amount_used: 5000,
        cashback_amount: 500,
        rule_breakdown: [{ rule_index: 1, amount: 5000, cashback: 500 }],
      },
      {
        card_id: 'b_flat',
        amount_used: 5000,
        cashback_amount: 100,
        rule_breakdown: [{ rule_index: 0, amount: 5000, cashback: 100 }],
      },
    ]);
    expect(g?.group_details.find((d) => d.entry_id === 'rent')?.amount).toBe(20000);
    expect(g?.card_outcomes).toEqual([
      {
        card_id: 'a_swiggy',
        owned: false,
        monthly_spend: 5000,
        rewards: 500,
        milestone_bonus: 0,
        fee_cost: 0,
        fee_waived: false,
        caps_reached: ['swiggy_cap'],
        milestones_reached: [],
      },
      {
        card_id: 'b_flat',
        owned: false,
        monthly_spend: 30000,
        rewards: 600,
        milestone_bonus: 100,
        fee_cost: 0,
        fee_waived: true,
        caps_reached: [],
        milestones_reached: [200000],
      },
    ]);
  });

  it('places spend earning nothing on C to reach its waiver when that pays', () => {
    const r = evaluateCombination(inst, ['c_dining']);
    const out = r.group.card_outcomes?.[0];
    expect(out?.fee_waived).toBe(true);
    expect(out?.monthly_spend).toBe(15000);
    expect(out?.caps_reached).toEqual(['wide']);
    // Rent is excluded by C: it must never be placed there.
    expect(r.group.group_details.find((d) => d.entry_id === 'rent')?.winning_cards).toEqual([]);
    expect(r.group.spend_coverage).toBeCloseTo((100 * 4000) / 35000, 2);
  });
});
