import { type AccountPreferences, recommendResponseSchema } from '@cardwise/contracts';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { isApiError, NETWORK_ERROR_MESSAGE, serverReasonOr } from '../../lib/api-errors.ts';
import { notifyError } from '../../lib/notify.ts';
import type { SpendingEntry } from '../spending/spending-entry.ts';
import { distinctWarnings } from './distinct-warnings.ts';
import { type ComboGroup, normalizeGroup, sortGroups } from './groups.ts';

/** Spec §9: the request waits this long after the last change. */
export const RECOMMEND_DELAY_MS = 300;

const answerSchema = z.object({
  spend_level_winners: z.array(z.unknown()),
  incomplete: recommendResponseSchema.shape.incomplete,
  owned_savings: z.number().optional().catch(undefined),
  // Read leniently: an answer without it, or with something else there, has none to show.
  warnings: z.array(z.string()).optional().catch(undefined),
});

export interface RecommendBody {
  spending: SpendingEntry[];
  preferences: Pick<AccountPreferences, 'compareCards' | 'excludeCards' | 'ownedCards' | 'desiredCardCount'>;
}

export interface Recommendations {
  groups: ComboGroup[];
  /** Why the larger combinations are missing, when the server could not prove them in time. */
  notice: string | null;
  /** What the cards the user holds save alone (every group includes it); null without owned cards. */
  ownedSavings: number | null;
  /**
   * What the server changed in the user's choices and why (a held card left out of the cards to
   * compare, a compared card no longer offered): each said once, in the server's order.
   */
  warnings: string[];
}

/** POST cards/recommend; groups read leniently and sorted (spec §3, §4). */
export async function fetchRecommendations(
  body: RecommendBody,
  signal?: AbortSignal,
): Promise<Recommendations> {
  const answer = await apiRequest('cards/recommend/', answerSchema, { method: 'POST', body, signal });
  return {
    groups: sortGroups(answer.spend_level_winners.map(normalizeGroup)),
    notice: answer.incomplete?.detail ?? null,
    ownedSavings: answer.owned_savings ?? null,
    warnings: distinctWarnings(answer.warnings),
  };
}

export interface RecommendationsState {
  groups: ComboGroup[] | null;
  notice: string | null;
  ownedSavings: number | null;
  warnings: string[];
  loading: boolean;
  /** Why the last request failed (then `groups` is empty): not the same as "nothing to recommend". */
  error: string | null;
  /** Sends the same request again. */
  retry: () => void;
}

/** What a failed request tells the user: the server's own reason when it gave one. */
export function recommendationFailure(error: unknown): string {
  if (isApiError(error) && error.kind === 'network') return NETWORK_ERROR_MESSAGE;
  return serverReasonOr(error, 'We could not work out your recommendations just now. Please try again.');
}

/**
 * Whether the entries hold any spend to recommend on: none, or only entries of ₹0, is nothing to
 * ask the server (the view asks for an amount instead of showing a ₹0 "best match").
 */
export function hasSpend(spending: readonly { amount: number | string }[]): boolean {
  return spending.some((e) => Number(e.amount) > 0);
}

/**
 * Spec §4: with no entries the result is cleared; any change to entries or preferences
 * starts the loading state and sends the request 300 ms later. A newer request
 * supersedes (aborts) an older one; a failure is logged and shows no results, with its reason
 * (it read as "add more spending details" before, whatever went wrong), and a network failure
 * is also the catalogue's 'Network Error' toast (spec §8).
 *
 * `loading` is derived while rendering (the answer shown is for another body than the
 * one on screen), not set by an effect: an effect runs after the paint, so for a frame
 * the page would show the new entries beside the old answer with no "Updating" line.
 */
export function useRecommendations(body: RecommendBody, enabled = true): RecommendationsState {
  const key = useMemo(() => JSON.stringify(body), [body]);
  const [answer, setAnswer] = useState<({ key: string; error: string | null } & Recommendations) | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  const empty = !hasSpend(body.spending);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the same request (Try again)
  useEffect(() => {
    if (!enabled) return;
    const payload = JSON.parse(key) as RecommendBody;
    if (!hasSpend(payload.spending)) {
      setAnswer(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchRecommendations(payload, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setAnswer({ key, ...found, error: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Failed to load recommendations', error);
          if (isApiError(error) && error.kind === 'network') notifyError(error);
          setAnswer({
            key,
            groups: [],
            notice: null,
            ownedSavings: null,
            warnings: [],
            error: recommendationFailure(error),
          });
        },
      );
    }, RECOMMEND_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, enabled, attempt]);

  const retry = () => {
    setAnswer(null);
    setAttempt((a) => a + 1);
  };
  if (empty)
    return {
      groups: null,
      notice: null,
      ownedSavings: null,
      warnings: [],
      loading: false,
      error: null,
      retry,
    };
  return {
    groups: answer?.groups ?? null,
    notice: answer?.notice ?? null,
    ownedSavings: answer?.ownedSavings ?? null,
    warnings: answer?.warnings ?? [],
    loading: answer?.key !== key,
    error: answer?.key === key ? answer.error : null,
    retry,
  };
}
