import type { AccountPreferences, UnofferedPreferenceCard } from '@cardwise/contracts';

type Lists = Pick<AccountPreferences, 'compareCards' | 'excludeCards' | 'ownedCards'>;

/**
 * The preferences answer with the saved compare, exclude and owned ids this site does not offer
 * named (`unofferedCards`; `describe` is the catalogue store's `describeUnoffered`). The web's card
 * list holds only offered cards, so a chip saved before a card was retired, or by a user of a site
 * that has since stopped listing its bank, showed its raw id ('sbi_simplyclick'). The field is left
 * out when every saved card is offered, as the answer was before.
 */
export function withUnofferedCards<P extends Lists>(
  p: P,
  offered: (id: string) => boolean,
  describe: (id: string) => UnofferedPreferenceCard,
): P & { unofferedCards?: UnofferedPreferenceCard[] } {
  const ids = new Set([...p.compareCards, ...p.excludeCards, ...p.ownedCards]);
  const unofferedCards = [...ids].filter((id) => !offered(id)).map(describe);
  return unofferedCards.length ? { ...p, unofferedCards } : p;
}
