import { readFileSync } from 'node:fs';
import {
  catalogCardSchema,
  catalogFileSchema,
  ruleIndicesOf,
  UNCOUNTED_RATES_FIELD,
} from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';

// Pure schema checks: no database. The fixture's Swiggy card has three rules: 1% (0), 10% on
// Swiggy (1) and an exclusion of fuel (2).
const mini = JSON.parse(readFileSync(new URL('./fixtures/mini-catalog.json', import.meta.url), 'utf8'));
const swiggyWith = (...fields: string[]) => ({
  ...mini.cards[0],
  uncertain: fields.map((field) => ({ field, note: 'Reported as "from memory".' })),
});
const problems = (card: unknown) => {
  const r = catalogCardSchema.safeParse(card);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('uncertain notes on some of a card’s rules', () => {
  it('reads the rules a field names', () => {
    expect(ruleIndicesOf('rules.2')).toEqual([2]);
    expect(ruleIndicesOf('rules.1,3')).toEqual([1, 3]);
    expect(ruleIndicesOf('rules')).toBeNull();
    expect(ruleIndicesOf(UNCOUNTED_RATES_FIELD)).toBeNull();
    expect(ruleIndicesOf('rules.')).toBeNull();
    expect(ruleIndicesOf('rules.1,')).toBeNull();
  });

  it('accepts notes on rules the card has, on every rule, and on rates not counted', () => {
    expect(problems(swiggyWith('rules.0', 'rules.0,1', 'rules', UNCOUNTED_RATES_FIELD))).toEqual([]);
  });

  it('refuses a rule index beyond the card’s rules, saying how many it has', () => {
    expect(problems(swiggyWith('rules.1', 'rules.3'))).toEqual([
      "uncertain.1.field: 'rules.3' names rule 3, but the card has 3 rules (0 to 2)",
    ]);
    expect(problems(swiggyWith('rules.0,7'))).toEqual([
      "uncertain.0.field: 'rules.0,7' names rule 7, but the card has 3 rules (0 to 2)",
    ]);
  });

  it('refuses a note on an exclusion, which concerns every rule, and a field naming no rule', () => {
    expect(problems(swiggyWith('rules.2', 'rules.first'))).toEqual([
      "uncertain.0.field: 'rules.2' names rule 2, an exclusion: a note on what earns nothing concerns every rule ('rules')",
      "uncertain.1.field: 'rules.first' names no rule: write 'rules.<index>' or 'rules.<index>,<index>'",
    ]);
  });

  it('refuses it in a whole catalogue file, at the card’s path', () => {
    const file = structuredClone(mini);
    file.cards[0] = swiggyWith('rules.9');
    const r = catalogFileSchema.safeParse(file);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['cards.0.uncertain.0.field']);
  });
});
