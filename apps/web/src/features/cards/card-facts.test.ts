import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldLabel, forexMarkupText, milestoneText, uncertainNotes } from './card-facts.ts';

// The catalogue the product ships, read as a file: every field its research marks uncertain is
// shown on the card page as "Not confirmed: <label>: <note>".
const demo = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../server/seed/demo-catalog.json'), 'utf8'),
) as { cards: { uncertain: { field: string }[] }[] };

describe('fieldLabel', () => {
  it('has a label of its own for every field the shipped catalogue marks uncertain', () => {
    // A field without one is shown as its slug made readable: 'Is active', 'As of'.
    const fields = new Set(demo.cards.flatMap((c) => c.uncertain.map((u) => u.field.split('.')[0] ?? '')));
    expect(fields.size).toBeGreaterThan(10);
    for (const field of fields) expect(Object.hasOwn(FIELD_LABELS, field), field).toBe(true);
    expect(fieldLabel('is_active')).toBe('Still issued');
    expect(fieldLabel('as_of')).toBe('Date of these facts');
  });

  it('names a note on some rules as the earn rates, and one on rates we leave out as such', () => {
    expect(fieldLabel('rules.2')).toBe('Earn rates');
    expect(fieldLabel('rules.1,3')).toBe('Earn rates');
    expect(fieldLabel(UNCOUNTED_RATES_FIELD)).toBe('Rates we do not count');
  });
});

describe('uncertainNotes', () => {
  it('finds the notes on one rule, on several and on rates not counted beside the rates', () => {
    const card = {
      uncertain: [
        { field: 'rules.2', note: 'a' },
        { field: 'rules.0,1', note: 'b' },
        { field: UNCOUNTED_RATES_FIELD, note: 'c' },
        { field: 'rules', note: 'd' },
        { field: 'rulesets', note: 'not a rule' },
        { field: 'annual_fee', note: 'fee' },
      ],
    };
    expect(uncertainNotes(card, 'rules', UNCOUNTED_RATES_FIELD)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('milestoneText', () => {
  it('says what a milestone is counted as when its note does not', () => {
    expect(
      milestoneText({
        annual_spend: 400000,
        bonus_inr: 4000,
        note: '₹1,000 voucher for ₹1,00,000 spend in a calendar quarter; we count the bonus once you spend ₹4,00,000 in a year',
      }),
    ).toBe(
      '₹1,000 voucher for ₹1,00,000 spend in a calendar quarter; we count the bonus once you spend ₹4,00,000 in a year (counted as ₹4,000 a year)',
    );
    // Said already: not twice.
    const said = { annual_spend: 500000, bonus_inr: 7000, note: '₹7,000 Yatra voucher at ₹5,00,000 a year' };
    expect(milestoneText(said)).toBe(said.note);
    // ₹1,500 inside ₹1,50,000 is not the figure.
    expect(
      milestoneText({ annual_spend: 150000, bonus_inr: 1500, note: '1,500 points at ₹1,50,000 a year' }),
    ).toBe('1,500 points at ₹1,50,000 a year (counted as ₹1,500 a year)');
    expect(milestoneText({ annual_spend: 100000, bonus_inr: 500 })).toBe(
      'Spend ₹1,00,000 in a year: bonus worth ₹500',
    );
  });
});

describe('forexMarkupText', () => {
  it('gives the markup with its GST, says a zero markup, and says nothing the research lacks', () => {
    expect(forexMarkupText(0.035)).toBe(
      '3.5% of the spend, plus 18% GST on it (4.13% in all); not counted in savings',
    );
    expect(forexMarkupText(0.0199)).toBe(
      '1.99% of the spend, plus 18% GST on it (2.35% in all); not counted in savings',
    );
    expect(forexMarkupText(0)).toBe('No markup (0%)');
    expect(forexMarkupText(null)).toBeNull();
  });
});
