import type { CategoryNodeDto } from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { cardKeys, fetchCategories } from '../cards/cards-api.ts';
import { indexTree } from './category-levels.ts';

export interface CategoriesState {
  tree: CategoryNodeDto[];
  byId: Map<string, CategoryNodeDto>;
  loading: boolean;
  failed: boolean;
}

/** GET categories, indexed by id. Spec §8: a failure is logged and the form says so. */
export function useCategories(): CategoriesState {
  const query = useQuery({ queryKey: cardKeys.categories, queryFn: fetchCategories, meta: { toast: false } });
  useEffect(() => {
    if (query.isError) console.error('Failed to load categories', query.error);
  }, [query.isError, query.error]);
  const tree = query.data;
  const byId = useMemo(() => indexTree(tree ?? []), [tree]);
  return { tree: tree ?? [], byId, loading: query.isPending, failed: query.isError };
}
