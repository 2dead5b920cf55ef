import {
  type AccountSpendingEntry,
  type EntryFrequency,
  isWholePaise,
  MAX_SPENDING_AMOUNT,
  MAX_SPENDING_AMOUNT_MESSAGE,
  NEGATIVE_SPENDING_AMOUNT_MESSAGE,
  plainNumber,
  SPENDING_AMOUNT_MESSAGE,
  SPENDING_AMOUNT_PAISE_MESSAGE,
} from '@cardwise/contracts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { readStorage, tenantKey, writeStorage } from '../../lib/storage.ts';
import { EMPTY_SELECTION, LEVELS, type LevelSelection } from './category-levels.ts';

/**
 * A spending entry in the shape the server stores and the recommendation call takes
 * (spec §3 "Spending entry as sent to the server"). One shape everywhere (browser
 * storage, the account, the request), so nothing is lost between them.
 */
export type SpendingEntry = AccountSpendingEntry;

export const FREQUENCY_OPTIONS: readonly { value: EntryFrequency; label: string; per: string }[] = [
  { value: 'MONTHLY', label: 'Monthly', per: 'a month' },
  { value: 'WEEKLY', label: 'Weekly', per: 'a week' },
  { value: 'DAILY', label: 'Daily', per: 'a day' },
  { value: 'QUARTERLY', label: 'Quarterly', per: 'a quarter' },
  { value: 'HALF_YEARLY', label: 'Half-yearly', per: 'every 6 months' },
  { value: 'YEARLY', label: 'Yearly', per: 'a year' },
  { value: 'ONE_TIME', label: 'One-time', per: 'once' },
];

export function frequencyLabel(frequency: EntryFrequency): string {
  return FREQUENCY_OPTIONS.find((f) => f.value === frequency)?.label ?? frequency;
}

/** What the form edits: the six levels, brand, the amount as typed, and the frequency. */
export interface SpendingDraft extends LevelSelection {
  brand: string;
  amount: string;
  frequency: EntryFrequency;
}

export const EMPTY_DRAFT: SpendingDraft = { ...EMPTY_SELECTION, brand: '', amount: '', frequency: 'MONTHLY' };

/** Spec §5: required, and must parse as a number. Returns the message, or null when valid. */
export function amountError(amount: string): string | null {
  // The contract's reading of a number typed as text, as the server's (no hex, no exponents).
  const n = plainNumber(amount);
  if (typeof n !== 'number') return SPENDING_AMOUNT_MESSAGE;
  if (n < 0) return NEGATIVE_SPENDING_AMOUNT_MESSAGE;
  // The server's own limit: one entry over it made the whole recommendation request fail.
  if (n > MAX_SPENDING_AMOUNT) return MAX_SPENDING_AMOUNT_MESSAGE;
  if (!isWholePaise(n)) return SPENDING_AMOUNT_PAISE_MESSAGE;
  return null;
}

/** Spec §5: the amount is stored as a decimal, 0 when empty. */
export function parseAmount(amount: string): number {
  const n = plainNumber(amount);
  return typeof n === 'number' ? Math.round(n * 100) / 100 : 0;
}

/** Spec §3: new entries get a random string id. */
export function newEntryId(): string {
  return randomUuid();
}

export function draftToEntry(draft: SpendingDraft, id: string, previous?: SpendingEntry): SpendingEntry {
  const levels = Object.fromEntries(LEVELS.map((l) => [l.key, draft[l.key] || null])) as LevelSelection;
  return {
    id,
    amount: parseAmount(draft.amount),
    ...levels,
    brand: draft.brand.trim() || null,
    frequency: draft.frequency,
    payment_method: previous?.payment_method ?? 'other',
    transaction_type: previous?.transaction_type ?? null,
  };
}

export function entryToDraft(entry: SpendingEntry): SpendingDraft {
  const levels = Object.fromEntries(LEVELS.map((l) => [l.key, entry[l.key]])) as LevelSelection;
  return { ...levels, brand: entry.brand ?? '', amount: String(entry.amount), frequency: entry.frequency };
}

/** Duplicate (spec §4): the same spend under a new random id. */
export function duplicateEntry(entry: SpendingEntry): SpendingEntry {
  return { ...entry, id: newEntryId() };
}

/** Add, or replace by id (spec §4: update replaces the entry by id). */
export function upsertEntry(entries: readonly SpendingEntry[], entry: SpendingEntry): SpendingEntry[] {
  const at = entries.findIndex((e) => e.id === entry.id);
  if (at === -1) return [...entries, entry];
  return entries.map((e, i) => (i === at ? entry : e));
}

// ---------------------------------------------------------------------------
// Anonymous users: entries live in this browser (per tenant).
// ---------------------------------------------------------------------------

const FREQUENCIES = new Set(FREQUENCY_OPTIONS.map((f) => f.value));

function levelId(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'id' in value) return levelId((value as { id: unknown }).id);
  return null;
}

/**
 * Reads what a stored entry holds, tolerating older shapes (the form's camelCase names,
 * select values stored as objects): a broken record is dropped, never a broken page.
 */
export function reviveEntry(raw: unknown): SpendingEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : null;
  if (!id) return null;
  const amount = typeof r.amount === 'number' ? r.amount : parseAmount(String(r.amount ?? ''));
  // An entry stored before the form knew the server's limit would fail every recommendation.
  if (amount > MAX_SPENDING_AMOUNT) return null;
  const frequency = FREQUENCIES.has(r.frequency as EntryFrequency)
    ? (r.frequency as EntryFrequency)
    : 'MONTHLY';
  return {
    id,
    amount: Number.isFinite(amount) ? amount : 0,
    spending_mode: levelId(r.spending_mode ?? r.spendingMode),
    platform_type: levelId(r.platform_type ?? r.platformType),
    platform_name: levelId(r.platform_name ?? r.platformName),
    spending_category: levelId(r.spending_category ?? r.spendingCategory ?? r.category),
    spending_sub_category: levelId(r.spending_sub_category ?? r.subCategory ?? r.specificCategory),
    product: levelId(r.product),
    brand: typeof r.brand === 'string' && r.brand.trim() ? r.brand.trim() : null,
    frequency,
    payment_method: typeof r.payment_method === 'string' && r.payment_method ? r.payment_method : 'other',
    transaction_type: typeof r.transaction_type === 'string' ? r.transaction_type : null,
  };
}

export function localEntriesKey(tenant: string): string {
  return tenantKey(tenant, 'spending_entries');
}

export function readLocalEntries(tenant: string): SpendingEntry[] {
  const raw = readStorage(localEntriesKey(tenant));
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    const seen = new Set<string>();
    return list
      .map(reviveEntry)
      .filter((e): e is SpendingEntry => e !== null && !seen.has(e.id) && Boolean(seen.add(e.id)));
  } catch {
    return [];
  }
}

export function writeLocalEntries(tenant: string, entries: readonly SpendingEntry[]): void {
  writeStorage(localEntriesKey(tenant), JSON.stringify(entries));
}
