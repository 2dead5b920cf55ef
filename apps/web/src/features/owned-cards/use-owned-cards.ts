import type { CardSummary, OwnedCard } from '@cardwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  fetchAllCards,
  fetchMyCards,
  notifyAllCardsFailed,
  notifyMyCardsFailed,
  preferenceKeys,
} from '../recommendations/use-preferences.ts';
import { addOwnedCard, removeOwnedCard } from './owned-cards-api.ts';

export interface OwnedCardsState {
  cards: OwnedCard[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
  catalogue: CardSummary[];
  catalogueLoading: boolean;
  catalogueFailed: boolean;
  add: ReturnType<typeof useAddOwnedCard>;
  remove: ReturnType<typeof useRemoveOwnedCard>;
}

/**
 * The signed-in user's owned cards and the tenant's catalogue to pick from, under the very
 * query keys and fetchers of the home page's preferences panel: what is added or removed
 * here is what the panel's "my cards" grid and the recommendations read (spec §2, §4).
 */
export function useOwnedCards(): OwnedCardsState {
  // Failures are the catalogue's own toasts (spec §8), not the generic 'Error {status}'.
  const mine = useQuery({ queryKey: preferenceKeys.myCards, queryFn: fetchMyCards, meta: { toast: false } });
  const all = useQuery({ queryKey: preferenceKeys.allCards, queryFn: fetchAllCards, meta: { toast: false } });
  useEffect(() => {
    if (mine.isError) notifyMyCardsFailed(mine.error);
  }, [mine.isError, mine.error]);
  useEffect(() => {
    if (all.isError) notifyAllCardsFailed(all.error);
  }, [all.isError, all.error]);
  const add = useAddOwnedCard();
  const remove = useRemoveOwnedCard();
  return {
    cards: mine.data ?? [],
    loading: mine.isPending,
    failed: mine.isError,
    retry: () => void mine.refetch(),
    catalogue: all.data ?? [],
    catalogueLoading: all.isPending,
    catalogueFailed: all.isError,
    add,
    remove,
  };
}

/**
 * Add or remove, then refetch my-cards before the mutation settles: the list here shows the
 * change when the button stops saying "Adding…", and the home page (same key) reads the new
 * list instead of its 5-minute-fresh copy. A failure is the app's 'Error {status}' toast, and refetches
 * too: a 404 or a duplicate means this page's list was out of date (another tab).
 */
function useAddOwnedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOwnedCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.myCards }),
  });
}

function useRemoveOwnedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOwnedCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.myCards }),
  });
}
