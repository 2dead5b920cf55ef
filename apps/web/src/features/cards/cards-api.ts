import type {
  CardApplyOptions,
  CardDetail,
  CardSummary,
  CategoryNodeDto,
  PaginatedCards,
  TagDto,
} from '@cardwise/contracts';
import { apiRequest, apiRequestUnchecked, isRecord, type QueryValue } from '../../lib/api-client.ts';

/*
 * Lists (cards, featured, sponsored, categories, tags) are on the first render of `/` and
 * `/cards`: they get a structural check instead of zod (apiRequestUnchecked). The card
 * detail is validated with its schema, loaded with the detail page's own chunk.
 */

function isCardList(data: unknown): boolean {
  return Array.isArray(data) && data.every((c) => isRecord(c) && typeof c.id === 'string');
}

function hasCardResults(data: unknown): boolean {
  return isRecord(data) && isCardList(data.results);
}

function isCardPage(data: unknown): boolean {
  return hasCardResults(data) && typeof (data as { count?: unknown }).count === 'number';
}

/** Query keys in one place, so invalidation later (accounts, preferences) hits the right entries. */
export const cardKeys = {
  list: (query: Record<string, QueryValue>) => ['cards', 'list', query] as const,
  detail: (id: string) => ['cards', 'detail', id] as const,
  apply: (id: string) => ['cards', 'apply', id] as const,
  featured: ['cards', 'featured'] as const,
  sponsored: ['cards', 'sponsored'] as const,
  categories: ['categories'] as const,
  tags: ['tags'] as const,
};

export function fetchCards(query: Record<string, QueryValue>): Promise<PaginatedCards> {
  return apiRequestUnchecked<PaginatedCards>('cards/', isCardPage, { query });
}

export async function fetchCard(id: string): Promise<CardDetail> {
  const { cardDetailSchema } = await import('@cardwise/contracts/cards-api');
  return apiRequest(`cards/${encodeURIComponent(id)}/`, cardDetailSchema);
}

/** How this tenant takes an application for the card (GET cards/apply/{id}/, ADR 016). */
export async function fetchApplyOptions(id: string): Promise<CardApplyOptions> {
  const { cardApplyOptionsSchema } = await import('@cardwise/contracts/cards-api');
  return apiRequest(`cards/apply/${encodeURIComponent(id)}/`, cardApplyOptionsSchema);
}

export async function fetchFeaturedCards(): Promise<CardSummary[]> {
  return (await apiRequestUnchecked<{ results: CardSummary[] }>('cards/featured/', hasCardResults)).results;
}

export async function fetchSponsoredCards(): Promise<CardSummary[]> {
  return (await apiRequestUnchecked<{ results: CardSummary[] }>('cards/sponsored/', hasCardResults)).results;
}

function isCategoryTree(data: unknown): boolean {
  return (
    Array.isArray(data) &&
    data.every((n) => isRecord(n) && typeof n.slug === 'string' && isCategoryTree(n.children))
  );
}

/** Spec §7: the categories answer is a list or an object with results. */
export async function fetchCategories(): Promise<CategoryNodeDto[]> {
  const answer = await apiRequestUnchecked<CategoryNodeDto[] | { results: CategoryNodeDto[] }>(
    'categories/',
    (data) => isCategoryTree(data) || (isRecord(data) && isCategoryTree(data.results)),
  );
  return Array.isArray(answer) ? answer : answer.results;
}

export function fetchTags(): Promise<TagDto[]> {
  return apiRequestUnchecked<TagDto[]>('tags/', (data) => Array.isArray(data) && data.every(isRecord));
}
