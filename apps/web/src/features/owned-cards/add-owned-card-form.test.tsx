import { OWNED_CARD_MESSAGES, todayInIndia } from '@cardwise/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardSummary, Providers } from '../../test/fixtures.tsx';
import { OwnedCardsSection } from './owned-cards-section.tsx';

const SWIGGY = cardSummary();
const ACE = cardSummary({
  id: 'axis_ace',
  name: 'Axis Bank ACE Credit Card',
  bank: 'axis',
  bank_name: 'Axis Bank',
});

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A server with the catalogue [SWIGGY, ACE]; the owned list grows with each POST. */
function stubServer() {
  const owned: unknown[] = [];
  const posts: unknown[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.startsWith('/api/cards')) return json([SWIGGY, ACE]);
    if (url.pathname.startsWith('/api/accounts/my-cards') && method === 'GET') return json(owned);
    if (url.pathname.startsWith('/api/accounts/my-cards') && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Record<string, string>;
      posts.push(body);
      const record = {
        id: '0b6f3c1e-8f0e-4c39-9d43-7a1e2f1d9a11',
        credit_card_details: body.card_id === ACE.id ? ACE : SWIGGY,
        card_id: body.card_id,
        card_number_last4: body.card_number_last4 ?? null,
        expiry_date: body.expiry_date ?? null,
        joining_date: body.joining_date ?? null,
        is_active: true,
        user: 'u1',
      };
      owned.push(record);
      return json(record, 201);
    }
    return json({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posts };
}

function renderSection() {
  render(
    <MemoryRouter>
      <Providers>
        <OwnedCardsSection />
      </Providers>
    </MemoryRouter>,
  );
  return screen.getByRole('form', { name: 'Add a card you hold' });
}

/** MM/YY of the month `delta` months from this one (India's calendar, as the schema's). */
function monthFromNow(delta: number): string {
  const [y, m] = todayInIndia().split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${String((index % 12) + 1).padStart(2, '0')}/${String(Math.floor(index / 12) % 100).padStart(2, '0')}`;
}

function dayFromToday(delta: number): string {
  return new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);
}

describe('<OwnedCardsSection> add form (platform spec §1, §3)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a missing card, a short number, a malformed or past expiry and a future joining date, sending nothing', async () => {
    const { posts } = stubServer();
    const user = userEvent.setup();
    const form = renderSection();
    await screen.findByText('You have not added any cards yet. Add the cards you hold below.');

    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await within(form).findByText(OWNED_CARD_MESSAGES.card)).toBeTruthy();

    await user.type(within(form).getByLabelText('Last 4 digits (optional)'), '12');
    await user.type(within(form).getByLabelText('Expiry (optional)'), '13/29');
    fireEvent.change(within(form).getByLabelText('Joining date (optional)'), {
      target: { value: dayFromToday(2) },
    });
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await within(form).findByText(OWNED_CARD_MESSAGES.last4)).toBeTruthy();
    expect(within(form).getByText(OWNED_CARD_MESSAGES.expiry)).toBeTruthy();
    expect(within(form).getByText(OWNED_CARD_MESSAGES.joiningFuture)).toBeTruthy();
    expect(within(form).getByLabelText('Last 4 digits (optional)').getAttribute('aria-invalid')).toBe('true');

    // Well formed, but last month: the card has expired.
    const expiry = within(form).getByLabelText('Expiry (optional)');
    await user.clear(expiry);
    await user.type(expiry, monthFromNow(-1));
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await within(form).findByText(OWNED_CARD_MESSAGES.expired)).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('refuses a joining date the browser cannot read instead of adding the card without it', async () => {
    const { posts } = stubServer();
    const user = userEvent.setup();
    const form = renderSection();
    await screen.findByText('You have not added any cards yet. Add the cards you hold below.');

    await user.click(within(form).getByLabelText('Card'));
    await user.type(screen.getByPlaceholderText(/search/i), 'ace');
    await user.click(await screen.findByRole('option', { name: /Axis Bank ACE Credit Card/ }));
    // 31 Feb, or a part left blank: the control's value is '' and only `validity` tells.
    const joining = within(form).getByLabelText('Joining date (optional)');
    Object.defineProperty(joining, 'validity', {
      configurable: true,
      value: { badInput: true, valid: false },
    });
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(
      await within(form).findByText('Enter a complete date that exists: check the day, month and year.'),
    ).toBeTruthy();
    expect(joining.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });

  it('sends the chosen card with what was given, then lists it with its masked number', async () => {
    const { posts } = stubServer();
    const user = userEvent.setup();
    const form = renderSection();
    await screen.findByText('You have not added any cards yet. Add the cards you hold below.');

    await user.click(within(form).getByLabelText('Card'));
    await user.type(screen.getByPlaceholderText(/search/i), 'ace');
    await user.click(await screen.findByRole('option', { name: /Axis Bank ACE Credit Card/ }));
    await user.type(within(form).getByLabelText('Last 4 digits (optional)'), '4321');
    // This month is still valid: a card works to the end of its expiry month. Typed as digits only,
    // as a phone's number pad (no "/" key) types it: the slash goes in after the month.
    const expiry = within(form).getByLabelText('Expiry (optional)') as HTMLInputElement;
    await user.type(expiry, monthFromNow(0).replace('/', ''));
    expect(expiry.value).toBe(monthFromNow(0));
    fireEvent.change(within(form).getByLabelText('Joining date (optional)'), {
      target: { value: todayInIndia() },
    });
    await user.click(within(form).getByRole('button', { name: 'Add card' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      card_id: ACE.id,
      card_number_last4: '4321',
      expiry_date: monthFromNow(0),
      joining_date: todayInIndia(),
    });
    const list = await screen.findByRole('list', { name: 'Cards you hold' });
    expect(within(list).getByText('Axis Bank ACE Credit Card')).toBeTruthy();
    expect(list.textContent).toContain('••••Card ending 4321');
    expect(
      within(list).getByRole('button', { name: 'Remove Axis Bank ACE Credit Card ending 4321' }),
    ).toBeTruthy();
    // The form is empty again, and the card held is no longer choosable.
    expect((within(form).getByLabelText('Last 4 digits (optional)') as HTMLInputElement).value).toBe('');
    await user.click(within(form).getByLabelText('Card'));
    expect(
      (await screen.findByRole('option', { name: /Axis Bank ACE Credit Card/ })).getAttribute(
        'aria-disabled',
      ),
    ).toBe('true');
  });
});
