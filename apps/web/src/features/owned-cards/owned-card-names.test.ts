import type { OwnedCard } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { cardSummary } from '../../test/fixtures.tsx';
import { ownedCardNames } from './owned-cards-section.tsx';

/**
 * Each owned card's Remove button names the card it removes, distinct for cards that look
 * alike: by its last four digits when known, else by its place in the list. Two Millennia cards
 * (a personal one and an add-on) were two buttons named 'Remove HDFC Millennia'.
 */

const MILLENNIA = cardSummary({ name: 'HDFC Millennia' });

function owned(id: string, last4: string | null): OwnedCard {
  return {
    id,
    credit_card_details: MILLENNIA,
    card_id: MILLENNIA.id,
    card_number_last4: last4,
    expiry_date: null,
    joining_date: null,
    is_active: true,
    user: 'u1',
  } as OwnedCard;
}

describe('ownedCardNames', () => {
  it('names a card by its last four digits when they are known', () => {
    expect(ownedCardNames([owned('a', '1234'), owned('b', '9876')])).toEqual([
      'HDFC Millennia ending 1234',
      'HDFC Millennia ending 9876',
    ]);
  });

  it('adds its place in the list when two cards read the same', () => {
    expect(ownedCardNames([owned('a', null), owned('b', '1234'), owned('c', null)])).toEqual([
      'HDFC Millennia, card 1 of 3',
      'HDFC Millennia ending 1234',
      'HDFC Millennia, card 3 of 3',
    ]);
  });

  it('keeps a lone card its plain name', () => {
    expect(ownedCardNames([owned('a', null)])).toEqual(['HDFC Millennia']);
  });
});
