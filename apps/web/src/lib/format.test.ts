import { describe, expect, it } from 'vitest';
import { formatFeeShort, formatFeeWithGst, formatInr, formatRate, initialsOf, withGst } from './format.ts';

describe('money in rupees', () => {
  it('groups the Indian way', () => {
    expect(formatInr(100000)).toBe('₹1,00,000');
    expect(formatInr(12500)).toBe('₹12,500');
    expect(formatInr(116.82)).toBe('₹116.82');
  });

  it('adds 18% GST to fees', () => {
    expect(withGst(500)).toBe(590);
    expect(formatFeeWithGst(500, 'YEARLY')).toBe('₹500 + GST = ₹590 a year');
    expect(formatFeeWithGst(99, 'MONTHLY')).toBe('₹99 + GST = ₹116.82 a month');
    expect(formatFeeWithGst(0, 'LIFETIME_FREE')).toBe('Free for life (no annual fee)');
    expect(formatFeeShort(4500, 'YEARLY')).toBe('₹4,500 a year');
  });

  it('shows rates and initials', () => {
    expect(formatRate(0.05)).toBe('5%');
    expect(formatRate(0.0133)).toBe('1.33%');
    expect(initialsOf('Asha Rani Kumar')).toBe('AR');
    expect(initialsOf('asha')).toBe('AS');
    expect(initialsOf('ravi.k@example.in')).toBe('RK');
  });
});
