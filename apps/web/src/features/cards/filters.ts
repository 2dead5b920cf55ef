import { CARD_SORTS, type CardSort, OWN_BRAND_CODE } from '@cardwise/contracts';
import type { QueryValue } from '../../lib/api-client.ts';

/**
 * /cards filters live in the URL (shareable, back-button friendly). These two
 * functions are the only translation between search params and filter state.
 */
export interface CardFilters {
  tag: string | null;
  bank: string | null;
  feeMin: number | null;
  feeMax: number | null;
  category: string | null;
  search: string;
  /** The list's order; null is the default (relevance), which the URL leaves out. */
  sort: Exclude<CardSort, 'relevance'> | null;
  page: number;
}

export const EMPTY_FILTERS: CardFilters = {
  tag: null,
  bank: null,
  feeMin: null,
  feeMax: null,
  category: null,
  search: '',
  sort: null,
  page: 1,
};

export const PAGE_SIZE = 12;

const SLUG = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

function slugParam(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim().toLowerCase() ?? '';
  return SLUG.test(value) ? value : null;
}

function moneyParam(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

function sortParam(params: URLSearchParams): CardFilters['sort'] {
  const value = params.get('sort');
  return (
    CARD_SORTS.find((s): s is Exclude<CardSort, 'relevance'> => s === value && s !== 'relevance') ?? null
  );
}

/** Read filters from the URL; malformed values are dropped rather than sent to the API. */
export function filtersFromParams(params: URLSearchParams): CardFilters {
  const page = Number(params.get('page'));
  let feeMin = moneyParam(params, 'fee_min');
  let feeMax = moneyParam(params, 'fee_max');
  if (feeMin !== null && feeMax !== null && feeMin > feeMax) [feeMin, feeMax] = [feeMax, feeMin];
  return {
    tag: slugParam(params, 'tag'),
    bank: slugParam(params, 'bank'),
    feeMin,
    feeMax,
    category: slugParam(params, 'category'),
    search: (params.get('search') ?? '').slice(0, 100),
    sort: sortParam(params),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Write filters to URL params, omitting defaults so clean URLs stay clean. */
export function paramsFromFilters(filters: CardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.bank) params.set('bank', filters.bank);
  if (filters.feeMin !== null) params.set('fee_min', String(filters.feeMin));
  if (filters.feeMax !== null) params.set('fee_max', String(filters.feeMax));
  if (filters.category) params.set('category', filters.category);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changing any filter (or the order) other than the page starts again at page 1. */
export function updateFilters(current: CardFilters, change: Partial<CardFilters>): CardFilters {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  return next;
}

/** The order is no filter: it narrows nothing, and "Clear all filters" keeps it. */
export function hasActiveFilters(filters: CardFilters): boolean {
  return (
    filters.tag !== null ||
    filters.bank !== null ||
    filters.feeMin !== null ||
    filters.feeMax !== null ||
    filters.category !== null ||
    filters.search.trim() !== ''
  );
}

/** The GET /api/cards query for these filters (and a section page's section). */
export function listQueryFor(filters: CardFilters, section: string | null): Record<string, QueryValue> {
  return {
    tag: filters.tag,
    section,
    bank: filters.bank,
    fee_min: filters.feeMin,
    fee_max: filters.feeMax,
    category: filters.category,
    search: filters.search.trim() || null,
    sort: filters.sort,
    page: filters.page,
    page_size: PAGE_SIZE,
  };
}

/** Fee presets for the filter; any other URL range shows as "custom". */
export const FEE_PRESETS = [
  { id: 'free', label: 'Free (no annual fee)', min: 0, max: 0 },
  // Before GST, as the tiles' "₹500 + GST a year" and the banks' own fee tables give them.
  { id: 'upto1k', label: 'Up to ₹1,000 + GST', min: 0, max: 1000 },
  { id: '1k-5k', label: '₹1,001 to ₹5,000 + GST', min: 1001, max: 5000 },
  { id: '5k-plus', label: 'Above ₹5,000 + GST', min: 5001, max: null },
] as const;

export function feePresetOf(filters: CardFilters): string | null {
  if (filters.feeMin === null && filters.feeMax === null) return null;
  const preset = FEE_PRESETS.find((p) => p.min === filters.feeMin && p.max === filters.feeMax);
  return preset?.id ?? 'custom';
}

/** The list's orders; "Relevance" (no `sort` in the URL) is the catalogue's own order. */
export const SORT_OPTIONS: readonly { value: Exclude<CardSort, 'relevance'>; label: string }[] = [
  { value: 'annual_fee_asc', label: 'Annual fee: low to high' },
  { value: 'annual_fee_desc', label: 'Annual fee: high to low' },
  { value: 'joining_fee_asc', label: 'Joining fee: low to high' },
  { value: 'name_asc', label: 'Name A–Z' },
];

/** Spec §2 tag filters, with readable names (the API's tag list may rename them). */
export const TAG_FILTERS = [
  { slug: 'new_launch', label: 'New launch' },
  { slug: 'high_approval_rate', label: 'High approval rate' },
  { slug: 'sponsored', label: 'Sponsored' },
  { slug: 'featured', label: 'Featured' },
] as const;

/** The tenant's banks that issue cards: its list ends with the product's own brand, which issues none. */
export function issuingBanks<B extends { code: string }>(banks: readonly B[]): B[] {
  return banks.filter((b) => b.code !== OWN_BRAND_CODE);
}
