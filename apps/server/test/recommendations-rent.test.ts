import type { CatalogFileInput, CategoryNodeInput } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { RENT_FEE_REASON } from '../src/features/recommendations/recommend-cards.ts';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

/** The mini catalogue with a rent app, whose spend is in the taxonomy's rent category. */
function withRent(): CatalogFileInput {
  const mini = structuredClone(MINI_CATALOG) as CatalogFileInput;
  const online = (mini.categories as CategoryNodeInput[]).find((c) => c.slug === 'online');
  online?.children?.push({
    id: 'online.rent_payments',
    slug: 'rent_payments',
    name: 'Rent payments',
    children: [
      {
        id: 'online.rent_payments.rent_apps',
        slug: 'rent_apps',
        name: 'Rent apps',
        children: [{ id: 'online.rent_payments.rent_apps.rent', slug: 'rent', name: 'Rent & housing' }],
      },
    ],
  });
  return mini;
}

const entry = (id: string, amount: number, category: string | null) => ({
  id,
  amount,
  spending_mode: 'online',
  platform_type: 'online.rent_payments',
  platform_name: 'online.rent_payments.rent_apps',
  ...(category ? { spending_category: category } : {}),
  frequency: 'MONTHLY',
});

interface Detail {
  entry_id: string;
  winning_cards: { card_id: string; reasons: string[] }[];
}

describe.each(DB_KINDS)('rent paid by card, on %s', (kind) => {
  const t = useTestApp(kind, { catalog: withRent() });

  it("says under a rent spend that the rent app's or the bank's fee is not counted", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend/',
      payload: {
        spending: [entry('rent', 25000, 'online.rent_payments.rent_apps.rent')],
        preferences: { desiredCardCount: 1 },
      },
    });
    expect(res.statusCode).toBe(200);
    const [best] = res.json().spend_level_winners as { group_details: Detail[] }[];
    const onRent = best?.group_details.find((d) => d.entry_id === 'rent')?.winning_cards ?? [];
    expect(onRent.length).toBeGreaterThan(0);
    for (const w of onRent) expect(w.reasons).toContain(RENT_FEE_REASON);
  });

  it('says nothing of rent fees under other spends', async () => {
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
        preferences: { desiredCardCount: 1 },
      },
    });
    expect(res.statusCode).toBe(200);
    const [best] = res.json().spend_level_winners as { group_details: Detail[] }[];
    const reasons = best?.group_details.flatMap((d) => d.winning_cards.flatMap((w) => w.reasons)) ?? [];
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons).not.toContain(RENT_FEE_REASON);
  });
});
