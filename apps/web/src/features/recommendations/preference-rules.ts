import {
  type AccountPreferences,
  type CardSummary,
  clampDesiredCardCount,
  DEFAULT_PREFERENCES,
  type OwnedCard,
  type UnofferedPreferenceCard,
} from '@cardwise/contracts';

/** The saved preferences as the server answers them: with the saved cards it no longer offers named. */
export type Preferences = AccountPreferences & { unofferedCards?: UnofferedPreferenceCard[] };
export { clampDesiredCardCount, DEFAULT_PREFERENCES };

export type PreferenceSide = 'compareCards' | 'excludeCards';

const other = (side: PreferenceSide): PreferenceSide =>
  side === 'compareCards' ? 'excludeCards' : 'compareCards';

/**
 * Choose or un-choose a card on one side. Spec §4: adding a card to compare removes it
 * from exclude, and vice versa.
 */
export function toggleCard(prefs: Preferences, side: PreferenceSide, id: string): Preferences {
  if (prefs[side].includes(id)) return { ...prefs, [side]: prefs[side].filter((c) => c !== id) };
  const opposite = other(side);
  return { ...prefs, [side]: [...prefs[side], id], [opposite]: prefs[opposite].filter((c) => c !== id) };
}

export function removeCard(prefs: Preferences, side: PreferenceSide, id: string): Preferences {
  return { ...prefs, [side]: prefs[side].filter((c) => c !== id) };
}

/**
 * Spec §4: the compare select is disabled when there are no cards at all, or when
 * exclude has items and compare is empty; the exclude select under the mirror condition.
 */
export function isSideDisabled(prefs: Preferences, side: PreferenceSide, cardCount: number): boolean {
  if (cardCount === 0) return true;
  return prefs[other(side)].length > 0 && prefs[side].length === 0;
}

/** Why a card the user holds cannot be compared or excluded (listed, but not choosable). */
export const OWNED_REASON = 'You have this card';

/**
 * A held card's name in the compare and exclude options and chips: "{name} (You have this card)",
 * so the reason it cannot be chosen, or why a chip saved before the user recorded the card no
 * longer counts, is read with the name itself.
 */
export function cardLabel(name: string, held: boolean): string {
  return held ? `${name} (${OWNED_REASON})` : name;
}

/**
 * Spec §4: a card chosen on the other side is listed but disabled. So is a card the user holds
 * (unless it is already on this side, so it can still be taken off): what they hold always counts
 * and is never a new card to recommend, so comparing it left nothing to recommend ("none of the
 * cards you chose to compare is offered here") and excluding it changed nothing.
 */
export function disabledReason(
  prefs: Preferences,
  side: PreferenceSide,
  id: string,
  owned: ReadonlySet<string> = new Set(),
): string | undefined {
  if (owned.has(id) && !prefs[side].includes(id)) return OWNED_REASON;
  if (!prefs[other(side)].includes(id)) return undefined;
  return side === 'compareCards' ? 'Already excluded' : 'Already in compare';
}

/**
 * The compare list the recommendation request sends: without the cards the user holds, which are
 * never candidates for a new card (reward-model §4). One saved before the user added the card to
 * their own would otherwise restrict the new cards to none and leave nothing to recommend.
 */
export function comparedNewCards(compareCards: readonly string[], owned: readonly string[]): string[] {
  return compareCards.filter((id) => !owned.includes(id));
}

/**
 * The preferences a recommendation request sends, given the user's held records (my-cards). A card
 * the saved preferences list as owned leaves compare and exclude (the server refuses a request
 * naming one card in two lists, ADR 015). A card held on an active record (which the server counts
 * as owned for a signed-in user) that is also compared or excluded, chosen before the user recorded
 * holding it, is sent where it was chosen and not as owned: the server drops it from that list and
 * its answer's `warnings` say so, which the page shows. Dropped here, the user's compare list
 * changed in silence (a list of only that card then meant every card). Other held cards (a record
 * the account keeps inactive, which the server does not count) are sent as owned, as before.
 */
export function requestPreferences(
  prefs: Preferences,
  held: readonly Pick<OwnedCard, 'card_id' | 'is_active'>[],
): Pick<Preferences, 'compareCards' | 'excludeCards' | 'ownedCards' | 'desiredCardCount'> {
  const owned = new Set([...prefs.ownedCards, ...held.map((c) => c.card_id)]);
  const chosen = new Set([...prefs.compareCards, ...prefs.excludeCards]);
  const leftToServer = new Set(
    held
      .filter((c) => c.is_active && chosen.has(c.card_id) && !prefs.ownedCards.includes(c.card_id))
      .map((c) => c.card_id),
  );
  const keep = (id: string) => !owned.has(id) || leftToServer.has(id);
  return {
    compareCards: prefs.compareCards.filter(keep),
    excludeCards: prefs.excludeCards.filter(keep),
    ownedCards: [...owned].filter((id) => !leftToServer.has(id)),
    desiredCardCount: prefs.desiredCardCount,
  };
}

/** Spec §4: on logout the preferences reset to empty lists with desiredCardCount 1. */
export function preferencesFor(signedIn: boolean, saved: Preferences | undefined): Preferences {
  return signedIn && saved ? saved : DEFAULT_PREFERENCES;
}

/** What a chip says of a card not in the list of offered ones: a short note after its name. */
export const UNOFFERED_NOTES: Record<UnofferedPreferenceCard['reason'], string> = {
  retired: 'no longer offered',
  not_on_this_site: 'not offered on this site',
  unknown: 'no longer offered',
};
/** A saved card nobody can name (the catalogue does not know its id): never the id itself. */
export const NAMELESS_CARD = 'A card no longer offered';
export const LOADING_CARD = 'Loading card…';

/**
 * The name a chosen card's chip shows, and a note when it is not offered here. The card list the
 * panel uses holds only the cards this site offers, so a card saved before it was retired (or
 * before the site stopped listing its bank) is named from the preferences answer's `unofferedCards`;
 * one named nowhere (retired since the answer, say) reads as a card no longer offered, and while
 * the list is still loading, as loading: a raw id ('sbi_simplyclick') means nothing to the user.
 */
export function chosenCardName(
  id: string,
  offered: ReadonlyMap<string, Pick<CardSummary, 'name'>>,
  prefs: Pick<Preferences, 'unofferedCards'>,
  cardsLoading: boolean,
): { name: string; note?: string } {
  const card = offered.get(id);
  if (card) return { name: card.name };
  const unoffered = prefs.unofferedCards?.find((c) => c.id === id);
  if (unoffered?.name) return { name: unoffered.name, note: UNOFFERED_NOTES[unoffered.reason] };
  if (!unoffered && cardsLoading) return { name: LOADING_CARD };
  return { name: NAMELESS_CARD };
}
