import { describe, expect, it } from 'vitest';
import { roundHalfAwayFromZero, roundPartsToTotal } from '../src/round.ts';

const paise = (vs: number[]) => vs.reduce((s, v) => s + Math.round(v * 100), 0);

describe('roundPartsToTotal', () => {
  it('moves the part of the lowest rank first, and never a whole number of paise', () => {
    // Rewards ₹1,000 less a fee of ₹98.235 read ₹901.77: the rewards cannot move, so the fee does.
    expect(roundPartsToTotal([1000, 0, -98.235], (i) => i % 3)).toEqual([1000, 0, -98.23]);
    // Rewards of ₹10.004 beside the same fee: the rewards take the paisa and the fee reads as it does
    // in every other plan (₹98.24, not ₹98.23 in one plan and ₹98.24 in the next).
    expect(roundPartsToTotal([10.004, 0, -98.235], (i) => i % 3)).toEqual([10.01, 0, -98.24]);
  });

  it('leaves parts alone when they already add up', () => {
    expect(roundPartsToTotal([10.001, 5.001, -2.5], () => 0)).toEqual([10, 5, -2.5]);
  });

  it('moves no part that is a whole number of paise, and the nearest-to-turning first', () => {
    // 0.006 + 0.006 + 0.004 = 0.016 → 0.02; alone 0.01 + 0.01 + 0 = 0.02: nothing to do.
    expect(roundPartsToTotal([0.006, 0.006, 0.004], () => 0)).toEqual([0.01, 0.01, 0]);
    // 0.005 × 3 = 0.015 → 0.02; alone 0.03: one goes down, the first of the equally near.
    expect(roundPartsToTotal([0.005, 0.005, 0.005], () => 0)).toEqual([0, 0.01, 0.01]);
    // 1.234 + 2.236 = 3.47; alone 1.23 + 2.24 = 3.47. With 4.5 (whole paise) and 1.236 + 2.236:
    // 7.972 → 7.97, alone 4.5 + 1.24 + 2.24 = 7.98: 4.5 never moves.
    expect(roundPartsToTotal([4.5, 1.236, 2.236], () => 0)).toEqual([4.5, 1.23, 2.24]);
  });

  it('always adds up, each part within a paisa of its exact value', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 500; run++) {
      const parts = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => Math.round((random() - 0.3) * 1e7) / 1e3,
      );
      const got = roundPartsToTotal(parts, (i) => i % 3);
      expect(paise(got)).toBe(Math.round(roundHalfAwayFromZero(parts.reduce((s, p) => s + p, 0)) * 100));
      for (const [i, g] of got.entries())
        expect(Math.abs(g - (parts[i] as number))).toBeLessThan(0.01 + 1e-9);
    }
  });
});
