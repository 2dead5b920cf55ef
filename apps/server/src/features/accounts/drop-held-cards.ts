import type { AccountPreferences } from '@cardwise/contracts';

const LIST_WORDS = { compareCards: 'the cards to compare', excludeCards: 'the cards to exclude' } as const;

/**
 * A card the account records as held counts as owned. Sent also to compare or exclude, it is
 * dropped from that list with a warning instead of refusing the request (ADR 015): the user
 * recorded the card in one place and chose it in another, perhaps before recording it, and
 * could not tell from the request what a 400 was about. (The same card in two lists of one
 * request is refused by the contracts' schema: there the client contradicts itself.)
 */
export function dropHeldCards<P extends Pick<AccountPreferences, 'compareCards' | 'excludeCards'>>(
  preferences: P,
  heldIds: readonly string[],
  nameOf: (id: string) => string | undefined,
): { preferences: P; warnings: string[] } {
  const held = new Set(heldIds);
  const warnings: string[] = [];
  const keep = (list: keyof typeof LIST_WORDS) =>
    preferences[list].filter((id) => {
      if (!held.has(id)) return true;
      warnings.push(
        `${nameOf(id) ?? id} is on your account as a card you hold, so it counts as owned and was left out of ${LIST_WORDS[list]}.`,
      );
      return false;
    });
  const compareCards = keep('compareCards');
  const excludeCards = keep('excludeCards');
  if (warnings.length === 0) return { preferences, warnings };
  // An empty compare list means every card: say so, since the user had narrowed it.
  if (compareCards.length === 0 && preferences.compareCards.length > 0)
    warnings.push('No card is left to compare, so every card is considered.');
  return { preferences: { ...preferences, compareCards, excludeCards }, warnings };
}
