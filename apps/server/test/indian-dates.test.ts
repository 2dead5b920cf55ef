import { ageInIndia, isAtLeastYearsOld, todayInIndia } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';

// 20:00 UTC on 14 March 2026 is 01:30 on 15 March in India.
const AFTER_MIDNIGHT_IST = new Date('2026-03-14T20:00:00Z');
const BEFORE_MIDNIGHT_IST = new Date('2026-03-14T18:00:00Z');

describe("India's calendar day", () => {
  it('turns at midnight in India, not at midnight UTC', () => {
    expect(todayInIndia(AFTER_MIDNIGHT_IST)).toBe('2026-03-15');
    expect(todayInIndia(BEFORE_MIDNIGHT_IST)).toBe('2026-03-14');
  });

  it('makes someone 18 on their birthday in India, before UTC reaches it', () => {
    expect(ageInIndia('2008-03-15', AFTER_MIDNIGHT_IST)).toBe(18);
    expect(isAtLeastYearsOld('2008-03-15', 18, AFTER_MIDNIGHT_IST)).toBe(true);
    expect(ageInIndia('2008-03-15', BEFORE_MIDNIGHT_IST)).toBe(17);
    expect(isAtLeastYearsOld('2008-03-15', 18, BEFORE_MIDNIGHT_IST)).toBe(false);
  });

  it('counts whole years across month ends and leap days', () => {
    expect(ageInIndia('2000-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(25);
    expect(ageInIndia('2000-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(26);
    expect(ageInIndia('1990-12-31', new Date('2026-12-30T12:00:00Z'))).toBe(35);
  });
});
