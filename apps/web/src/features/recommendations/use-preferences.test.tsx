import type { AccountPreferences } from '@cardwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signInForTest } from '../../test/fixtures.tsx';
import { usePreferences } from './use-preferences.ts';

const SAVED: AccountPreferences = {
  compareCards: ['swiggy_hdfc'],
  excludeCards: [],
  ownedCards: [],
  desiredCardCount: 3,
};

const json = jsonResponse;

/** The account holds SAVED; its GET fails once first. PUT bodies are recorded. */
function stubServer() {
  const puts: AccountPreferences[] = [];
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.startsWith('/api/accounts/preferences')) {
        if ((init?.method ?? 'GET') === 'PUT') {
          const body = JSON.parse(String(init?.body)) as AccountPreferences;
          puts.push(body);
          return json({ ...body, warnings: [] });
        }
        gets += 1;
        return gets === 1 ? json({ detail: 'Temporarily unavailable.' }, 503) : json(SAVED);
      }
      // The card list and the owned cards: none.
      return json([]);
    }),
  );
  return { puts };
}

beforeEach(signInForTest);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a signed-in user whose saved preferences did not load', () => {
  it('changes the saved preferences, not the defaults shown meanwhile', async () => {
    const server = stubServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePreferences(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.prefs.compareCards).toEqual([]);

    act(() => result.current.update((p) => ({ ...p, desiredCardCount: 4 })));

    await waitFor(() => expect(server.puts).toHaveLength(1));
    // Before: { compareCards: [], …, desiredCardCount: 4 } wiped the saved compare list.
    expect(server.puts[0]).toEqual({ ...SAVED, desiredCardCount: 4 });
  });

  it('says so, and loads them on a retry', async () => {
    stubServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePreferences(), { wrapper });
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
    const puts: AccountPreferences[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.startsWith('/api/accounts/preferences')) {
          if ((init?.method ?? 'GET') !== 'PUT') return json(SAVED);
          const body = JSON.parse(String(init?.body)) as AccountPreferences;
          puts.push(body);
          // The server drops the held card from compare and says so (ADR 015).
          const held = body.compareCards.includes('swiggy_hdfc');
          return json({
            ...body,
            compareCards: body.compareCards.filter((id) => id !== 'swiggy_hdfc'),
            warnings: held ? [warning, warning] : [],
          });
        }
        return json([]);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePreferences(), { wrapper });
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
    const puts: unknown[] = [];
    const saved = {
      ...SAVED,
      compareCards: ['sbi_simplyclick'],
      unofferedCards: [{ id: 'sbi_simplyclick', name: 'SimplyCLICK SBI Card', reason: 'retired' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.startsWith('/api/accounts/preferences')) {
          if ((init?.method ?? 'GET') !== 'PUT') return json(saved);
          const body = JSON.parse(String(init?.body));
          puts.push(body);
          return json({ ...body, unofferedCards: saved.unofferedCards, warnings: [] });
        }
        return json([]);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePreferences(), { wrapper });
    await waitFor(() => expect(result.current.prefs.unofferedCards).toEqual(saved.unofferedCards));
    act(() => result.current.update((p) => ({ ...p, desiredCardCount: 2 })));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ...SAVED, compareCards: ['sbi_simplyclick'], desiredCardCount: 2 });
    await waitFor(() => expect(result.current.prefs.desiredCardCount).toBe(2));
    expect(result.current.prefs.unofferedCards).toEqual(saved.unofferedCards);
  });
});
