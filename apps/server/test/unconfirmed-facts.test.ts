import { readFileSync } from 'node:fs';
import { type CatalogFile, catalogFileSchema } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { unconfirmedFacts } from '../src/features/recommendations/unconfirmed-facts.ts';

const catalog: CatalogFile = catalogFileSchema.parse(
  JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8')),
);
const NEW = { owned: false, feeless: false };
const HELD = { owned: true, feeless: false };
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

  it('leaves out the fee and its waiver of a card the user holds, whose fee is not counted', () => {
    expect(unconfirmedFacts(uncertainOf('indianoil_rbl_xtra'), HELD)).toEqual(['rules']);
    expect(unconfirmedFacts([{ field: 'annual_fee' }, { field: 'fee_waiver_annual_spend' }], HELD)).toEqual(
      [],
    );
  });

  it('leaves out the waiver of a card with no fee, unless the fee itself is unconfirmed', () => {
    const waiver = [{ field: 'fee_waiver_annual_spend' }, { field: 'rules' }];
    expect(unconfirmedFacts(waiver, { owned: false, feeless: true })).toEqual(['rules']);
    expect(unconfirmedFacts([...waiver, { field: 'annual_fee' }], { owned: false, feeless: true })).toEqual([
      'annual_fee',
      'fee_waiver_annual_spend',
      'rules',
    ]);
  });
});
