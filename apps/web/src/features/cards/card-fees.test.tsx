import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardDetailFixture, cardSummary, jsonResponse, Providers } from '../../test/fixtures.tsx';
import CardDetailPage, { NOT_FOUND } from './card-detail-page.tsx';
import { CardTile } from './card-tile.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** As the catalogue holds IndusInd Legend: one ₹9,999 joining fee, no annual fee afterwards. */
const oneTime = {
  id: 'legend',
  name: 'Legend Credit Card',
  fee: 9999,
  annual_fee: 9999,
  fee_frequency: 'ONE_TIME',
  joining_fee: 9999,
} as const;

function renderAt(path: string, element: React.ReactNode, route: string) {
  const router = createMemoryRouter([{ path: route, element: <Providers>{element}</Providers> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe('a card whose only fee is paid once, when joining', () => {
  it('tile: names the fee one-time and does not add the same amount again as a joining fee', () => {
    renderAt('/', <CardTile card={cardSummary(oneTime)} />, '/');
    expect(screen.getByText('One-time fee')).toBeTruthy();
    expect(screen.queryByText('Annual fee')).toBeNull();
    expect(screen.queryByText(/Joining/)).toBeNull();
  });

  it('page: one charge of ₹9,999 + GST, not an "annual fee … once" plus a joining fee of the same', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        return jsonResponse(url.includes('/cards/legend/') ? cardDetailFixture(oneTime) : []);
      }),
    );
    renderAt('/card/legend', <CardDetailPage />, '/card/:id');
    await screen.findByRole('heading', { level: 1, name: 'Legend Credit Card' });
    expect(screen.queryByText(/Annual fee/)).toBeNull();
    expect(screen.getByText('One-time fee (incl. 18% GST)')).toBeTruthy();
    expect(screen.getAllByText('₹9,999 + GST = ₹11,798.82 once')).toHaveLength(2);
    expect(screen.getByText('The one-time fee above, paid when you join')).toBeTruthy();
  });

  it('a yearly card keeps its annual fee and its joining fee', () => {
    renderAt('/', <CardTile card={cardSummary()} />, '/');
    expect(screen.getByText('Annual fee')).toBeTruthy();
    // Before GST, and saying so: the card page gives the same fee as "₹500 + GST = ₹590 a year".
    expect(screen.getByText('₹500 + GST a year')).toBeTruthy();
    expect(screen.getByText('Joining ₹500 + GST')).toBeTruthy();
  });
});

describe('perks the research found no figure for', () => {
  it('says they were not found, not "None": unknown lounge access is not "no lounge access"', async () => {
    const card = cardDetailFixture({
      id: 'unknown_perks',
      name: 'Unknown Perks Card',
      lounge_access: null,
      fuel_surcharge_waiver: null,
      welcome_bonus: null,
      forex_markup_rate: null,
    });
    const known = cardDetailFixture({
      id: 'no_lounge',
      name: 'No Lounge Card',
      lounge_access: 'None',
      fuel_surcharge_waiver: '1% on ₹400–₹5,000 a transaction',
      welcome_bonus: '500 points',
      forex_markup_rate: 0.035,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('/cards/unknown_perks/')) return jsonResponse(card);
        return jsonResponse(url.includes('/cards/no_lounge/') ? known : []);
      }),
    );
    renderAt('/card/unknown_perks', <CardDetailPage />, '/card/:id');
    await screen.findByRole('heading', { level: 1, name: 'Unknown Perks Card' });
    expect(screen.getAllByText(NOT_FOUND)).toHaveLength(4);
    expect(screen.queryByText('None')).toBeNull();
    cleanup();

    renderAt('/card/no_lounge', <CardDetailPage />, '/card/:id');
    await screen.findByRole('heading', { level: 1, name: 'No Lounge Card' });
    expect(screen.getByText('None')).toBeTruthy();
    expect(
      screen.getByText('3.5% of the spend, plus 18% GST on it (4.13% in all); not counted in savings'),
    ).toBeTruthy();
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
  });
});

describe('the box of facts the research could not confirm', () => {
  it("gives a note on the research as a whole by itself, and a field's note after its field", async () => {
    const card = cardDetailFixture({
      id: 'caveats',
      name: 'Caveats Card',
      uncertain: [
        { field: 'research', note: 'The research behind this page says: "per-category caps unconfirmed".' },
        { field: 'lounge_access', note: 'Reported as "4 a year (unconfirmed)".' },
      ],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        return jsonResponse(url.includes('/cards/caveats/') ? card : []);
      }),
    );
    renderAt('/card/caveats', <CardDetailPage />, '/card/:id');
    const box = await screen.findByRole('complementary', { name: 'Some facts are not confirmed' });
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'The research behind this page says: "per-category caps unconfirmed".',
      'Not confirmed: Lounge access: Reported as "4 a year (unconfirmed)".',
    ]);
  });
});
