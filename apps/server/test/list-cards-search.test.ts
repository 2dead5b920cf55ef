import { listCardsQuerySchema } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import type { CatalogView } from '../src/features/cards/catalog-store.ts';
import { filterCards } from '../src/features/cards/list-cards.ts';

/** Cards in catalogue order, each searchable by its name and highlights, as the catalogue store builds them. */
function viewOf(cards: { id: string; name: string; highlights: string[] }[]): CatalogView {
  const details = cards.map((c) => ({
    ...c,
    bank: 'hdfc',
    bank_name: 'HDFC Bank',
    tags: [],
    sections: [],
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
  }));
  return {
    details,
    summaries: details.map((d) => ({ id: d.id })),
    earnSlugs: new Map(),
    searchText: new Map(
      details.map((d) => [d.id, [d.name, d.bank_name, ...d.highlights].join(' ').toLowerCase()]),
    ),
  } as unknown as CatalogView;
}

const ids = (view: CatalogView, search: string) =>
  filterCards(view, listCardsQuerySchema.parse({ search })).map((c) => c.id);

describe('searching the cards', () => {
  const view = viewOf([
    { id: 'diners_black', name: 'HDFC Bank Diners Club Black Metal Edition', highlights: ['10X on Swiggy'] },
    { id: 'millennia', name: 'HDFC Bank Millennia Credit Card', highlights: ['5% on Swiggy and Amazon'] },
    { id: 'swiggy_hdfc', name: 'Swiggy HDFC Bank Credit Card', highlights: ['10% on Swiggy'] },
    { id: 'regalia', name: 'HDFC Bank Regalia Gold Credit Card', highlights: ['Lounge access'] },
  ]);

  it('lists first the card whose name holds what was typed, then those whose name holds every word, then the rest', () => {
    // The Swiggy card came last, after HDFC cards whose highlights merely mention Swiggy.
    expect(ids(view, 'swiggy hdfc')).toEqual(['swiggy_hdfc', 'diners_black', 'millennia']);
    expect(ids(view, 'hdfc swiggy')).toEqual(['swiggy_hdfc', 'diners_black', 'millennia']);
    expect(ids(view, 'HDFC Bank Millennia')).toEqual(['millennia']);
  });

  it('keeps the catalogue order among equals, and without a search', () => {
    expect(ids(view, 'hdfc bank')).toEqual(['diners_black', 'millennia', 'swiggy_hdfc', 'regalia']);
    expect(filterCards(view, listCardsQuerySchema.parse({})).map((c) => c.id)).toEqual([
      'diners_black',
      'millennia',
      'swiggy_hdfc',
      'regalia',
    ]);
  });
});
