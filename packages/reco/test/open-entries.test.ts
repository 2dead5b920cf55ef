import { type EngineCard, type EngineEntry, type InstanceInput, instanceSchema } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateCombination, excludedOpenSlugs, recommend } from '../src/index.ts';
import { loadHighs, oracleCombination } from './helpers/highs-oracle.ts';

/**
 * An entry left open at a level (ADR 018) against a card whose rules split that level between
 * them (ADR 019): a bill-payment app's entry that is a utility or a telecom bill, an Amazon entry
 * that is electronics or groceries.
 */
const BILL_APP: InstanceInput['entries'][number] = {
  id: 'bills',
  amount: 10000,
  mode: 'online',
  platform_type: 'bill_payment_app',
  open: { category: ['utilities', 'telecom'] },
};

const card = (
  rules: InstanceInput['cards'][number]['rules'],
  extra: Partial<InstanceInput['cards'][number]> = {},
) => ({
  id: 'c',
  name: 'C',
  issuer: 'x',
  annual_fee: 0,
  fee_frequency: 'LIFETIME_FREE' as const,
  rules,
  ...extra,
});

const savings = (cards: InstanceInput['cards'], entries: InstanceInput['entries'] = [BILL_APP]) =>
  evaluateCombination(instanceSchema.parse({ cards, entries }), ['c']).savings;

describe('entries left open, against rules that split the level (ADR 019)', () => {
  it('earns nothing, and counts toward no waiver, where two exclusions cover every path between them', () => {
    const rules = [
      { conditions: {}, rate: 0.01, cap_groups: [] },
      { conditions: { category: ['utilities'] }, excluded: true as const },
      { conditions: { category: ['telecom', 'fuel'] }, excluded: true as const },
    ];
    // The fee (₹1,200 a year, with GST ₹118 a month) is waived at ₹1,00,000 a year: the bills alone
    // would reach it if they counted.
    const fee = { annual_fee: 1200, fee_frequency: 'YEARLY' as const, fee_waiver_annual_spend: 100000 };
    expect(savings([card(rules, fee)])).toBeCloseTo(-118, 6);
    // One exclusion for utilities only: a telecom bill would earn, so the base rate applies (ADR 018).
    expect(savings([card(rules.slice(0, 2), fee)])).toBeCloseTo(100, 6);
  });

  it('earns the lowest of the paths’ best rates where different rules cover the paths', () => {
    const rules = [
      { conditions: { category: ['telecom', 'dining'] }, rate: 0.02, cap_groups: [] },
      { conditions: { category: ['utilities'] }, rate: 0.005, cap_groups: [] },
    ];
    expect(savings([card(rules)])).toBeCloseTo(50, 6);
    // Same rate on both paths through two rules: the full rate (SC Ultimate's split at Amazon).
    expect(savings([card([rules[0], { ...rules[1], rate: 0.02 }] as typeof rules)])).toBeCloseTo(200, 6);
    // A path no rule pays on: nothing beyond the rules that match every path (none here).
    expect(savings([card([rules[0]] as typeof rules)])).toBeCloseTo(0, 6);
  });

  it('keeps that rate under the caps of every rule that gives it, and beside the rules matching every path', () => {
    const rules = [
      { conditions: {}, rate: 0.002, cap_groups: [] },
      { conditions: { category: ['telecom'] }, rate: 0.03, cap_groups: ['t'] },
      { conditions: { category: ['utilities'] }, rate: 0.01, cap_groups: ['u'] },
    ];
    const caps = {
      cap_groups: [
        { id: 't', monthly_cap_inr: 500 },
        { id: 'u', monthly_cap_inr: 40 },
      ],
    };
    // 1% within the tighter cap (₹40 on ₹4,000), then 0.2% on the other ₹6,000: ₹52.
    expect(savings([card(rules, caps)])).toBeCloseTo(52, 6);
    // The caps are shared with entries whose category is known: beside a ₹4,000 utilities entry,
    // group 'u' still pays ₹40 in all, and the other ₹10,000 of the two entries earn 0.2%.
    const utilities = { id: 'u', amount: 4000, mode: 'online', category: 'utilities' } as const;
    expect(savings([card(rules, caps)], [BILL_APP, utilities])).toBeCloseTo(40 + 20, 6);
  });

  it('explains the rate by the rule of the path that earns least', () => {
    const rules = [
      { conditions: { category: ['telecom'] }, rate: 0.02, cap_groups: [], note: 'telecom' },
      { conditions: { category: ['utilities'] }, rate: 0.005, cap_groups: [], note: 'utilities' },
    ];
    const res = recommend(
      instanceSchema.parse({ cards: [card(rules)], entries: [BILL_APP], desiredCardCount: 1 }),
    );
    const winning = res.spend_level_winners[0]?.group_details[0]?.winning_cards[0];
    expect(winning?.cashback_amount).toBe(50);
    expect(winning?.rule_breakdown).toEqual([{ rule_index: 1, amount: 10000, cashback: 50 }]);
  });

  it('leaves an entry with more than 1,024 such paths to the rules that match every path', () => {
    const subs = Array.from({ length: 32 }, (_, i) => `s${i}`);
    const products = Array.from({ length: 16 }, (_, i) => `p${i}`);
    const rules = [
      { conditions: { category: ['telecom'], sub_category: subs }, rate: 0.02, cap_groups: [] },
      { conditions: { category: ['utilities'], product: products }, rate: 0.02, cap_groups: [] },
    ];
    const entry = (productCount: number): InstanceInput['entries'][number] => ({
      ...BILL_APP,
      open: {
        category: ['utilities', 'telecom'],
        sub_category: subs,
        product: products.slice(0, productCount),
      },
    });
    // 2 × 32 × 16 = 1,024 paths: both categories earn 2% whatever the sub category and product.
    expect(savings([card(rules)], [entry(16)])).toBeCloseTo(200, 6);
    // One product more would be 1,088 paths: not enumerated, and no rule matches every path.
    const more = [...products, 'p16'];
    const wide = [
      rules[0],
      { ...rules[1], conditions: { category: ['utilities'], product: more } },
    ] as typeof rules;
    expect(
      savings(
        [card(wide)],
        [{ ...entry(16), open: { category: ['utilities', 'telecom'], sub_category: subs, product: more } }],
      ),
    ).toBeCloseTo(0, 6);
  });

  it('names the slugs of an open level on which the card earns nothing whatever the rest of the path', () => {
    const named = (rules: InstanceInput['cards'][number]['rules'], entry = BILL_APP) => {
      const { cards, entries } = instanceSchema.parse({ cards: [card(rules)], entries: [entry] });
      return excludedOpenSlugs(cards[0] as EngineCard, entries[0] as EngineEntry, 'category');
    };
    const base = { conditions: {}, rate: 0.01, cap_groups: [] };
    expect(named([base, { conditions: { category: ['utilities'] }, excluded: true }])).toEqual(['utilities']);
    expect(
      named([
        base,
        { conditions: { category: ['utilities'] }, excluded: true },
        { conditions: { category: ['telecom'] }, excluded: true },
      ]),
    ).toEqual(['utilities', 'telecom']);
    // Excluded only on some sub categories of utilities: utilities as a whole still earns.
    expect(
      named([base, { conditions: { category: ['utilities'], sub_category: ['water'] }, excluded: true }], {
        ...BILL_APP,
        open: { category: ['utilities', 'telecom'], sub_category: ['water', 'electricity'] },
      }),
    ).toEqual([]);
    expect(
      named([base, { conditions: { category: ['utilities'] }, excluded: true }], {
        ...BILL_APP,
        open: undefined,
        category: 'utilities',
      }),
    ).toEqual([]);
  });

  it('agrees with the HiGHS oracle on these cases', async () => {
    const highs = await loadHighs();
    const rules = [
      { conditions: {}, rate: 0.002, cap_groups: [] },
      { conditions: { category: ['telecom'] }, rate: 0.03, cap_groups: ['t'] },
      { conditions: { category: ['utilities'] }, rate: 0.01, cap_groups: ['u'] },
      { conditions: { category: ['fuel'] }, excluded: true as const },
    ];
    const inst = instanceSchema.parse({
      cards: [
        card(rules, {
          cap_groups: [
            { id: 't', monthly_cap_inr: 500 },
            { id: 'u', monthly_cap_inr: 40 },
          ],
        }),
      ],
      entries: [
        BILL_APP,
        { id: 'u', amount: 2000, mode: 'online', category: 'utilities' },
        { id: 'f', amount: 3000, mode: 'offline', open: { category: ['fuel', 'utilities'] } },
      ],
    });
    // Group 'u' pays 1% on ₹4,000 in all, the other ₹8,000 of bills 0.2%; the entry that is fuel or
    // utilities has an excluded path, so only the rules matching both paths apply: the base rate.
    const want = 20 + 20 + 0.002 * 8000 + 0.002 * 3000;
    expect(oracleCombination(highs, inst, ['c'])).toBeCloseTo(want, 6);
    expect(evaluateCombination(inst, ['c']).savings).toBeCloseTo(want, 6);
  });
});
