import type { CardDetail, FeeFrequency } from '@cardwise/contracts';
import { formatInr, humanizeSlug } from '../../lib/format.ts';

/** Readable names for the catalogue fields research may mark uncertain. */
export const FIELD_LABELS: Record<string, string> = {
  annual_fee: 'Annual fee',
  joining_fee: 'Joining fee',
  fee_waiver_annual_spend: 'Fee waiver',
  waiver_condition: 'Fee waiver',
  milestones: 'Milestones',
  rules: 'Earn rates',
  // UNCOUNTED_RATES_FIELD: rates the research reports but our savings leave out.
  uncounted_rates: 'Rates we do not count',
  cap_groups: 'Reward caps',
  reward_point_value_inr: 'Reward point value',
  lounge_access: 'Lounge access',
  fuel_surcharge_waiver: 'Fuel surcharge waiver',
  forex_markup_rate: 'Foreign-currency markup',
  welcome_bonus: 'Welcome bonus',
  min_income: 'Minimum income',
  eligibility: 'Eligibility',
  interest_rate: 'Interest rate',
  credit_score: 'Credit score',
  network: 'Card network',
  sources: 'Sources',
  as_of: 'Date of these facts',
  // RESEARCH_NOTE_FIELD: the page shows such a note by itself; this names it anywhere else.
  research: 'About this research',
  // "Is active" read as a question about the reader's own card.
  is_active: 'Still issued',
};

/**
 * The card's markup on a spend in a foreign currency, with its 18% GST (ADR 034): savings do not
 * count it, so the page says it where the research gives it.
 */
export function forexMarkupText(rate: number | null): string | null {
  if (rate === null) return null;
  if (rate === 0) return 'No markup (0%)';
  const pct = (r: number) => `${Number((r * 100).toFixed(2))}%`;
  return `${pct(rate)} of the spend, plus 18% GST on it (${pct(rate * 1.18)} in all); not counted in savings`;
}

/** A note on some rules (`rules.2`, `rules.1,3`) is labelled as the rules are. */
export function fieldLabel(field: string): string {
  const name = field.split('.')[0] ?? field;
  return FIELD_LABELS[name] ?? humanizeSlug(name);
}

/** Uncertain notes about any of `fields`, for marking a fact where it is shown. */
export function uncertainNotes(card: Pick<CardDetail, 'uncertain'>, ...fields: string[]): string[] {
  return card.uncertain
    .filter((u) => fields.some((f) => u.field === f || u.field.startsWith(`${f}.`)))
    .map((u) => u.note);
}

/** The waiver rule in words: the bank's own wording when known, else built from the threshold. */
export function waiverText(
  card: Pick<CardDetail, 'waiver_condition' | 'fee_waiver_annual_spend' | 'fee' | 'fee_frequency'>,
): string {
  if (card.fee_frequency === 'LIFETIME_FREE' || card.fee === 0) return 'No fee to waive';
  if (card.waiver_condition) return card.waiver_condition;
  if (card.fee_waiver_annual_spend !== null) {
    return `Annual fee waived when you spend ${formatInr(card.fee_waiver_annual_spend)} or more in a year`;
  }
  return 'No spend-based fee waiver';
}

export function milestoneText(m: CardDetail['milestones'][number]): string {
  const worth = formatInr(m.bonus_inr);
  if (!m.note) return `Spend ${formatInr(m.annual_spend)} in a year: bonus worth ${worth}`;
  // The note says what the bank gives, often in points or a quarter at a time ("₹1,000 voucher for
  // ₹1,00,000 spend in a calendar quarter; we count the bonus once you spend ₹4,00,000 in a year"),
  // which left the reader to work out whether ₹1,000 or ₹4,000 a year was counted.
  const said = new RegExp(`${worth.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d,])`).test(m.note);
  return said ? m.note : `${m.note} (counted as ${worth} a year)`;
}

/** Friendly name of a source link: its host without www. */
export function sourceLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** What a card's own fee is called: "Annual fee: ₹9,999 + GST … once" contradicted itself. */
export function feeName(frequency: FeeFrequency): string {
  if (frequency === 'ONE_TIME') return 'One-time fee';
  if (frequency === 'MONTHLY') return 'Monthly fee';
  return 'Annual fee';
}

/**
 * The joining fee to show beside the card's own fee: none when it is the one-time fee itself.
 * A card with only a joining fee is catalogued as a ONE_TIME fee with that amount as its joining
 * fee too (IndusInd Legend), and showing both read as ₹9,999 charged twice.
 */
/** The fee fields these read: a card summary's, or a recommended card's (its frequency is text). */
type FeeFields = { fee: number; fee_frequency: string; joining_fee: number };

export function separateJoiningFee(card: FeeFields): number {
  return card.fee_frequency === 'ONE_TIME' && card.joining_fee === card.fee ? 0 : card.joining_fee;
}

/** True when the joining fee is the one-time fee itself (see separateJoiningFee). */
export function joiningFeeIsTheFee(card: FeeFields): boolean {
  return card.joining_fee > 0 && separateJoiningFee(card) === 0;
}
