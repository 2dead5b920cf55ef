import { readFileSync } from 'node:fs';
import { type CatalogFile, catalogFileSchema, type EngineCard, instanceSchema } from '@cardwise/contracts';
import { excludedOpenSlugs, recommend } from '@cardwise/reco';
import { describe, expect, it } from 'vitest';
import { categoryNameOf } from '../src/features/categories/category-index.ts';
import { decorateResult } from '../src/features/recommendations/recommend-cards.ts';
import { taxonomyOf } from './support/taxonomy.ts';

const catalog: CatalogFile = catalogFileSchema.parse(
  JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8')),
);
const { byId, entryAt } = taxonomyOf(catalog.categories);
const card = (id: string) => catalog.cards.find((c) => c.id === id) as CatalogFile['cards'][number];
const engineCard = (id: string) =>
  instanceSchema.parse({ cards: [card(id)], entries: [] }).cards[0] as EngineCard;

/** The winning card of `cardId` for one entry, as the recommend route answers it. */
function winnerFor(cardId: string, nodeId: string) {
  const entry = entryAt(nodeId, 10000);
  const instance = instanceSchema.parse({ cards: [card(cardId)], entries: [entry], desiredCardCount: 1 });
  const answer = decorateResult(
    instance,
    recommend(instance),
    [{ entry, label: nodeId }],
    () => undefined,
    (slug) => categoryNameOf(byId, slug),
  );
  return answer.spend_level_winners[0]?.group_details[0]?.winning_cards[0];
}

/** The per-spend reasons of `cardId` for one entry. */
const reasonsFor = (cardId: string, nodeId: string): string[] => winnerFor(cardId, nodeId)?.reasons ?? [];

describe('an entry left open where a card pays on some of its categories only', () => {
  it('finds the categories the card pays nothing on', () => {
    const cred = entryAt('online.bill_payment_app.cred_bbps');
    expect(cred.open?.category).toEqual(['card_bill_payment', 'telecom', 'utilities']);
    expect(excludedOpenSlugs(engineCard('hsbc_live_plus'), cred, 'category')).toEqual([
      'card_bill_payment',
      'utilities',
    ]);
    expect(excludedOpenSlugs(engineCard('icici_coral'), cred, 'category')).toEqual(['card_bill_payment']);
    // A category the user chose is not open: nothing to say.
    expect(
      excludedOpenSlugs(
        engineCard('hsbc_live_plus'),
        entryAt('online.bill_payment_app.cred_bbps.telecom'),
        'category',
      ),
    ).toEqual([]);
  });

  it('says so beside what it counts, in the categories’ own names', () => {
    // HSBC Live+ pays its 1.5% on a CRED entry (telecom bills earn it), but not on utility or card bills.
    expect(reasonsFor('hsbc_live_plus', 'online.bill_payment_app.cred_bbps')).toEqual([
      '1.5% unlimited cashback on other eligible spends',
      'Earns nothing on credit card bill or utilities spend: choose a spending category for an exact answer',
    ]);
    // A flag beside the words, which the web's note under the savings follows.
    expect(winnerFor('hsbc_live_plus', 'online.bill_payment_app.cred_bbps')?.depends_on_category).toBe(true);
    // Cashback SBI's 5% online at Amazon.in, except on gift cards.
    expect(reasonsFor('sbi_cashback', 'online.e_commerce_marketplace.amazon').at(-1)).toBe(
      'Earns nothing on gift cards & vouchers spend: choose a spending category for an exact answer',
    );
  });

  it('says nothing where every category earns, or where the category was chosen', () => {
    expect(reasonsFor('sc_ultimate', 'online.e_commerce_marketplace.amazon')).toEqual([
      '5 reward points per ₹150 (3.33% at ₹1 a point)',
    ]);
    expect(reasonsFor('hsbc_live_plus', 'online.bill_payment_app.cred_bbps.telecom')).toEqual([
      '1.5% unlimited cashback on other eligible spends',
    ]);
    expect(winnerFor('hsbc_live_plus', 'online.bill_payment_app.cred_bbps.telecom')).not.toHaveProperty(
      'depends_on_category',
    );
    expect(winnerFor('sc_ultimate', 'online.e_commerce_marketplace.amazon')).not.toHaveProperty(
      'depends_on_category',
    );
  });
});
