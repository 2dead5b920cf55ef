import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardDetailFixture, jsonResponse, Providers } from '../../test/fixtures.tsx';
import CardApplicationPage from './card-application-page.tsx';

const CARD = cardDetailFixture({
  id: 'axis_atlas',
  name: 'Axis Bank Atlas Credit Card',
  bank: 'axis',
  bank_name: 'Axis Bank',
  affiliated_url: 'https://aff.example/axis',
});

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

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers>
        <Routes>
          <Route path="/cards/apply/:bankName/:cardId/*" element={<CardApplicationPage />} />
        </Routes>
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
    const noLink = cardDetailFixture({
      id: 'sbi_prime',
      name: 'SBI Card PRIME',
      bank: 'sbi_card',
      bank_name: 'SBI Card',
      affiliated_url: false,
      apply_url: null,
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
  });
});
