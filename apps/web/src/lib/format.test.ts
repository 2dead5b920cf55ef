import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayInIndia,
  formatFeeShort,
  formatFeeWithGst,
  formatInr,
  formatRate,
  groupIndian,
  initialsOf,
  maskAadhaar,
  maskPan,
  withGst,
} from './format.ts';

describe('money in rupees', () => {
  it('groups the Indian way', () => {
    expect(formatInr(100000)).toBe('₹1,00,000');
    expect(formatInr(12500)).toBe('₹12,500');
    expect(formatInr(116.82)).toBe('₹116.82');
    // Paise are written with both digits, as on a bill.
    expect(formatInr(9500.5)).toBe('₹9,500.50');
    expect(formatInr(7.5)).toBe('₹7.50');
    expect(formatInr(147.4)).toBe('₹147.40');
    // A loss: the sign before the symbol; an amount that rounds to nothing has none.
    expect(formatInr(-18.33)).toBe('-₹18.33');
    expect(formatInr(-220)).toBe('-₹220');
    expect(formatInr(-123456.5)).toBe('-₹1,23,456.50');
    expect(formatInr(-0.001)).toBe('₹0');
  });

  it('groups exactly as Intl.NumberFormat en-IN (which the app avoids for speed)', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const values = [
      0, -0, 1, 9, 10, 99.5, 100, 999, 1000, 1001, 9999.99, 12345, 99999, 100000, 123456.789, 1234567,
      10000000, 123456789.12, 0.004, 0.005, 0.01, 1.005, 2.675, -1, -1234.5, -0.001, 116.82, 590.0,
    ];
    // Plus a deterministic spread of amounts with paise, up to 10 crore.
    for (let i = 1; i <= 2000; i++) values.push(((i * 7919) % 1_000_000_007) / 100, (i * i * 104729) % 1e9);
    for (const v of values) expect(groupIndian(v), String(v)).toBe(intl.format(v));
  });

  it('adds 18% GST to fees', () => {
    expect(withGst(500)).toBe(590);
    expect(formatFeeWithGst(500, 'YEARLY')).toBe('₹500 + GST = ₹590 a year');
    expect(formatFeeWithGst(99, 'MONTHLY')).toBe('₹99 + GST = ₹116.82 a month');
    expect(formatFeeWithGst(0, 'LIFETIME_FREE')).toBe('Free for life (no annual fee)');
    expect(formatFeeShort(4500, 'YEARLY')).toBe('₹4,500 + GST a year');
  });

  it('shows rates and initials', () => {
    expect(formatRate(0.05)).toBe('5%');
    expect(formatRate(0.0133)).toBe('1.33%');
    expect(initialsOf('Asha Rani Kumar')).toBe('AR');
    expect(initialsOf('asha')).toBe('AS');
    expect(initialsOf('ravi.k@example.in')).toBe('RK');
  });
});

describe('days', () => {
  it('reads a calendar day the Indian way, whatever the time zone, and leaves anything else as it is', () => {
    expect(formatDay('1992-08-15')).toBe('15 Aug 1992');
    expect(formatDay('2024-01-01')).toBe('1 Jan 2024');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('reads an instant as the day it was in India: 20:00 UTC is already the next day there', () => {
    expect(formatDayInIndia('2026-11-25T18:29:59Z')).toBe('25 Nov 2026');
    expect(formatDayInIndia('2026-11-25T18:30:00Z')).toBe('26 Nov 2026');
    expect(formatDayInIndia('2026-12-31T20:00:00.000Z')).toBe('1 Jan 2027');
    expect(formatDayInIndia('garbled')).toBe('garbled');
  });
});

describe('identity numbers on screen', () => {
  it('masks a PAN but its last five characters', () => {
    expect(maskPan('ABCPI1234K')).toBe('XXXXX1234K');
    expect(maskPan(' abcpi1234k ')).toBe('XXXXX1234K');
    // Too short to be a PAN: nothing of it is shown.
    expect(maskPan('ABCD')).toBe('XXXX');
    expect(maskPan('')).toBe('');
  });

  it('shows only the last 4 digits of an Aadhaar number', () => {
    expect(maskAadhaar('XXXXXXXX0124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('2345 6789 0124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('0124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('12')).toBeUndefined();
    expect(maskAadhaar(undefined)).toBeUndefined();
  });
});
