import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardSummary, jsonResponse, Providers } from '../../test/fixtures.tsx';
import { backToList } from './card-detail-page.tsx';
import { CardTile } from './card-tile.tsx';
import { PAGE_SIZE } from './filters.ts';
import CardsBrowser from './list-cards.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's card list: 40 cards, a page of PAGE_SIZE at a time, empty past the end. */
function serveForty() {
  const all = Array.from({ length: 40 }, (_, i) =>
    cardSummary({ id: `card_${i + 1}`, name: `Card ${i + 1}` }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (!url.pathname.endsWith('/cards/')) return jsonResponse([]);
      const page = Number(url.searchParams.get('page') ?? '1');
      const results = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      return jsonResponse({ count: all.length, next: null, previous: null, results });
    }),
  );
}

/** The cards list alone at this address. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/cards',
        element: (
          <Providers>
            <CardsBrowser section={null} />
          </Providers>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the cards list at a page past the end (an old link, a hand-typed ?page=99)', () => {
  it('shows the last page instead of an empty "Showing 1177–40 of 40"', async () => {
    serveForty();
    const router = renderAt('/cards?page=99');
    expect(await screen.findByRole('heading', { name: 'Showing 37–40 of 40 cards' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?page=4'));
    expect(screen.queryByText(/Showing 1177/)).toBeNull();
  });
});

describe('the cards list for keyboard and screen-reader users', () => {
  it('says what a page change came to in a status, and takes focus to the results heading', async () => {
    serveForty();
    renderAt('/cards?page=3');
    await screen.findByRole('heading', { name: 'Showing 25–36 of 40 cards' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 25–36 of 40 cards'));
    // The last page: its Next is disabled under the focus, which must not fall to the page.
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    const heading = await screen.findByRole('heading', { name: 'Showing 37–40 of 40 cards' });
    expect(document.activeElement).toBe(heading);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 37–40 of 40 cards'));
  });
});

describe("a card page's way back to the list", () => {
  it('carries the list as it was left (search, page) to the card page, whose All cards returns there', async () => {
    function Shown() {
      return <p data-testid="back">{backToList(useLocation().state)}</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/cards', element: <CardTile card={cardSummary({ id: 'axis_ace', name: 'Axis ACE' })} /> },
        { path: '/card/:id', element: <Shown /> },
      ],
      { initialEntries: ['/cards?search=axis&page=2'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Axis ACE' }));
    expect((await screen.findByTestId('back')).textContent).toBe('/cards?search=axis&page=2');
    // Opened from anywhere else (a shared link, the home page), or with a state that is no list: the whole list.
    expect(backToList(null)).toBe('/cards');
    expect(backToList({ fromList: 'https://example.com/' })).toBe('/cards');
    expect(backToList({ fromList: '/profile' })).toBe('/cards');
  });
});

describe('the Apply Now of a card in a list', () => {
  it('is named for its card, its visible words first', () => {
    const router = createMemoryRouter(
      [{ path: '/cards', element: <CardTile card={cardSummary({ id: 'axis_ace', name: 'Axis ACE' })} /> }],
      { initialEntries: ['/cards'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const apply = screen.getByRole('button', { name: 'Apply Now: Axis ACE' });
    expect(apply.textContent?.trim().startsWith('Apply Now')).toBe(true);
  });
});
