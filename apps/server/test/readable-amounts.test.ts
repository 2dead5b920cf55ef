import { describe, expect, it } from 'vitest';
import { readableAmounts } from '../seed/lib/readable-amounts.ts';

describe('readableAmounts (research texts as a cardholder reads them)', () => {
  it('groups amounts the Indian way and signs rupees where the words say money', () => {
    expect(readableAmounts('Joining fee refund on 20000 spend in 90 days')).toBe(
      'Joining fee refund on ₹20,000 spend in 90 days',
    );
    expect(readableAmounts('1% on 400-5000 per transaction, max 250 per statement cycle')).toBe(
      '1% on ₹400–₹5,000 per transaction, max ₹250 per statement cycle',
    );
    expect(readableAmounts('Swiggy One on 150000 spend; 1000 INR gift voucher')).toBe(
      'Swiggy One on ₹1,50,000 spend; ₹1,000 gift voucher',
    );
    expect(readableAmounts('spend >= 10000 (Visa) / 15000 (RuPay)')).toBe(
      'spend >= ₹10,000 (Visa) / ₹15,000 (RuPay)',
    );
  });

  it('never calls reward points, visits or days rupees', () => {
    expect(readableAmounts('12500 EDGE RP (worth 2500) on joining fee')).toBe(
      '12,500 EDGE RP (worth ₹2,500) on joining fee',
    );
    expect(readableAmounts('1499 NeuCoins on first transaction within 30 days')).toBe(
      '1,499 NeuCoins on first transaction within 30 days',
    );
    expect(readableAmounts('8 domestic/year (max 2 per quarter)')).toBe(
      '8 domestic/year (max 2 per quarter)',
    );
    expect(readableAmounts('500 DP (300 DP within 31-90 days), min transaction 1500')).toBe(
      '500 DP (300 DP within 31-90 days), min transaction ₹1,500',
    );
    // A comma ends the phrase: the 15000 after it are points, not the rupees before it.
    expect(readableAmounts('bonus RP: 10000 each at 300000 and 400000, 15000 each at 500000')).toBe(
      'bonus RP: 10,000 each at ₹3,00,000 and ₹4,00,000, 15,000 each at ₹5,00,000',
    );
  });

  it('leaves dates, years, percentages and decimals alone', () => {
    for (const text of [
      'Axis rule from 20-Apr-2024',
      'reduced from Apr-2026',
      'rent (unconfirmed, since 2024)',
      'forex markup 1.99%',
      '100% cashback',
      'IndiGo 6E Eats',
    ]) {
      expect(readableAmounts(text)).toBe(text);
    }
  });
});
