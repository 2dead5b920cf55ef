import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CardFilters, filtersFromParams, paramsFromFilters, updateFilters } from './filters.ts';

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

  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { filters, change, clear };
}
