import type { CardSummary } from '@cardwise/contracts';

// The apply rule itself is the contract's, shared with the server.
export { bankApplyUrl, canApply, isCompleteJourneyBank, parseBankList } from '@cardwise/contracts';

/**
 * The slug of the product's one in-product application journey (platform spec §2: "the one bank
 * with a complete in-product journey (fixed slug of a large private bank)").
 */
export const WIZARD_BANK_SLUG = 'hdfc';

/**
 * The in-product application route (spec §2 /cards/apply/{bankSlug}/:cardId). The slug is the
 * wizard's fixed one for every bank on the tenant's complete-journey list: /cards/apply/{other
 * bank}/… is the generic page, which for such a bank could only link back to itself.
 */
export function inProductApplyPath(card: Pick<CardSummary, 'id'>): string {
  return `/cards/apply/${WIZARD_BANK_SLUG}/${encodeURIComponent(card.id)}`;
}

export const NOT_AVAILABLE_TEXT = 'This card is not currently available for application';
