import type { AccountPreferences, UnofferedPreferenceCard } from '@cardwise/contracts';
import type { UnofferedCardLookup } from '../recommendations/unoffered-cards.ts';

/**
 * The saved compare, exclude and owned ids this site does not offer (not in the tenant's view),
 * each with the name the shared catalogue still gives it. The web's card list holds only offered
 * cards, so a chip saved before a card was retired, or by a user of a site that has since stopped
 * listing its bank, showed its raw id ('sbi_simplyclick'). The names come from the catalogue every
 * site shares, never from another tenant's data, so they are public.
 */
export function unofferedPreferenceCards(
  p: Pick<AccountPreferences, 'compareCards' | 'excludeCards' | 'ownedCards'>,
  offered: (id: string) => boolean,
  lookup: UnofferedCardLookup,
): UnofferedPreferenceCard[] {
  const out: UnofferedPreferenceCard[] = [];
  for (const id of new Set([...p.compareCards, ...p.excludeCards, ...p.ownedCards])) {
    if (offered(id)) continue;
    const retired = lookup.retired(id);
    const elsewhere = retired === undefined ? lookup.elsewhere(id) : undefined;
    out.push(
      retired !== undefined
        ? { id, name: retired, reason: 'retired' }
        : elsewhere !== undefined
          ? { id, name: elsewhere, reason: 'not_on_this_site' }
          : { id, name: null, reason: 'unknown' },
    );
  }
  return out;
}

/** The answer's field: left out when every saved card is offered, as the answer was before. */
export function withUnofferedCards<
  P extends Pick<AccountPreferences, 'compareCards' | 'excludeCards' | 'ownedCards'>,
>(
  p: P,
  offered: (id: string) => boolean,
  lookup: UnofferedCardLookup,
): P & { unofferedCards?: UnofferedPreferenceCard[] } {
  const unofferedCards = unofferedPreferenceCards(p, offered, lookup);
  return unofferedCards.length ? { ...p, unofferedCards } : p;
}
