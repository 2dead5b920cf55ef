import type { CardSummary } from '@cardwise/contracts';

// The apply rule itself is the contract's, shared with the server.
export { bankApplyUrl, canApply, isCompleteJourneyBank, parseBankList } from '@cardwise/contracts';

/** The in-product application route (spec §2 /cards/apply/{bankSlug}/:cardId). */
export function inProductApplyPath(card: Pick<CardSummary, 'bank' | 'id'>): string {
  return `/cards/apply/${encodeURIComponent(card.bank)}/${encodeURIComponent(card.id)}`;
}

export const NOT_AVAILABLE_TEXT = 'This card is not currently available for application';
