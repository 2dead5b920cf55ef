import type { CatalogFileInput, CategoryNodeInput } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import {
  EDUCATION_APP_FEE_REASON,
  forexMarkupReason,
} from '../src/features/recommendations/recommend-cards.ts';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

/**
 * The mini catalogue with the taxonomy's foreign-currency spend and three free cards that pay on it:
 * one with a 3.5% markup, one with none, one whose markup the research does not give (ADR 034).
 */
function withForeignSpend(): CatalogFileInput {
  const mini = structuredClone(MINI_CATALOG) as CatalogFileInput;
  (mini.categories as CategoryNodeInput[]).push({
    id: 'international',
    slug: 'international',
    name: 'International',
    children: [
      {
        id: 'international.foreign_currency',
        slug: 'foreign_currency',
        name: 'Foreign-currency spending',
        children: [
          {
            id: 'international.foreign_currency.foreign_merchants',
            slug: 'foreign_merchants',
            name: 'Merchants abroad',
            children: [
              {
                id: 'international.foreign_currency.foreign_merchants.international',
                slug: 'international',
                name: 'International',
              },
            ],
          },
        ],
      },
    ],
  });
  const online = (mini.categories as CategoryNodeInput[]).find((c) => c.slug === 'online');
  online?.children?.push({
    id: 'online.education',
    slug: 'education',
    name: 'Education',
    children: [
      {
        id: 'online.education.education_portals',
        slug: 'education_portals',
        name: 'School / college portals; Flywire; CRED / education fee apps',
        children: [
          { id: 'online.education.education_portals.education', slug: 'education', name: 'Education' },
        ],
      },
    ],
  });
  const card = (id: string, rate: number, forex_markup_rate: number | null, bank = 'axis') => ({
    id,
    name: `Forex ${id}`,
    issuer: bank === 'axis' ? 'Axis Bank' : 'SBI Card',
    bank,
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    reward_point_value_inr: null,
    reward_type: 'cashback',
    forex_markup_rate,
    rules: [{ conditions: {}, rate }],
    sources: ['https://example.com/forex'],
    as_of: '2026-11',
  });
  const cards = [
    card('markup', 0.09, 0.035),
    card('zero', 0.08, 0),
    card('unknown', 0.07, null),
    card('sbi_fees', 0.02, null, 'sbi'),
  ];
  return { ...mini, cards: [...mini.cards, ...(cards as CatalogFileInput['cards'])] };
}

const abroad = (id: string) => ({
  id,
  amount: 10000,
  spending_mode: 'international',
  platform_type: 'international.foreign_currency',
  platform_name: 'international.foreign_currency.foreign_merchants',
  spending_category: 'international.foreign_currency.foreign_merchants.international',
  frequency: 'MONTHLY',
});

interface Detail {
  entry_id: string;
  winning_cards: { card_id: string; reasons: string[] }[];
}

describe('the words for a card markup on foreign-currency spend', () => {
  it('give the card markup with its GST, say a zero markup, and name no figure the research lacks', () => {
    expect(forexMarkupReason(0.035)).toBe(
      "Paying in a foreign currency costs this card's markup of 3.5% (4.13% with GST), which this figure does not count",
    );
    expect(forexMarkupReason(0)).toBe('This card charges no markup on foreign-currency spend');
    expect(forexMarkupReason(null)).not.toMatch(/\d%? \(|markup of/);
    expect(forexMarkupReason(null)).toContain("the bank's schedule of charges gives it");
  });
});

describe.each(DB_KINDS)('foreign-currency spend and education fees, on %s', (kind) => {
  const t = useTestApp(kind, { catalog: withForeignSpend() });

  it.each([
    ['markup', 0.035],
    ['zero', 0],
    ['unknown', null],
  ] as const)('says under it what the %s card charges on it, from the catalogue', async (cardId, markup) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend/',
      payload: {
        spending: [abroad('trip')],
        preferences: { desiredCardCount: 1, compareCards: [cardId] },
      },
    });
    expect(res.statusCode).toBe(200);
    const [best] = res.json().spend_level_winners as { group_details: Detail[] }[];
    const onTrip = best?.group_details.find((d) => d.entry_id === 'trip')?.winning_cards ?? [];
    expect(onTrip.map((w) => w.card_id)).toEqual([cardId]);
    expect(onTrip[0]?.reasons).toContain(forexMarkupReason(markup));
  });

  it.each([
    ['markup', true],
    ['sbi_fees', false],
  ] as const)(
    'says under online education fees paid with the %s card that a fee app costs 1%: %s',
    async (cardId, said) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cards/recommend/',
        payload: {
          spending: [
            {
              id: 'school',
              amount: 20000,
              spending_mode: 'online',
              platform_type: 'online.education',
              platform_name: 'online.education.education_portals',
              spending_category: 'online.education.education_portals.education',
              frequency: 'MONTHLY',
            },
          ],
          preferences: { desiredCardCount: 1, compareCards: [cardId] },
        },
      });
      expect(res.statusCode).toBe(200);
      const [best] = res.json().spend_level_winners as { group_details: Detail[] }[];
      const onFees = best?.group_details.find((d) => d.entry_id === 'school')?.winning_cards ?? [];
      expect(onFees.map((w) => w.card_id)).toEqual([cardId]);
      expect(onFees[0]?.reasons.includes(EDUCATION_APP_FEE_REASON)).toBe(said);
    },
  );

  it('says nothing of markups under a spend in rupees', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend/',
      payload: {
        spending: [
          {
            id: 'food',
            amount: 4000,
            spending_mode: 'online',
            platform_type: 'online.food_delivery',
            frequency: 'MONTHLY',
          },
        ],
        preferences: { desiredCardCount: 1, compareCards: ['markup'] },
      },
    });
    expect(res.statusCode).toBe(200);
    const [best] = res.json().spend_level_winners as { group_details: Detail[] }[];
    const reasons = best?.group_details.flatMap((d) => d.winning_cards.flatMap((w) => w.reasons)) ?? [];
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.some((r) => r.includes('foreign'))).toBe(false);
  });
});
