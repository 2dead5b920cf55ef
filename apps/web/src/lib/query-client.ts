import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-errors.ts';
import { notifyError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `toast: false` when the screen shows the failure itself (e.g. a card's not-found state). */
    queryMeta: { toast?: boolean };
    mutationMeta: { toast?: boolean };
  }
}

/** Spec §9: GET answers stay fresh for 5 minutes. */
export const STALE_TIME_MS = 5 * 60 * 1000;

/**
 * One retry for failed fetches (spec §9). A 4xx answer will not change on retry
 * (an unknown card stays unknown), so those fail at once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.toast === false) return;
        notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.toast === false) return;
        notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
