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

describe('points_redeemable_only_on as a list, and its words (ADR 033)', () => {
  const places = ['travel_ota', 'airline_direct', 'hotel_direct', 'travel_offline'];
  const issues = (input: object) => {
    const res = catalogCardSchema.safeParse(input);
    expect(res.success).toBe(false);
    return res.error?.issues.map((i) => ({ path: i.path, message: i.message }));
  };

  it('takes a list of slugs as given, and words with it', () => {
    const parsed = catalogCardSchema.parse({
      ...card,
      points_redeemable_only_on: places,
      points_redeemable_only_on_words: 'travel bookings on Axis Travel EDGE',
    });
    expect(parsed.points_redeemable_only_on).toEqual(places);
    expect(parsed.points_redeemable_only_on_words).toBe('travel bookings on Axis Travel EDGE');
    expect(
      catalogCardSchema.parse({ ...card, points_redeemable_only_on: ['irctc'] }).points_redeemable_only_on,
    ).toEqual(['irctc']);
    expect(catalogCardSchema.parse(card).points_redeemable_only_on_words).toBeNull();
  });

  it('refuses an empty list, a slug twice, more than 12, and what is no slug in it', () => {
    expect(issues({ ...card, points_redeemable_only_on: [] })?.map((i) => i.path)).toEqual([
      ['points_redeemable_only_on'],
    ]);
    expect(issues({ ...card, points_redeemable_only_on: ['irctc', 'indigo', 'irctc'] })).toContainEqual({
      path: ['points_redeemable_only_on', 2],
      message: "points_redeemable_only_on names 'irctc' twice (at 0 and 2)",
    });
    const thirteen = Array.from({ length: 13 }, (_, i) => `platform_${i}`);
    expect(issues({ ...card, points_redeemable_only_on: thirteen })?.map((i) => i.path)).toEqual([
      ['points_redeemable_only_on'],
    ]);
    expect(
      catalogCardSchema.safeParse({ ...card, points_redeemable_only_on: thirteen.slice(0, 12) }).success,
    ).toBe(true);
    expect(
      catalogCardSchema.safeParse({ ...card, points_redeemable_only_on: ['irctc', 'IRCTC tickets'] }).success,
    ).toBe(false);
  });

  it('refuses words without a place, and words too short or too long', () => {
    expect(issues({ ...card, points_redeemable_only_on_words: 'Tata Neu brands' })).toEqual([
      {
        path: ['points_redeemable_only_on_words'],
        message:
          'points_redeemable_only_on_words says where points bound by points_redeemable_only_on can be spent: set points_redeemable_only_on too, or leave it out',
      },
    ]);
    for (const words of ['ab', 'x'.repeat(81)])
      expect(
        issues({ ...card, points_redeemable_only_on: places, points_redeemable_only_on_words: words })?.map(
          (i) => i.path,
        ),
      ).toEqual([['points_redeemable_only_on_words']]);
  });
});

describe('points_value_elsewhere_inr (ADR 031)', () => {
  const bound = { ...card, reward_point_value_inr: 0.96, points_redeemable_only_on: 'indianoil' };
  const issues = (input: object) => {
    const res = catalogCardSchema.safeParse(input);
    expect(res.success).toBe(false);
    return res.error?.issues.map((i) => ({ path: i.path, message: i.message }));
  };

  it('takes a value below the one on the platform, and is null when left out', () => {
    expect(
      catalogCardSchema.parse({ ...bound, points_value_elsewhere_inr: 0.2 }).points_value_elsewhere_inr,
    ).toBe(0.2);
    expect(
      catalogCardSchema.parse({ ...bound, points_value_elsewhere_inr: 0 }).points_value_elsewhere_inr,
    ).toBe(0);
    expect(catalogCardSchema.parse(bound).points_value_elsewhere_inr).toBeNull();
    expect(catalogCardSchema.parse(card).points_value_elsewhere_inr).toBeNull();
  });

  it('refuses it on points spendable anywhere', () => {
    expect(issues({ ...card, points_value_elsewhere_inr: 0.2 })).toEqual([
      {
        path: ['points_value_elsewhere_inr'],
        message:
          'points_value_elsewhere_inr is the value of points otherwise spent on one platform: set points_redeemable_only_on too, or leave it out',
      },
    ]);
  });

  it('refuses a value as high as, or above, the one on the platform', () => {
    for (const value of [0.96, 1.5])
      expect(issues({ ...bound, points_value_elsewhere_inr: value })).toEqual([
        {
          path: ['points_value_elsewhere_inr'],
          message: `points_value_elsewhere_inr (${value}) must be below reward_point_value_inr (0.96): points worth as much elsewhere are not bound to one platform`,
        },
      ]);
    expect(
      issues({ ...bound, reward_point_value_inr: null, points_value_elsewhere_inr: 0.2 })?.map((i) => i.path),
    ).toEqual([['points_value_elsewhere_inr']]);
  });

  it('refuses a negative value, and what is no number', () => {
    expect(issues({ ...bound, points_value_elsewhere_inr: -0.2 })).toEqual([
      { path: ['points_value_elsewhere_inr'], message: 'points_value_elsewhere_inr cannot be negative' },
    ]);
    expect(issues({ ...bound, points_value_elsewhere_inr: '0.2' })).toEqual([
      {
        path: ['points_value_elsewhere_inr'],
        message: 'points_value_elsewhere_inr must be a number of rupees a point, or null',
      },
    ]);
  });
});
