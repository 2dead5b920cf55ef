import { describe, expect, it } from 'vitest';
import { amountAsRead, belowCardMinimum, incomeMismatch } from './income-check.ts';

describe('the annual and monthly incomes, typed apart', () => {
  it('says nothing while they agree within a quarter, or while either is not a number yet', () => {
    expect(incomeMismatch('1800000', '150000')).toBeNull();
    expect(incomeMismatch('18,00,000', '1,20,000')).toBeNull(); // 14.4 lakh: 0.8 of the year
    expect(incomeMismatch('1800000', '')).toBeNull();
    expect(incomeMismatch('abc', '150000')).toBeNull();
  });

  it('points out a month that is far from a twelfth of the year, either way', () => {
    expect(incomeMismatch('1200000', '50000')).toBe(
      '₹50,000 a month is ₹6,00,000 a year, against an annual income of ₹12,00,000: check both (a yearly figure may include bonuses).',
    );
    expect(incomeMismatch('120000', '100000')).toContain('₹1,00,000 a month is ₹12,00,000 a year');
  });
});

describe("an annual income below the card's published minimum", () => {
  const card = { name: 'Diners Club Black Metal', min_income: 3000000, uncertain: [] };

  it('is pointed out, with what a decline costs', () => {
    expect(belowCardMinimum('12,00,000', card)).toBe(
      'Diners Club Black Metal asks for an income of at least ₹30,00,000 a year. The bank may decline a lower one, and every application shows on your credit report.',
    );
  });

  it('says nothing at or above it, before a number, for no published minimum or an uncertain one', () => {
    expect(belowCardMinimum('3000000', card)).toBeNull();
    expect(belowCardMinimum('', card)).toBeNull();
    expect(belowCardMinimum('1200000', { ...card, min_income: null })).toBeNull();
    expect(belowCardMinimum('1200000', { ...card, uncertain: [{ field: 'min_income' }] })).toBeNull();
    expect(belowCardMinimum('1200000', null)).toBeNull();
  });
});

describe('an income typed as bare digits', () => {
  it('reads back as the review will show it, in lakh and crore', () => {
    expect(amountAsRead('1200000', 'a year')).toBe('₹12,00,000 a year');
    expect(amountAsRead('12000000', 'a year')).toBe('₹1,20,00,000 a year');
    expect(amountAsRead('100000', 'a month')).toBe('₹1,00,000 a month');
    expect(amountAsRead('', 'a month')).toBeNull();
    expect(amountAsRead('abc', 'a year')).toBeNull();
  });
});
