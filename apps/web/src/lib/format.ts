import { type FeeFrequency, todayInIndia } from '@cardwise/contracts';

/**
 * Indian digit grouping (1,00,000), up to two decimals, trailing zeros dropped: what
 * `Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })` prints (format.test.ts
 * compares the two). Done by hand because the first `Intl.NumberFormat` of a page
 * loads the ICU locale data: ~100 ms of main thread on a mid-range phone, spent in
 * the first render of every page that shows a fee.
 */
export function groupIndian(amount: number): string {
  if (!Number.isFinite(amount)) return String(amount);
  const abs = Math.abs(amount);
  // Round the shortest decimal form, as Intl does (1.005 → 1.01), not the binary value.
  const rounded = String(abs).includes('e') ? abs : Number(`${Math.round(Number(`${abs}e2`))}e-2`);
  const [whole = '0', paise = ''] = rounded.toFixed(2).split('.');
  const fraction = paise.replace(/0+$/, '');
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = head ? `${head},${whole.slice(-3)}` : whole;
  // Like Intl, a negative amount keeps its sign even when it rounds to zero ("-0").
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Indian grouping (₹1,00,000), no decimals unless the amount has paise, then both digits (₹9,500.50). */
export function formatInr(amount: number): string {
  const text = groupIndian(Math.abs(amount));
  // The sign goes before the symbol, as Indian banks print a debit: -₹18.33, not ₹-18.33.
  const sign = amount < 0 && text !== '0' ? '-' : '';
  return `${sign}₹${/\.\d$/.test(text) ? `${text}0` : text}`;
}

/** GST on card fees is 18%. Rounded to paise. */
export const GST_RATE = 0.18;

export function withGst(amount: number): number {
  return Math.round(amount * (1 + GST_RATE) * 100) / 100;
}

const PERIOD: Record<FeeFrequency, string> = {
  YEARLY: 'a year',
  MONTHLY: 'a month',
  LIFETIME_FREE: '',
  ONE_TIME: 'once',
};

/** "Yearly", "Monthly", "Lifetime free", "One-time" for badges. */
export function feeFrequencyLabel(frequency: FeeFrequency): string {
  switch (frequency) {
    case 'YEARLY':
      return 'Yearly';
    case 'MONTHLY':
      return 'Monthly';
    case 'LIFETIME_FREE':
      return 'Lifetime free';
    case 'ONE_TIME':
      return 'One-time';
  }
}

/**
 * Short fee for tiles: "₹500 + GST a year", "Free". The GST is named: a bare "₹12,500 a year"
 * beside the card page's "₹12,500 + GST = ₹14,750 a year" showed one card at two prices.
 */
export function formatFeeShort(fee: number, frequency: FeeFrequency): string {
  if (frequency === 'LIFETIME_FREE' || fee === 0) return 'Free';
  return `${plusGst(fee)} ${PERIOD[frequency]}`;
}

/** A fee as banks quote it, before its 18% GST: "₹500 + GST". */
export function plusGst(amount: number): string {
  return `${formatInr(amount)} + GST`;
}

/** The full fee sentence with GST: "₹500 + GST = ₹590 a year". */
export function formatFeeWithGst(fee: number, frequency: FeeFrequency): string {
  if (frequency === 'LIFETIME_FREE' || fee === 0) return 'Free for life (no annual fee)';
  return `${plusGst(fee)} = ${formatInr(withGst(fee))} ${PERIOD[frequency]}`;
}

/** 0.05 → "5%", 0.0133 → "1.33%". */
export function formatRate(rate: number): string {
  const percent = Math.round(rate * 10_000) / 100;
  return `${percent}%`;
}

/** Up to two letters from a person's name or e-mail (spec §2: avatar initials). */
export function initialsOf(nameOrEmail: string): string {
  const base = nameOrEmail.includes('@') ? (nameOrEmail.split('@')[0] ?? '') : nameOrEmail;
  const words = base
    .split(/[\s._-]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase().slice(0, 2) || '?';
}

/** "premium_pick" → "Premium pick", for slugs without a display name. */
export function humanizeSlug(slug: string): string {
  const text = slug.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A calendar day ('2024-01-15') as '15 Jan 2024', read as the day it is (no time-zone shift);
 * anything that is not such a day is returned as it came.
 */
export function formatDay(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * The day an instant ('2026-11-25T20:00:00Z') falls on in India, as '26 Nov 2026': the day a
 * person in India saw it happen, whatever the browser's own time zone; anything that is not
 * an instant is returned as it came.
 */
export function formatDayInIndia(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDay(todayInIndia(d));
}

/**
 * A PAN as Indian banks show it on screen: its first five characters masked, its last five
 * kept ('ABCPI1234K' → 'XXXXX1234K'); a value too short to be a PAN is masked whole.
 */
export function maskPan(pan: string): string {
  const value = pan.trim().toUpperCase();
  const kept = value.length > 5 ? value.slice(-5) : '';
  return 'X'.repeat(value.length - kept.length) + kept;
}

/**
 * An Aadhaar number, from the full one or the server's 'XXXXXXXX1234', with only its last 4
 * digits shown ('XXXX XXXX 1234'); undefined when there are no 4 digits to show.
 */
export function maskAadhaar(value: string | undefined): string | undefined {
  const last4 = (value ?? '').replace(/\D/g, '').slice(-4);
  return last4.length === 4 ? `XXXX XXXX ${last4}` : undefined;
}
