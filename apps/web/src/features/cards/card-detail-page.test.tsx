import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../lib/notify.ts';
import { cardDetailFixture, jsonResponse, Providers } from '../../test/fixtures.tsx';
import CardDetailPage from './card-detail-page.tsx';
import { CARDS_ERROR_TEXT } from './list-cards.tsx';

vi.mock('../../lib/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/notify.ts')>()),
  notifyError: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notifyError).mockClear();
});

/** /card/{id} with the card call answering `status` and the server's `{detail}`. */
function openCard(id: string, status: number, detail: string, code?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.startsWith('/api/cards/')) return jsonResponse(code ? { detail, code } : { detail }, status);
      return jsonResponse([]);
    }),
  );
  const router = createMemoryRouter([{ path: '/card/:id', element: <CardDetailPage /> }], {
    initialEntries: [`/card/${encodeURIComponent(id)}`],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const allCardsLink = () => screen.getByRole('link', { name: 'All cards' }).getAttribute('href');

describe('/card/:id when there is no card to show', () => {
  it("an unknown id says 'Card not found' and links back to All cards", async () => {
    openCard('no_such_card', 404, "No card with id 'no_such_card'.");
    expect(await screen.findByRole('heading', { name: 'Card not found' })).toBeTruthy();
    expect(allCardsLink()).toBe('/cards');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("a card this site does not show says so in the server's words", async () => {
    openCard('sbi_cashback', 404, 'Cashback SBI Card is not offered on this site.', 'not_offered');
    expect(await screen.findByRole('heading', { name: 'Card not offered here' })).toBeTruthy();
    expect(
      screen.getByText('Cashback SBI Card is not offered on this site. See the cards on offer here.'),
    ).toBeTruthy();
    expect(allCardsLink()).toBe('/cards');
    cleanup();
    openCard('axis_premium', 404, 'Axis Atlas is no longer offered.', 'retired');
    expect(await screen.findByRole('heading', { name: 'Card no longer offered' })).toBeTruthy();
    expect(screen.getByText('Axis Atlas is no longer offered. See the cards on offer here.')).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('an id the server refuses (400) is the same "Card not found", not an error to try again', async () => {
    const id = 'x'.repeat(101);
    openCard(id, 400, 'id: must be at most 100 characters');
    expect(await screen.findByRole('heading', { name: 'Card not found' })).toBeTruthy();
    expect(screen.queryByText(CARDS_ERROR_TEXT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(allCardsLink()).toBe('/cards');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a failure of the server offers Try again and the way back to All cards', async () => {
    openCard('hdfc_millennia', 503, 'The database is unavailable.');
    expect(await screen.findByText(CARDS_ERROR_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(allCardsLink()).toBe('/cards');
    expect(notifyError).toHaveBeenCalled();
  });
});

/** A card's page, its API answering with `card`. */
const showCard = (card: ReturnType<typeof cardDetailFixture>) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return jsonResponse(path.startsWith(`/api/cards/${card.id}`) ? card : []);
    }),
  );
  const router = createMemoryRouter([{ path: '/card/:id', element: <CardDetailPage /> }], {
    initialEntries: [`/card/${card.id}`],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
};

describe('/card/:id sources', () => {
  it('says undated facts are undated, with the page they come from', async () => {
    showCard(cardDetailFixture({ id: 'canara_world', as_of: 'undated (Canara Bank page)' }));
    expect(await screen.findByText(/^These facts are undated \(Canara Bank page\)\./)).toBeTruthy();
    expect(screen.queryByText(/Facts as of undated/)).toBeNull();
  });
});

describe('/card/:id for a card whose points are spent on one platform only', () => {
  it('says so beside the point value (ADR 029)', async () => {
    showCard(
      cardDetailFixture({
        id: 'irctc_sbi',
        name: 'IRCTC SBI Card',
        reward_type: 'points',
        reward_point_value_inr: 1,
        points_redeemable_only_on: {
          slugs: ['irctc'],
          name: 'IRCTC',
          spent_on: 'IRCTC bookings',
          named: true,
        },
      }),
    );
    expect(
      await screen.findByText(
        /at ₹1 per point\. The points can be spent only on IRCTC bookings, so a recommendation counts them only up to what you spend there\./,
      ),
    ).toBeTruthy();
  });

  it('says the catalogue’s words for points spendable within a group of merchants (ADR 033)', async () => {
    showCard(
      cardDetailFixture({
        id: 'axis_atlas',
        name: 'Axis Bank Atlas Credit Card',
        reward_type: 'miles',
        reward_point_value_inr: 1,
        points_redeemable_only_on: {
          slugs: ['travel_ota', 'airline_direct', 'hotel_direct', 'travel_offline'],
          name: 'travel bookings on Axis Travel EDGE',
          spent_on: 'travel bookings on Axis Travel EDGE',
          named: false,
        },
      }),
    );
    expect(
      await screen.findByText(
        /The points can be spent only on travel bookings on Axis Travel EDGE, so a recommendation counts them only up to what you spend there\./,
      ),
    ).toBeTruthy();
  });

  it('gives both values, not "only", for points worth less elsewhere (ADR 031)', async () => {
    showCard(
      cardDetailFixture({
        id: 'indianoil_hdfc',
        name: 'IndianOil HDFC Bank Credit Card',
        reward_type: 'points',
        reward_point_value_inr: 0.96,
        points_redeemable_only_on: {
          slugs: ['indianoil'],
          name: 'IndianOil (IOCL)',
          spent_on: 'IndianOil (IOCL) fuel',
          named: true,
        },
        points_value_elsewhere_inr: 0.2,
      }),
    );
    const text = await screen.findByText(/at ₹0\.96 per point\./);
    expect(text.textContent).toContain(
      'The points are worth ₹0.96 on IndianOil (IOCL) fuel and ₹0.20 elsewhere: a recommendation counts them at ₹0.96 up to what you spend there, or at ₹0.20 each if you spend nothing there.',
    );
    expect(text.textContent).not.toContain('only');
  });
});
