import type { CardApplyOptions } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, Providers } from '../../test/fixtures.tsx';
import CardApplicationPage from './card-application-page.tsx';

/** The server's answer to GET cards/apply/{id}/ (ADR 016). */
function applyOptions(overrides: Partial<CardApplyOptions> = {}): CardApplyOptions {
  return {
    card_id: 'axis_atlas',
    name: 'Axis Bank Atlas Credit Card',
    bank: 'axis',
    bank_name: 'Axis Bank',
    issuer_name: 'Axis Bank',
    image_url: null,
    fee: 5000,
    annual_fee: 5000,
    fee_frequency: 'YEARLY',
    joining_fee: 5000,
    can_apply: true,
    in_product: false,
    in_product_path: null,
    bank_url: 'https://aff.example/axis',
    bank_page_url: 'https://www.axisbank.com/retail/cards/credit-card/axis-atlas',
    ...overrides,
  };
}
const CARD = applyOptions();

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(CARD)),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Where the router is, for the test to read. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers>
        <Routes>
          <Route path="/cards/apply/:bankName/:cardId/*" element={<CardApplicationPage />} />
        </Routes>
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
}

describe('/cards/apply/:bankName/:cardId (generic card application)', () => {
  it('hands keyboard focus back to its Apply button when the referral dialog closes (WCAG 2.4.3)', async () => {
    renderAt('/cards/apply/axis/axis_atlas');
    const apply = await screen.findByRole('button', { name: /Apply on Axis Bank's website/ });
    const user = userEvent.setup();
    apply.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(apply));
  });
});

describe('a card with no application link on record', () => {
  it('says it cannot be applied for here, instead of promising to open the bank’s site', async () => {
    const noLink = applyOptions({
      card_id: 'sbi_prime',
      name: 'SBI Card PRIME',
      bank: 'sbi_card',
      bank_name: 'SBI Card',
      can_apply: false,
      bank_url: null,
      bank_page_url: 'https://www.sbicard.com/en/personal/credit-cards/shopping/sbi-card-prime.page',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(noLink)),
    );
    renderAt('/cards/apply/sbi_card/sbi_prime');
    expect(
      await screen.findByText(/SBI Card PRIME cannot be applied for through us at the moment/),
    ).toBeTruthy();
    expect(screen.queryByText(/We open it for you/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Apply on/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the card' })).toBeTruthy();
    // It still shows where the bank describes the card, in a new tab.
    const bankPage = screen.getByRole('link', { name: /Card page on SBI Card's site/ });
    expect(bankPage.getAttribute('href')).toBe(
      'https://www.sbicard.com/en/personal/credit-cards/shopping/sbi-card-prime.page',
    );
    expect(bankPage.getAttribute('rel')).toContain('noopener');
  });
});

describe('how to apply comes from the server', () => {
  it('asks GET cards/apply/{id}/ and offers the in-product journey at the path it names', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        applyOptions({
          card_id: 'hdfc_regalia',
          name: 'HDFC Bank Regalia Gold Credit Card',
          bank: 'hdfc',
          bank_name: 'HDFC Bank',
          in_product: true,
          in_product_path: '/cards/apply/hdfc/hdfc_regalia',
          bank_url: null,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/cards/apply/hdfc/hdfc_regalia');
    const start = await screen.findByRole('link', { name: 'Start the application' });
    expect(start.getAttribute('href')).toBe('/cards/apply/hdfc/hdfc_regalia');
    expect(screen.queryByRole('button', { name: /Apply on/ })).toBeNull();
    const urls = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.some((u) => u.includes('/api/cards/apply/hdfc_regalia/'))).toBe(true);
  });

  it('an unknown card sends the user to browse the cards, with no retry; a failed call offers one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Card not found.', code: 'not_found' }, 404)),
    );
    renderAt('/cards/apply/sbi_card/nope');
    expect(await screen.findByText('Failed to load card details. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse cards' }).getAttribute('href')).toBe('/cards');
    expect(screen.queryByRole('link', { name: 'Back to the card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();

    const fetchMock = vi.fn(async () => jsonResponse({ detail: 'Server error.' }, 503));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/cards/apply/axis/axis_atlas');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fetchMock.mockImplementation(async () => jsonResponse(CARD));
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Back to the card' })).toBeTruthy();
  });
});

describe('an address naming another bank than the card’s', () => {
  it('moves to the card’s own bank, keeping the query, instead of showing the card under the wrong bank', async () => {
    const sbi = applyOptions({
      card_id: 'sbi_cashback',
      name: 'Cashback SBI Card',
      bank: 'sbi',
      bank_name: 'SBI Card',
    });
    const fetchMock = vi.fn(async () => jsonResponse(sbi));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/cards/apply/icici/sbi_cashback/kyc?utm_source=mail');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/cards/apply/sbi/sbi_cashback?utm_source=mail',
      ),
    );
    expect(await screen.findByText('Cashback SBI Card')).toBeTruthy();
    expect(screen.getByText(/SBI Card takes applications on its own website/)).toBeTruthy();
    // The card is asked for once: the new address reuses the answer.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stays where it is when the bank is the card’s', async () => {
    renderAt('/cards/apply/axis/axis_atlas');
    expect(await screen.findByText('Axis Bank Atlas Credit Card')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/cards/apply/axis/axis_atlas');
  });
});
