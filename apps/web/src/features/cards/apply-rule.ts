import type { CardSummary } from '@cardwise/contracts';

type ApplyFields = Pick<CardSummary, 'bank' | 'bank_name' | 'apply_url' | 'affiliated_url'>;

/** The comma-separated complete-journey setting, as lower-case entries. */
export function parseBankList(setting: string): string[] {
  return setting
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Spec §4: a bank is on the complete-journey list when an entry is contained
 * (case-insensitively) in its name or code, e.g. "hdfc" matches "HDFC Bank".
 */
export function isCompleteJourneyBank(
  card: Pick<CardSummary, 'bank' | 'bank_name'>,
  setting: string,
): boolean {
  const name = card.bank_name.toLowerCase();
  const code = card.bank.toLowerCase();
  return parseBankList(setting).some((entry) => name.includes(entry) || code.includes(entry));
}

/** The bank's own application page: the affiliate link when there is one, else the apply URL. */
export function externalApplyUrl(card: ApplyFields): string | null {
  if (card.affiliated_url !== false && card.affiliated_url) return card.affiliated_url;
  return card.apply_url || null;
}

/**
 * Spec §4 apply rule: enabled when affiliated_url is not false and the card has
 * an apply URL, or when its bank has the complete in-product journey.
 */
export function canApply(card: ApplyFields, completeJourneyBanks: string): boolean {
  if (card.affiliated_url !== false && externalApplyUrl(card) !== null) return true;
  return isCompleteJourneyBank(card, completeJourneyBanks);
}

/** The in-product application route (spec §2 /cards/apply/{bankSlug}/:cardId). */
export function inProductApplyPath(card: Pick<CardSummary, 'bank' | 'id'>): string {
  return `/cards/apply/${encodeURIComponent(card.bank)}/${encodeURIComponent(card.id)}`;
}

export const NOT_AVAILABLE_TEXT = 'This card is not currently available for application';
