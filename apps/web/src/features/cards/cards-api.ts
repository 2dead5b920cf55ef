import {
  type CardDetail,
  type CardSummary,
  type CategoryNodeDto,
  cardDetailSchema,
  cardResultsSchema,
  categoryNodeDtoSchema,
  type PaginatedCards,
  paginatedCardsSchema,
  type TagDto,
  tagDtoSchema,
} from '@cardwise/contracts';
import { z } from 'zod';
import { apiRequest, type QueryValue } from '../../lib/api-client.ts';

/** Query keys in one place, so invalidation later (accounts, preferences) hits the right entries. */
export const cardKeys = {
  list: (query: Record<string, QueryValue>) => ['cards', 'list', query] as const,
  detail: (id: string) => ['cards', 'detail', id] as const,
  featured: ['cards', 'featured'] as const,
  sponsored: ['cards', 'sponsored'] as const,
  categories: ['categories'] as const,
  tags: ['tags'] as const,
};

export function fetchCards(query: Record<string, QueryValue>): Promise<PaginatedCards> {
  return apiRequest('cards/', paginatedCardsSchema, { query });
}

export function fetchCard(id: string): Promise<CardDetail> {
  return apiRequest(`cards/${encodeURIComponent(id)}/`, cardDetailSchema);
}

export async function fetchFeaturedCards(): Promise<CardSummary[]> {
  return (await apiRequest('cards/featured/', cardResultsSchema)).results;
}

export async function fetchSponsoredCards(): Promise<CardSummary[]> {
  return (await apiRequest('cards/sponsored/', cardResultsSchema)).results;
}

/** Spec §7: the categories answer is a list or an object with results. */
const categoriesAnswerSchema = z.union([
  z.array(categoryNodeDtoSchema),
  z.object({ results: z.array(categoryNodeDtoSchema) }).transform((a) => a.results),
]);

export function fetchCategories(): Promise<CategoryNodeDto[]> {
  return apiRequest('categories/', categoriesAnswerSchema);
}

export function fetchTags(): Promise<TagDto[]> {
  return apiRequest('tags/', z.array(tagDtoSchema));
}
