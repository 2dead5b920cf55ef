import { type CardSummary, cardSummarySchema, type OwnedCard, ownedCardSchema } from '@cardwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { sessionEnded } from '../../lib/api-errors.ts';
import { changeSavedCopy } from '../../lib/change-saved-copy.ts';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { accountKeys, fetchPreferences, savePreferences } from '../accounts/accounts-api.ts';
import { useSession } from '../layout/use-session.ts';
import { distinctWarnings } from './distinct-warnings.ts';
import { type Preferences, preferencesFor } from './preference-rules.ts';

/** Query keys of the panel's lists; my-cards is account data, dropped on sign-out with the rest. */
export const preferenceKeys = {
  allCards: ['cards', 'all'] as const,
  myCards: [...accountKeys.all, 'my-cards'] as const,
  save: ['preferences', 'save'] as const,
};

/** Spec §7: GET cards?no_pagination=true; the answer is a list or an object with results. */
export function fetchAllCards(): Promise<CardSummary[]> {
  return apiRequest(
    'cards/',
    z.union([
      z.array(cardSummarySchema),
      z.object({ results: z.array(cardSummarySchema) }).transform((a) => a.results),
    ]),
    { query: { no_pagination: true } },
  );
}

/** Spec §3/§7: GET accounts/my-cards; a non-list answer is ignored and records without card details skipped. */
export async function fetchMyCards(): Promise<OwnedCard[]> {
  const data = await apiRequest('accounts/my-cards/', z.unknown());
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw) => {
    const parsed = ownedCardSchema.safeParse(raw);
    return parsed.success && parsed.data.credit_card_details ? [parsed.data] : [];
  });
}

/** Spec §8 "Cards list failure": the catalogue's destructive toast (panel and /profile's card picker). */
export function notifyAllCardsFailed(error: unknown): void {
  console.error('Failed to load credit cards', error);
  if (sessionEnded(error)) return;
  toast.error('Error', {
    id: 'preferences-cards',
    description: 'Failed to load credit cards. Please try again later.',
    duration: TOAST_DURATION_MS,
  });
}

/** Spec §8 "Owned cards failure" (panel and /profile's card list; one toast id, shown once). */
export function notifyMyCardsFailed(error: unknown): void {
  console.error('Failed to load owned cards', error);
  if (sessionEnded(error)) return;
  toast.error('Error', {
    id: 'preferences-my-cards',
    description: 'Failed to load your cards. Please try again.',
    duration: TOAST_DURATION_MS,
  });
}

/** The panel's words when a signed-in user's saved preferences could not be loaded. */
export const PREFERENCES_FAILED_TEXT = 'Your saved card preferences could not be loaded.';

export const CARDS_FAILED_TEXT =
  'Failed to load card preferences. You can still use the spending form and get recommendations.';

export interface PreferencesState {
  signedIn: boolean;
  prefs: Preferences;
  /** True while a signed-in user's saved preferences are on their way. */
  loading: boolean;
  /** A signed-in user's saved preferences could not be loaded: the defaults shown are not theirs. */
  failed: boolean;
  retry: () => void;
  update: (change: (prefs: Preferences) => Preferences) => void;
  allCards: CardSummary[];
  allCardsLoading: boolean;
  allCardsFailed: boolean;
  myCards: OwnedCard[];
  myCardsLoading: boolean;
  /** What the server changed in the last save and why (the PUT answer's `warnings`). */
  savedWarnings: string[];
}

/**
 * The card preferences of the signed-in user (saved with PUT accounts/preferences), the
 * full card list and their owned cards, all fetched only when authenticated (spec §6).
 * Anonymous users get the defaults: empty lists and one card.
 */
export function usePreferences(): PreferencesState {
  const session = useSession();
  const signedIn = session !== null;
  const queryClient = useQueryClient();

  const saved = useQuery({ queryKey: accountKeys.preferences, queryFn: fetchPreferences, enabled: signedIn });
  const [savedWarnings, setSavedWarnings] = useState<string[]>([]);
  const save = useMutation({
    mutationKey: preferenceKeys.save,
    scope: { id: 'preferences' },
    mutationFn: savePreferences,
    // A warning speaks of the save that drew it: the next change starts without it.
    onMutate: () => setSavedWarnings([]),
    onSuccess: ({ warnings, ...saved }) => {
      setSavedWarnings(distinctWarnings(warnings));
      // What the server saved (a held card dropped from compare, the unoffered cards named) becomes
      // the copy shown, unless a later change is already queued behind this one: that change was
      // made to the copy on screen and will be answered in turn, so this answer is already old.
      if (queryClient.isMutating({ mutationKey: preferenceKeys.save }) <= 1)
        queryClient.setQueryData(accountKeys.preferences, saved);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: accountKeys.preferences }),
  });
  const all = useQuery({
    queryKey: preferenceKeys.allCards,
    queryFn: fetchAllCards,
    enabled: signedIn,
    meta: { toast: false },
  });
  const mine = useQuery({
    queryKey: preferenceKeys.myCards,
    queryFn: fetchMyCards,
    enabled: signedIn && Boolean(session?.id ?? session?.email),
    meta: { toast: false },
  });

  // Spec §8: the catalogue's destructive toasts.
  useEffect(() => {
    if (all.isError) notifyAllCardsFailed(all.error);
  }, [all.isError, all.error]);
  useEffect(() => {
    if (mine.isError) notifyMyCardsFailed(mine.error);
  }, [mine.isError, mine.error]);

  const prefs = preferencesFor(signedIn, saved.data);
  const mutate = save.mutate;
  const update = useCallback(
    (change: (prefs: Preferences) => Preferences) => {
      if (!signedIn) return;
      changeSavedCopy(
        queryClient,
        {
          queryKey: accountKeys.preferences,
          queryFn: fetchPreferences,
          read: (saved: Preferences | undefined) => preferencesFor(true, saved),
        },
        change,
        mutate,
      );
    },
    [signedIn, queryClient, mutate],
  );

  return {
    signedIn,
    prefs,
    loading: signedIn && saved.isPending,
    failed: signedIn && saved.isError,
    retry: () => void saved.refetch(),
    update,
    allCards: signedIn ? (all.data ?? []) : [],
    allCardsLoading: signedIn && all.isPending,
    allCardsFailed: signedIn && all.isError,
    myCards: signedIn ? (mine.data ?? []) : [],
    myCardsLoading: signedIn && mine.isPending,
    savedWarnings: signedIn ? savedWarnings : [],
  };
}
