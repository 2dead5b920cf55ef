import type { AccountPreferences } from '@cardwise/contracts';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import type { SpendingEntry } from '../spending/spending-entry.ts';
import { type ComboGroup, normalizeGroup, sortGroups } from './groups.ts';

/** Spec §9: the request waits this long after the last change. */
export const RECOMMEND_DELAY_MS = 300;

const answerSchema = z.object({ spend_level_winners: z.array(z.unknown()) });

export interface RecommendBody {
  spending: SpendingEntry[];
  preferences: Pick<AccountPreferences, 'compareCards' | 'excludeCards' | 'ownedCards' | 'desiredCardCount'>;
}

/** POST cards/recommend; groups read leniently and sorted (spec §3, §4). */
export async function fetchRecommendations(body: RecommendBody, signal?: AbortSignal): Promise<ComboGroup[]> {
  const answer = await apiRequest('cards/recommend/', answerSchema, { method: 'POST', body, signal });
  return sortGroups(answer.spend_level_winners.map(normalizeGroup));
}

export interface RecommendationsState {
  groups: ComboGroup[] | null;
  loading: boolean;
}

/**
 * Spec §4: with no entries the result is cleared; any change to entries or preferences
 * starts the loading state and sends the request 300 ms later. A newer request
 * supersedes (aborts) an older one; a failure is logged and shows no results.
 */
export function useRecommendations(body: RecommendBody, enabled = true): RecommendationsState {
  const key = useMemo(() => JSON.stringify(body), [body]);
  const [state, setState] = useState<RecommendationsState>({ groups: null, loading: false });

  useEffect(() => {
    if (!enabled) return;
    const payload = JSON.parse(key) as RecommendBody;
    if (payload.spending.length === 0) {
      setState({ groups: null, loading: false });
      return;
    }
    setState((s) => ({ groups: s.groups, loading: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchRecommendations(payload, controller.signal).then(
        (groups) => {
          if (!controller.signal.aborted) setState({ groups, loading: false });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Failed to load recommendations', error);
          setState({ groups: [], loading: false });
        },
      );
    }, RECOMMEND_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, enabled]);

  return state;
}
