import { formatInr } from '../../lib/format.ts';

const amount = (v: unknown): number | null => {
  const n = Number(String(v ?? '').replace(/[,\s₹]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * A word under the monthly income when it and the annual income disagree by more than a quarter:
 * both are asked for and typed apart, and "12,00,000" a year beside "50,000" a month went to the
 * bank as they were. Said, not refused: a yearly figure may rightly include bonuses.
 */
export function incomeMismatch(annual: unknown, monthly: unknown): string | null {
  const year = amount(annual);
  const month = amount(monthly);
  if (year === null || month === null) return null;
  const ratio = (month * 12) / year;
  if (ratio >= 0.75 && ratio <= 4 / 3) return null;
  return `${formatInr(month)} a month is ${formatInr(month * 12)} a year, against an annual income of ${formatInr(year)}: check both (a yearly figure may include bonuses).`;
}

/**
 * A word under the annual income when it is below the card's published minimum: the wizard let
 * a ₹12,00,000 income apply for a card asking ₹30,00,000, with nothing said, and a declined
 * application still leaves a hard enquiry on the credit report. Said, not refused: banks weigh
 * more than income (an existing relationship, another card's limit), and a minimum marked
 * uncertain in the research is not said at all.
 */
export function belowCardMinimum(
  annual: unknown,
  card:
    | { name: string; min_income: number | null; uncertain: readonly { field: string }[] }
    | null
    | undefined,
): string | null {
  const year = amount(annual);
  if (year === null || !card || card.min_income === null || card.min_income <= year) return null;
  if (card.uncertain.some((u) => u.field === 'min_income' || u.field.startsWith('min_income.'))) return null;
  return `${card.name} asks for an income of at least ${formatInr(card.min_income)} a year. The bank may decline a lower one, and every application shows on your credit report.`;
}

/**
 * The amount as it will read on the review ("₹12,00,000 a year"), under a field typed as bare
 * digits: seven zeros typed for six is easy to miss in "1200000" and plain in "₹1,20,00,000".
 */
export function amountAsRead(v: unknown, per: 'a year' | 'a month'): string | null {
  const n = amount(v);
  return n === null ? null : `${formatInr(n)} ${per}`;
}
