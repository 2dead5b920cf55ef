import { describe, expect, it } from 'vitest';
import { catalogCardSchema } from '../src/catalog.ts';

const card = {
  id: 'irctc_test',
  name: 'IRCTC Test Card',
  issuer: 'SBI Card',
  bank: 'sbi',
  annual_fee: 0,
  reward_point_value_inr: 1,
  reward_type: 'points',
  rules: [{ conditions: {}, rate: 0.008 }],
  sources: ['https://example.com/irctc'],
  as_of: '2026-11',
};

describe('points_redeemable_only_on (ADR 029)', () => {
  it('takes a platform slug, and is null when left out', () => {
    expect(
      catalogCardSchema.parse({ ...card, points_redeemable_only_on: 'irctc' }).points_redeemable_only_on,
    ).toBe('irctc');
    expect(catalogCardSchema.parse(card).points_redeemable_only_on).toBeNull();
    expect(
      catalogCardSchema.parse({ ...card, points_redeemable_only_on: null }).points_redeemable_only_on,
    ).toBeNull();
  });

  it('refuses what is no slug, at the field', () => {
    const res = catalogCardSchema.safeParse({ ...card, points_redeemable_only_on: 'IRCTC tickets' });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.path)).toEqual([['points_redeemable_only_on']]);
  });
});
