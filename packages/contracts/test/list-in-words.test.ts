import { describe, expect, it } from 'vitest';
import { listInWords } from '../src/list-in-words.ts';

describe('listInWords', () => {
  it('joins as a sentence does: commas, and the last with "and"', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['rent'])).toBe('rent');
    expect(listInWords(['rent', 'fuel'])).toBe('rent and fuel');
    expect(listInWords(['rent', 'fuel', 'wallet loads'])).toBe('rent, fuel and wallet loads');
  });

  it('joins a choice with "or"', () => {
    expect(listInWords(['utilities'], 'or')).toBe('utilities');
    expect(listInWords(['utilities', 'telecom', 'rent'], 'or')).toBe('utilities, telecom or rent');
  });

  it("says what Intl.ListFormat('en-IN') says, which the web used before", () => {
    const lists = [
      [],
      ['a'],
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['PAN card', 'the front of your Aadhaar card', 'x', 'y'],
    ];
    for (const [last, type] of [
      ['and', 'conjunction'],
      ['or', 'disjunction'],
    ] as const) {
      const intl = new Intl.ListFormat('en-IN', { style: 'long', type });
      for (const items of lists) expect(listInWords(items, last)).toBe(intl.format(items));
    }
  });
});
