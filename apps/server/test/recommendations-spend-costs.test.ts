import type { CatalogFileInput, CategoryNodeInput } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import {
  EDUCATION_APP_FEE_REASON,
  forexMarkupReason,
  RENT_FEE_REASON,
} from '../src/features/recommendations/recommend-cards.ts';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

/** A place of the taxonomy three levels deep: platform type › platform name › category. */
const place = (type: string, name: string, category: string, names: [string, string, string]) => ({
  id: type,
  slug: type.split('.').at(-1) as string,
  name: names[0],
  children: [
    {
      id: `${type}.${name}`,
      slug: name,
      name: names[1],
      children: [{ id: `${type}.${name}.${category}`, slug: category, name: names[2] }],
    },
  ],
});

/**
 * The mini catalogue with the places whose costs of paying by card the figure does not count (rent,
 * ADR 032; foreign currency and education fees, ADR 034), and free cards that pay on everything:
 * one with a 3.5% markup abroad, one with none, one whose markup the research does not give, and an
 * SBI card (education fee apps charge 1% on HDFC, Axis and RBL cards only).
 */
function withCostlyPlaces(): CatalogFileInput {
  const mini = structuredClone(MINI_CATALOG) as CatalogFileInput;
  const roots = mini.categories as CategoryNodeInput[];
  roots.push({
    id: 'international',
    slug: 'international',
    name: 'International',
    children: [
      place('international.foreign_currency', 'foreign_merchants', 'international', [
        'Foreign-currency spending',
        'Merchants abroad',
        'International',
      ]),
    ],
  });
  roots
    .find((c) => c.slug === 'online')
    ?.children?.push(
      place('online.rent_payments', 'rent_apps', 'rent', ['Rent payments', 'Rent apps', 'Rent & housing']),
      place('online.education', 'education_portals', 'education', [
        'Education',
        'School / college portals; Flywire; CRED / education fee apps',
        'Education',
      ]),
    );
  const card = (id: string, rate: number, forex_markup_rate: number | null, bank = 'axis') => ({
    id,
    name: `Costs ${id}`,
    issuer: bank === 'axis' ? 'Axis Bank' : 'SBI Card',
    bank,
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    reward_point_value_inr: null,
    reward_type: 'cashback',
    forex_markup_rate,
    rules: [{ conditions: {}, rate }],
    sources: ['https://example.com/costs'],
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

/** A monthly spend at one of the places above (or only its platform type, for food delivery). */
const at = (id: string, amount: number, type: string, name?: string, category?: string) => ({
  id,
  amount,
  spending_mode: type.split('.')[0],
  platform_type: type,
  ...(name ? { platform_name: `${type}.${name}` } : {}),
  ...(name && category ? { spending_category: `${type}.${name}.${category}` } : {}),
  frequency: 'MONTHLY',
});
const ABROAD = at('abroad', 10000, 'international.foreign_currency', 'foreign_merchants', 'international');
const RENT = at('rent', 25000, 'online.rent_payments', 'rent_apps', 'rent');
const SCHOOL = at('school', 20000, 'online.education', 'education_portals', 'education');
const FOOD = at('food', 4000, 'online.food_delivery');

interface Winner {
  card_id: string;
  reasons: string[];
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

describe.each(DB_KINDS)('costs of paying by card said under the spend, not counted, on %s', (kind) => {
  const t = useTestApp(kind, { catalog: withCostlyPlaces() });

  /** The best single card's winners on the spend, compared among `cards` only. */
  async function winnersOn(spend: ReturnType<typeof at>, cards: string[]): Promise<Winner[]> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend/',
      payload: { spending: [spend], preferences: { desiredCardCount: 1, compareCards: cards } },
    });
    expect(res.statusCode).toBe(200);
    const [best] = res.json().spend_level_winners as {
      group_details: { entry_id: string; winning_cards: Winner[] }[];
    }[];
    const winners = best?.group_details.find((d) => d.entry_id === spend.id)?.winning_cards ?? [];
    expect(winners.map((w) => w.card_id)).toEqual(cards);
    return winners;
  }

  it("says under a rent spend that the rent app's or the bank's fee is not counted (ADR 032)", async () => {
    const [w] = await winnersOn(RENT, ['markup']);
    expect(w?.reasons).toContain(RENT_FEE_REASON);
  });

  it.each([
    ['markup', 0.035],
    ['zero', 0],
    ['unknown', null],
  ] as const)('says under foreign-currency spend what the %s card charges on it', async (cardId, markup) => {
    const [w] = await winnersOn(ABROAD, [cardId]);
    expect(w?.reasons).toContain(forexMarkupReason(markup));
  });

  it.each([
    ['markup', true],
    ['sbi_fees', false],
  ] as const)(
    'says under online education fees paid with the %s card that a fee app costs 1%: %s',
    async (cardId, said) => {
      const [w] = await winnersOn(SCHOOL, [cardId]);
      expect(w?.reasons.includes(EDUCATION_APP_FEE_REASON)).toBe(said);
    },
  );

  it('says none of them under a spend that has no such cost', async () => {
    const [w] = await winnersOn(FOOD, ['markup']);
    expect(w?.reasons.length).toBeGreaterThan(0);
    expect(w?.reasons).not.toContain(RENT_FEE_REASON);
    expect(w?.reasons).not.toContain(EDUCATION_APP_FEE_REASON);
    expect(w?.reasons.some((r) => r.includes('foreign currency'))).toBe(false);
  });
});
