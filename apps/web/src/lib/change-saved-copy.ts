import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface SavedCopy<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** What a change starts from once the saved copy has arrived (e.g. the defaults for none). */
  read: (saved: T | undefined) => T;
}

/**
 * Changes an account resource the server takes whole (a PUT of the entire list or object) and
 * saves it. The change is made to the saved copy, never to a placeholder: when the saved copy
 * had not arrived (still loading, or its request failed), a change made to the empty default
 * replaced everything the account had. So it is fetched first (the request in flight, if any),
 * then changed; if it cannot be had, nothing is sent, and the failed query's own message says so.
 */
export function changeSavedCopy<T>(
  queryClient: QueryClient,
  copy: SavedCopy<T>,
  change: (current: T) => T,
  save: (next: T) => void,
): void {
  const apply = () => {
    // Read at the moment of the change: an earlier change waiting for the same answer has been
    // made to it already.
    const next = change(copy.read(queryClient.getQueryData<T>(copy.queryKey)));
    queryClient.setQueryData(copy.queryKey, next);
    save(next);
  };
  if (queryClient.getQueryData<T>(copy.queryKey) !== undefined) {
    apply();
    return;
  }
  queryClient.fetchQuery({ queryKey: copy.queryKey, queryFn: copy.queryFn }).then(apply, () => {});
}
