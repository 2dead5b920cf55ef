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
 *
 * `loading` is derived while rendering (the answer shown is for another body than the
 * one on screen), not set by an effect: an effect runs after the paint, so for a frame
 * the page would show the new entries beside the old answer with no "Updating" line.
 */
export function useRecommendations(body: RecommendBody, enabled = true): RecommendationsState {
  const key = useMemo(() => JSON.stringify(body), [body]);
  const [answer, setAnswer] = useState<{ key: string; groups: ComboGroup[] } | null>(null);
  const empty = body.spending.length === 0;

  useEffect(() => {
    if (!enabled) return;
    const payload = JSON.parse(key) as RecommendBody;
    if (payload.spending.length === 0) {
      setAnswer(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchRecommendations(payload, controller.signal).then(
        (groups) => {
          if (!controller.signal.aborted) setAnswer({ key, groups });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Failed to load recommendations', error);
          setAnswer({ key, groups: [] });
        },
      );
    }, RECOMMEND_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, enabled]);

  if (empty) return { groups: null, loading: false };
  return { groups: answer?.groups ?? null, loading: answer?.key !== key };
}
