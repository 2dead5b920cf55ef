import { describe, expect, it } from 'vitest';
import { readableAmounts, readableIncome } from '../seed/lib/readable-amounts.ts';

describe('readableAmounts (research texts as a cardholder reads them)', () => {
  it.each([
    ['Joining fee refund on 20000 spend in 90 days', 'Joining fee refund on ₹20,000 spend in 90 days'],
    [
      '1% on 400-5000 per transaction, max 250 per statement cycle',
      '1% on ₹400–₹5,000 per transaction, max ₹250 per statement cycle',
    ],
    [
      'Swiggy One on 150000 spend; 1000 INR gift voucher',
      'Swiggy One on ₹1,50,000 spend; ₹1,000 gift voucher',
    ],
    ['spend >= 10000 (Visa) / 15000 (RuPay)', 'spend >= ₹10,000 (Visa) / ₹15,000 (RuPay)'],
  ])('groups amounts the Indian way and signs rupees where the words say money: %s', (text, read) => {
    expect(readableAmounts(text)).toBe(read);
  });

  it.each([
    ['12500 EDGE RP (worth 2500) on joining fee', '12,500 EDGE RP (worth ₹2,500) on joining fee'],
    [
      '1499 NeuCoins on first transaction within 30 days',
      '1,499 NeuCoins on first transaction within 30 days',
    ],
    ['8 domestic/year (max 2 per quarter)', '8 domestic/year (max 2 per quarter)'],
    [
      '500 DP (300 DP within 31-90 days), min transaction 1500',
      '500 DP (300 DP within 31-90 days), min transaction ₹1,500',
    ],
    // A comma ends the phrase: the 15000 after it are points, not the rupees before it.
    [
      'bonus RP: 10000 each at 300000 and 400000, 15000 each at 500000',
      'bonus RP: 10,000 each at ₹3,00,000 and ₹4,00,000, 15,000 each at ₹5,00,000',
    ],
  ])('never calls reward points, visits or days rupees: %s', (text, read) => {
    expect(readableAmounts(text)).toBe(read);
  });

  it.each([
    'Axis rule from 20-Apr-2024',
    'reduced from Apr-2026',
    'rent (unconfirmed, since 2024)',
    'forex markup 1.99%',
    '100% cashback',
    'IndiGo 6E Eats',
  ])('leaves dates, years, percentages and decimals alone: %s', (text) => {
    expect(readableAmounts(text)).toBe(text);
  });

  it('reads every figure of an income as rupees', () => {
    expect(readableIncome('420000 salaried (35000/month, per CardNitty)')).toBe(
      '₹4,20,000 salaried (₹35,000/month, per CardNitty)',
    );
  });
});
