import { type AccountPreferences, clampDesiredCardCount, DEFAULT_PREFERENCES } from '@cardwise/contracts';

export type Preferences = AccountPreferences;
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

/** Spec §4: a card chosen on the other side is listed but disabled. */
export function disabledReason(prefs: Preferences, side: PreferenceSide, id: string): string | undefined {
  if (!prefs[other(side)].includes(id)) return undefined;
  return side === 'compareCards' ? 'Already excluded' : 'Already in compare';
}

/** Spec §4: on logout the preferences reset to empty lists with desiredCardCount 1. */
export function preferencesFor(signedIn: boolean, saved: Preferences | undefined): Preferences {
  return signedIn && saved ? saved : DEFAULT_PREFERENCES;
}
