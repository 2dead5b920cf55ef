import { MAX_SPENDING_ENTRIES } from '@cardwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { changeSavedCopy } from '../../lib/change-saved-copy.ts';
import { notify } from '../../lib/notify.ts';
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
  /** A signed-in user's saved entries could not be loaded (none are shown, none are lost). */
  failed: boolean;
  retry: () => void;
  signedIn: boolean;
  update: (change: (entries: SpendingEntry[]) => SpendingEntry[]) => void;
}

/**
 * Where the entries live: in this browser for anonymous users; on the server for a
 * signed-in user (GET/PUT accounts/spending-entries, the whole list), so they follow
 * the person to any device. Entries typed before signing in move to the account, after
 * the ones it has.
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

  // Signing in on this device: the entries typed before move to the account, after the ones it
  // has (those it has already, field for field, are not added twice; the list stays within
  // what a recommendation takes). Until this merged them, an account with entries of its own
  // silently replaced what the user had just typed.
  const migrated = useRef(false);
  useEffect(() => {
    if (!signedIn) migrated.current = false;
  }, [signedIn]);
  useEffect(() => {
    if (!signedIn || !remote.isSuccess || migrated.current) return;
    migrated.current = true;
    const typed = readLocalEntries(slug);
    const { merged, added } = mergeEntries(remote.data, typed);
    if (added === 0) {
      // All of them in the account already: nothing is left to keep on this device.
      if (typed.length > 0) removeStorage(localEntriesKey(slug));
      return;
    }
    queryClient.setQueryData(accountKeys.spendingEntries, merged);
    saveRef.current(merged, { onSuccess: () => removeStorage(localEntriesKey(slug)) });
    if (remote.data.length > 0)
      notify(
        'Spending added to your account',
        `${added} ${added === 1 ? 'entry' : 'entries'} you added before signing in ${added === 1 ? 'is' : 'are'} now in your list.`,
      );
  }, [signedIn, remote.isSuccess, remote.data, slug, queryClient]);

  const update = useCallback(
    (change: (entries: SpendingEntry[]) => SpendingEntry[]) => {
      if (signedIn) {
        changeSavedCopy(
          queryClient,
          {
            queryKey: accountKeys.spendingEntries,
            queryFn: fetchSpendingEntries,
            read: (saved) => saved ?? [],
          },
          change,
          (next) => saveRef.current(next),
        );
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
    failed: signedIn && remote.isError && remote.data === undefined,
    retry: () => void remote.refetch(),
    signedIn,
    update,
  };
}

/** An entry's content, without its id: two entries with the same content are the same spend. */
const contentKey = ({ id: _id, ...content }: SpendingEntry) =>
  JSON.stringify(Object.entries(content).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The account's entries, then the ones typed before signing in that it does not have already,
 * up to MAX_SPENDING_ENTRIES. `added` counts the entries taken over.
 */
export function mergeEntries(
  account: readonly SpendingEntry[],
  typed: readonly SpendingEntry[],
): { merged: SpendingEntry[]; added: number } {
  const seen = new Set(account.map(contentKey));
  const ids = new Set(account.map((e) => e.id));
  const merged = [...account];
  for (const entry of typed) {
    if (merged.length >= MAX_SPENDING_ENTRIES) break;
    const key = contentKey(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(ids.has(entry.id) ? { ...entry, id: `${entry.id}-${merged.length}` } : entry);
    ids.add(entry.id);
  }
  return { merged, added: merged.length - account.length };
}
