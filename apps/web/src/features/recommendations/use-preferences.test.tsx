import type { AccountPreferences } from '@cardwise/contracts';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, Providers, signInForTest } from '../../test/fixtures.tsx';
import { usePreferences } from './use-preferences.ts';

const SAVED: AccountPreferences = {
  compareCards: ['swiggy_hdfc'],
  excludeCards: [],
  ownedCards: [],
  desiredCardCount: 3,
};

const json = jsonResponse;

/**
 * The account's preferences endpoint: `get` answers each GET (by its count, from 1) and `put` each
 * PUT's body; PUT bodies are recorded. The card list and the owned cards: none.
 */
function stubPreferencesServer(get: (count: number) => Response, put: (body: AccountPreferences) => unknown) {
  const puts: AccountPreferences[] = [];
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (!url.pathname.startsWith('/api/accounts/preferences')) return json([]);
      if ((init?.method ?? 'GET') !== 'PUT') return get(++gets);
      const body = JSON.parse(String(init?.body)) as AccountPreferences;
      puts.push(body);
      return json(put(body));
    }),
  );
  return { puts };
}

/** The account holds SAVED; its GET fails once first. */
const stubServer = () =>
  stubPreferencesServer(
    (count) => (count === 1 ? json({ detail: 'Temporarily unavailable.' }, 503) : json(SAVED)),
    (body) => ({ ...body, warnings: [] }),
  );

/** The hook as the page mounts it. */
const renderPreferences = () => renderHook(() => usePreferences(), { wrapper: Providers });

beforeEach(signInForTest);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a signed-in user whose saved preferences did not load', () => {
  it('changes the saved preferences, not the defaults shown meanwhile', async () => {
    const server = stubServer();
    const { result } = renderPreferences();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.prefs.compareCards).toEqual([]);

    act(() => result.current.update((p) => ({ ...p, desiredCardCount: 4 })));

    await waitFor(() => expect(server.puts).toHaveLength(1));
    // Before: { compareCards: [], …, desiredCardCount: 4 } wiped the saved compare list.
    expect(server.puts[0]).toEqual({ ...SAVED, desiredCardCount: 4 });
  });

  it('says so, and loads them on a retry', async () => {
    stubServer();
    const { result } = renderPreferences();
    await waitFor(() => expect(result.current.failed).toBe(true));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.failed).toBe(false));
    expect(result.current.prefs).toEqual(SAVED);
  });
});

describe('a save the server changed', () => {
  it('shows what the server saved and why, and a later change clears the note', async () => {
    const warning =
      'Swiggy HDFC Bank Credit Card is on your account as a card you hold, so it counts as owned and was left out of the cards to compare.';
    // The server drops the held card from compare and says so (ADR 015).
    const { puts } = stubPreferencesServer(
      () => json(SAVED),
      (body) => ({
        ...body,
        compareCards: body.compareCards.filter((id) => id !== 'swiggy_hdfc'),
        warnings: body.compareCards.includes('swiggy_hdfc') ? [warning, warning] : [],
      }),
    );
    const { result } = renderPreferences();
    await waitFor(() => expect(result.current.prefs).toEqual(SAVED));

    act(() => result.current.update((p) => ({ ...p, desiredCardCount: 4 })));
    // Said once, and the chips follow what was saved rather than what was sent.
    await waitFor(() => expect(result.current.savedWarnings).toEqual([warning]));
    expect(result.current.prefs).toEqual({ ...SAVED, compareCards: [], desiredCardCount: 4 });

    act(() => result.current.update((p) => ({ ...p, desiredCardCount: 5 })));
    await waitFor(() => expect(puts).toHaveLength(2));
    await waitFor(() => expect(result.current.savedWarnings).toEqual([]));
    // The body holds the four fields only: the strict PUT refuses any other.
    expect(Object.keys(puts[1] ?? {}).sort()).toEqual([
      'compareCards',
      'desiredCardCount',
      'excludeCards',
      'ownedCards',
    ]);
  });

  it('sends back a saved card this site no longer offers, without the answer’s names', async () => {
    const saved = {
      ...SAVED,
      compareCards: ['sbi_simplyclick'],
      unofferedCards: [{ id: 'sbi_simplyclick', name: 'SimplyCLICK SBI Card', reason: 'retired' }],
    };
    const { puts } = stubPreferencesServer(
      () => json(saved),
      (body) => ({ ...body, unofferedCards: saved.unofferedCards, warnings: [] }),
    );
    const { result } = renderPreferences();
    await waitFor(() => expect(result.current.prefs.unofferedCards).toEqual(saved.unofferedCards));
    act(() => result.current.update((p) => ({ ...p, desiredCardCount: 2 })));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ...SAVED, compareCards: ['sbi_simplyclick'], desiredCardCount: 2 });
    await waitFor(() => expect(result.current.prefs.desiredCardCount).toBe(2));
    expect(result.current.prefs.unofferedCards).toEqual(saved.unofferedCards);
  });
});
