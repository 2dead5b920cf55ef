import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, Providers, signInForTest, spendingEntryFixture } from '../../test/fixtures.tsx';
import type { SpendingEntry } from './spending-entry.ts';
import { useSpendingEntries } from './use-spending-entries.ts';

const SAVED = spendingEntryFixture('saved', 4000);
const TYPED = spendingEntryFixture('typed', 777);

const json = jsonResponse;

/** The account holds SAVED; its GET fails `failures` times first. PUT bodies are recorded. */
function stubServer(failures: number) {
  const puts: SpendingEntry[][] = [];
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (!url.pathname.startsWith('/api/accounts/spending-entries'))
        return json({ detail: 'Not found.' }, 404);
      if ((init?.method ?? 'GET') === 'PUT') {
        const body = JSON.parse(String(init?.body)) as SpendingEntry[];
        puts.push(body);
        return json(body);
      }
      gets += 1;
      return gets <= failures ? json({ detail: 'Temporarily unavailable.' }, 503) : json([SAVED]);
    }),
  );
  return { puts, gets: () => gets };
}

const renderEntries = () => renderHook(() => useSpendingEntries(), { wrapper: Providers });

beforeEach(signInForTest);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a signed-in user whose saved spending did not load', () => {
  it('says so, and an entry added then is saved with the saved ones, not over them', async () => {
    const server = stubServer(1);
    const { result } = renderEntries();
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.entries).toEqual([]);

    act(() => result.current.update((list) => [...list, TYPED]));

    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]?.map((e) => e.id)).toEqual(['saved', 'typed']);
    await waitFor(() => expect(result.current.entries.map((e) => e.id)).toEqual(['saved', 'typed']));
    expect(result.current.failed).toBe(false);
  });

  it('sends nothing while the saved list cannot be had', async () => {
    const server = stubServer(Number.POSITIVE_INFINITY);
    const { result } = renderEntries();
    await waitFor(() => expect(result.current.failed).toBe(true));

    act(() => result.current.update((list) => [...list, TYPED]));

    await waitFor(() => expect(server.gets()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.puts).toEqual([]);
  });

  it('two changes made while it loads are both kept', async () => {
    const server = stubServer(0);
    const { result } = renderEntries();
    act(() => {
      result.current.update((list) => [...list, TYPED]);
      result.current.update((list) => [...list, spendingEntryFixture('second', 50)]);
    });
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]?.map((e) => e.id)).toEqual(['saved', 'typed', 'second']);
  });
});
