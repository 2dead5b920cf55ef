import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CardFilters,
  EMPTY_FILTERS,
  filtersFromParams,
  paramsFromFilters,
  updateFilters,
} from './filters.ts';

/** Filter state that lives in the URL's search params (read and written through filters.ts). */
export function useCardFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const change = useCallback(
    (patch: Partial<CardFilters>, options?: { replace?: boolean }) => {
      setParams((prev) => paramsFromFilters(updateFilters(filtersFromParams(prev), patch)), {
        replace: options?.replace ?? false,
      });
    },
    [setParams],
  );

  // Clearing the filters keeps the order the reader chose: it narrowed nothing.
  const clear = useCallback(
    () => setParams((prev) => paramsFromFilters({ ...EMPTY_FILTERS, sort: filtersFromParams(prev).sort })),
    [setParams],
  );

  return { filters, change, clear };
}
