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
