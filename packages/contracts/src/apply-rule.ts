import type { CardSummary } from './cards-api.ts';

/**
 * Platform spec §4, "Apply button on a card": which cards can be applied for, and where. One
 * reading for the web (which enables the button) and the server (which starts in-product
 * applications and logs departures to the bank's site), so the two never disagree.
 */

type ApplyFields = Pick<CardSummary, 'bank' | 'bank_name' | 'apply_url' | 'affiliated_url'>;

/** The comma-separated complete-journey setting, as lower-case entries. */
export function parseBankList(setting: string): string[] {
  return setting
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * A bank is on the complete-journey list when an entry is contained (case-insensitively) in its
 * name or code, e.g. "hdfc" matches "HDFC Bank".
 */
export function isCompleteJourneyBank(
  card: Pick<CardSummary, 'bank' | 'bank_name'>,
  setting: string,
): boolean {
  const name = card.bank_name.toLowerCase();
  const code = card.bank.toLowerCase();
  return parseBankList(setting).some((entry) => name.includes(entry) || code.includes(entry));
}

/**
 * The bank's own application page: the affiliate link when there is one, else (affiliated_url
 * null: no affiliate deal) the apply URL; none when affiliated_url is false (the card is not
 * available for application on the bank's site, e.g. one its bank issues only by invitation).
 */
export function bankApplyUrl(card: Pick<CardSummary, 'apply_url' | 'affiliated_url'>): string | null {
  if (card.affiliated_url === false) return null;
  return card.affiliated_url || card.apply_url || null;
}

/** Enabled when the bank's site can be sent to, or when the bank has the complete in-product journey. */
export function canApply(card: ApplyFields, completeJourneyBanks: string): boolean {
  return bankApplyUrl(card) !== null || isCompleteJourneyBank(card, completeJourneyBanks);
}

/**
 * The slug of the product's one in-product application journey (platform spec §2: "the one bank
 * with a complete in-product journey (fixed slug of a large private bank)").
 */
export const WIZARD_BANK_SLUG = 'hdfc';

/**
 * The in-product application route (spec §2 /cards/apply/{bankSlug}/:cardId). The slug is the
 * wizard's fixed one for every bank on the tenant's complete-journey list: /cards/apply/{other
 * bank}/… is the generic page, which for such a bank could only link back to itself. Here, not
 * in the web app, because GET /api/cards/apply/{id}/ answers it too.
 */
export function inProductApplyPath(card: Pick<CardSummary, 'id'>): string {
  return `/cards/apply/${WIZARD_BANK_SLUG}/${encodeURIComponent(card.id)}`;
}

/** The card's application address under its own bank's code: where a mistaken bank in the address goes. */
export function ownBankApplyPath(card: { bank: string; id: string }): string {
  return `/cards/apply/${encodeURIComponent(card.bank)}/${encodeURIComponent(card.id)}`;
}
