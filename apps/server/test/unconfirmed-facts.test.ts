import { readFileSync } from 'node:fs';
import { type CatalogFile, catalogFileSchema, UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { earningByCard, unconfirmedFacts } from '../src/features/recommendations/unconfirmed-facts.ts';

const catalog: CatalogFile = catalogFileSchema.parse(
  JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8')),
);
/** Spend under the given rules of the card, and something earned. */
const earnedUnder = (...rules: number[]) => ({ rules: new Set(rules), any: true });
/** Spend under every rule a demo card has (none has 20). */
const EVERY_RULE = earnedUnder(...Array.from({ length: 20 }, (_, i) => i));
const NOTHING = { rules: new Set<number>(), any: false };
const NEW = { owned: false, feeless: false, earning: EVERY_RULE };
const HELD = { owned: true, feeless: false, earning: EVERY_RULE };
const uncertainOf = (id: string) => catalog.cards.find((c) => c.id === id)?.uncertain ?? [];

describe('the facts a recommended card rests on that the catalogue could not confirm', () => {
  it('names those the figure is worked out from, in one order, each once', () => {
    // Its page marks the fee, the joining fee, the waiver, which spends earn nothing, the
    // network, the welcome bonus and lounge access: only the fee, waiver and rules move the figure.
    expect(unconfirmedFacts(uncertainOf('indianoil_rbl_xtra'), NEW)).toEqual([
      'annual_fee',
      'fee_waiver_annual_spend',
      'rules',
    ]);
    // Two notes on its rules and one on its caps (and one on the research as a whole).
    expect(unconfirmedFacts(uncertainOf('swiggy_hdfc'), NEW)).toEqual(['rules', 'cap_groups']);
  });

  it('says nothing for a card with no uncertain facts, or only ones the figure does not count', () => {
    expect(uncertainOf('sbi_cashback')).toEqual([]);
    expect(unconfirmedFacts(uncertainOf('sbi_cashback'), NEW)).toEqual([]);
    expect(
      unconfirmedFacts(
        [
          { field: 'lounge_access' },
          { field: 'eligibility' },
          { field: 'joining_fee' },
          { field: 'research' },
          { field: 'constructor' },
          { field: UNCOUNTED_RATES_FIELD },
        ],
        NEW,
      ),
    ).toEqual([]);
  });

  it('reads the card page’s other names for a fact and a note on one rule', () => {
    expect(
      unconfirmedFacts(
        [{ field: 'waiver_condition' }, { field: 'fee' }, { field: 'rules.2' }, { field: 'milestones' }],
        NEW,
      ),
    ).toEqual(['annual_fee', 'fee_waiver_annual_spend', 'rules', 'milestones']);
  });

  it('never speaks of a rate the figure leaves out, however much the card earned', () => {
    // HSBC Live+'s one note on its rates is about the base past the 10% cap, which we do not count;
    // Flipkart Axis's about a 4% on merchants it has no rule for.
    expect(uncertainOf('hsbc_live_plus').map((u) => u.field)).toEqual([UNCOUNTED_RATES_FIELD]);
    expect(unconfirmedFacts(uncertainOf('hsbc_live_plus'), NEW)).toEqual([]);
    expect(unconfirmedFacts(uncertainOf('flipkart_axis'), NEW)).toEqual([]);
  });

  it('counts a note on some rules only when the spend earned under one of them', () => {
    // Swiggy HDFC: its caps, its 1% base (rule 0) and its 5% online rules (2 and 3) are uncertain,
    // its 10% on Swiggy (rule 1) is not.
    const swiggy = uncertainOf('swiggy_hdfc');
    const on = (...rules: number[]) => unconfirmedFacts(swiggy, { ...NEW, earning: earnedUnder(...rules) });
    expect(on(1)).toEqual(['cap_groups']);
    expect(on(1, 3)).toEqual(['rules', 'cap_groups']);
    expect(on(0)).toEqual(['rules', 'cap_groups']);
    // A note naming several rules (`rules.1,3`) counts for any of them.
    const several = [{ field: 'rules.1,3' }];
    expect(unconfirmedFacts(several, { ...NEW, earning: earnedUnder(3) })).toEqual(['rules']);
    expect(unconfirmedFacts(several, { ...NEW, earning: earnedUnder(0, 2) })).toEqual([]);
  });

  it('counts a note on every rule whenever the card earned, and not when it earned nothing', () => {
    const whole = [{ field: 'rules' }];
    expect(unconfirmedFacts(whole, { ...NEW, earning: earnedUnder(4) })).toEqual(['rules']);
    expect(unconfirmedFacts(whole, { ...NEW, earning: NOTHING })).toEqual([]);
    // Spend held under an exclusion (for a fee waiver) earned nothing either.
    expect(unconfirmedFacts(whole, { ...NEW, earning: { rules: new Set([2]), any: false } })).toEqual([]);
    // A field that only looks like a rule's names none: not counted.
    expect(unconfirmedFacts([{ field: 'rules.x' }], NEW)).toEqual([]);
  });

  it('leaves out the fee and its waiver of a card the user holds, whose fee is not counted', () => {
    expect(unconfirmedFacts(uncertainOf('indianoil_rbl_xtra'), HELD)).toEqual(['rules']);
    expect(unconfirmedFacts([{ field: 'annual_fee' }, { field: 'fee_waiver_annual_spend' }], HELD)).toEqual(
      [],
    );
  });

  it('leaves out the waiver of a card with no fee, unless the fee itself is unconfirmed', () => {
    const waiver = [{ field: 'fee_waiver_annual_spend' }, { field: 'rules' }];
    const feeless = { owned: false, feeless: true, earning: EVERY_RULE };
    expect(unconfirmedFacts(waiver, feeless)).toEqual(['rules']);
    expect(unconfirmedFacts([...waiver, { field: 'annual_fee' }], feeless)).toEqual([
      'annual_fee',
      'fee_waiver_annual_spend',
      'rules',
    ]);
  });
});

describe('a point value the catalogue could not confirm', () => {
  const pointValue = [{ field: 'reward_point_value_inr' }];

  it('is named when the card earned points or reached a milestone bonus, not when it added nothing', () => {
    expect(unconfirmedFacts(pointValue, NEW)).toEqual(['reward_point_value_inr']);
    expect(unconfirmedFacts(pointValue, { ...NEW, earning: NOTHING, bonus: true })).toEqual([
      'reward_point_value_inr',
    ]);
    // Amex Platinum Travel compared alone on fuel it earns nothing on: "Adds nothing at your
    // spending" beside "Not confirmed: its point value" named a fact that moved nothing.
    expect(unconfirmedFacts(pointValue, { ...NEW, earning: NOTHING })).toEqual([]);
  });
});

describe('what each card of a combination earned', () => {
  it('gathers per card the rules that took spend across its spends, and whether it earned', () => {
    const earning = earningByCard([
      {
        winning_cards: [
          {
            card_id: 'a',
            rule_breakdown: [
              { rule_index: 1, amount: 5000, cashback: 500 },
              // Spend held earning nothing, under no rule.
              { rule_index: null, amount: 200, cashback: 0 },
            ],
          },
          { card_id: 'b', rule_breakdown: [{ rule_index: 2, amount: 3000, cashback: 0 }] },
        ],
      },
      { winning_cards: [{ card_id: 'a', rule_breakdown: [{ rule_index: 0, amount: 100, cashback: 1 }] }] },
    ]);
    expect(earning.get('a')).toEqual({ rules: new Set([0, 1]), any: true });
    expect(earning.get('b')).toEqual({ rules: new Set([2]), any: false });
    expect(earning.get('c')).toBeUndefined();
  });
});
