import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { removeStorage } from '../../lib/storage.ts';
import { accountKeys, fetchSpendingEntries, saveSpendingEntries } from '../accounts/accounts-api.ts';
import { useSession } from '../layout/use-session.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import {
  localEntriesKey,
  readLocalEntries,
  type SpendingEntry,
  writeLocalEntries,
} from './spending-entry.ts';

export interface SpendingEntriesState {
  entries: SpendingEntry[];
  /** True until a signed-in user's saved entries have arrived. */
  loading: boolean;
  signedIn: boolean;
  update: (change: (entries: SpendingEntry[]) => SpendingEntry[]) => void;
}

/**
 * Where the entries live: in this browser for anonymous users; on the server for a
 * signed-in user (GET/PUT accounts/spending-entries, the whole list), so they follow
 * the person to any device. Entries typed before signing in move to the account when
 * it has none yet.
 */
export function useSpendingEntries(): SpendingEntriesState {
  const session = useSession();
  const signedIn = session !== null;
  const { slug } = useTenant();
  const queryClient = useQueryClient();

  const [local, setLocal] = useState<SpendingEntry[]>(() => readLocalEntries(slug));
  useEffect(() => {
    if (!signedIn) setLocal(readLocalEntries(slug));
  }, [signedIn, slug]);

  const remote = useQuery({
    queryKey: accountKeys.spendingEntries,
    queryFn: fetchSpendingEntries,
    enabled: signedIn,
  });

  const save = useMutation({
    // One PUT at a time, in order: the last list typed is the one kept.
    scope: { id: 'spending-entries' },
    mutationFn: saveSpendingEntries,
    onError: () => void queryClient.invalidateQueries({ queryKey: accountKeys.spendingEntries }),
  });
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;

  // First sign-in on this device: carry the anonymous entries over to an empty account.
  const migrated = useRef(false);
  useEffect(() => {
    if (!signedIn) migrated.current = false;
  }, [signedIn]);
  useEffect(() => {
    if (!signedIn || !remote.isSuccess || migrated.current) return;
    migrated.current = true;
    const pending = readLocalEntries(slug);
    if (remote.data.length === 0 && pending.length > 0) {
      queryClient.setQueryData(accountKeys.spendingEntries, pending);
      saveRef.current(pending, { onSuccess: () => removeStorage(localEntriesKey(slug)) });
    }
  }, [signedIn, remote.isSuccess, remote.data, slug, queryClient]);

  const update = useCallback(
    (change: (entries: SpendingEntry[]) => SpendingEntry[]) => {
      if (signedIn) {
        const current = queryClient.getQueryData<SpendingEntry[]>(accountKeys.spendingEntries) ?? [];
        const next = change(current);
        queryClient.setQueryData(accountKeys.spendingEntries, next);
        saveRef.current(next);
      } else {
        setLocal((current) => {
          const next = change(current);
          writeLocalEntries(slug, next);
          return next;
        });
      }
    },
    [signedIn, queryClient, slug],
  );

  return {
    entries: signedIn ? (remote.data ?? []) : local,
    loading: signedIn && remote.isPending,
    signedIn,
    update,
  };
}
