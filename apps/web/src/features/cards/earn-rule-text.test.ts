import type { CapGroup, Rule } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { conditionPhrase, describeRules, nameFromIndex } from './earn-rule-text.ts';

const names = nameFromIndex(
  new Map([
    ['swiggy', 'Swiggy'],
    ['fuel', 'Fuel'],
    ['rent', 'Rent'],
    ['dining', 'Dining'],
    ['online', 'Online'],
  ]),
);

describe('earn rules in plain words', () => {
  const caps: CapGroup[] = [
    { id: 'swiggy', monthly_cap_inr: 1500 },
    { id: 'all', monthly_cap_inr: 3000 },
    { id: 'open', monthly_cap_inr: null },
  ];

  it('explains rates, caps and exclusions', () => {
    const rules: Rule[] = [
      { conditions: {}, rate: 0.01, cap_groups: ['open'] },
      { conditions: { platform_name: ['swiggy'] }, rate: 0.05, cap_groups: ['swiggy'] },
      { conditions: { category: ['dining'], mode: ['online'] }, rate: 0.02, cap_groups: ['all'] },
      { conditions: { category: ['fuel', 'rent'] }, excluded: true },
    ];
    expect(describeRules(rules, caps, names).map((l) => l.text)).toEqual([
      '5% on Swiggy, up to ₹1,500 a month',
      '2% on Dining (Online), up to ₹3,000 a month',
      '1% on everything else',
      'No rewards on Fuel, Rent',
    ]);
  });

  it("prefers a rule's note and says when a cap is shared", () => {
    const rules: Rule[] = [
      {
        conditions: { platform_name: ['swiggy'] },
        rate: 0.1,
        cap_groups: ['all'],
        note: '10% on the Swiggy app',
      },
      { conditions: { category: ['dining'] }, rate: 0.05, cap_groups: ['all'] },
    ];
    expect(describeRules(rules, caps, names).map((l) => l.text)).toEqual([
      '10% on the Swiggy app',
      '5% on Dining, up to ₹3,000 a month shared with other offers',
    ]);
  });

  it('shows one offer written as several rules once', () => {
    const note = '10 points per ₹100 on dining, groceries and departmental stores (2.5%)';
    const rules: Rule[] = [
      { conditions: {}, rate: 0.005, cap_groups: [] },
      { conditions: { category: ['dining', 'grocery'] }, rate: 0.025, cap_groups: ['all'], note },
      { conditions: { platform_type: ['department_store'] }, rate: 0.025, cap_groups: ['all'], note },
    ];
    expect(describeRules(rules, caps, names).map((l) => l.text)).toEqual([note, '0.5% on everything else']);
  });

  it('names unknown slugs readably and a lone base rule as all spends', () => {
    expect(conditionPhrase({ brand: ['big_basket'] }, names)).toBe('Big basket');
    expect(describeRules([{ conditions: {}, rate: 0.015, cap_groups: [] }], [], names)[0]?.text).toBe(
      '1.5% on all spends',
    );
  });
});
