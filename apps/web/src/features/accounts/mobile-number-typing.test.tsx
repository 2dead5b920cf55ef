import { ACCOUNT_MESSAGES } from '@cardwise/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_HINT } from '../../lib/phone-input.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, Providers, profileFixture } from '../../test/fixtures.tsx';
import ContactPage from '../contact/contact-page.tsx';
import ProfilePage from './profile-page.tsx';
import RegisterPage from './register-page.tsx';

/**
 * The account pages' mobile-number fields take a number typed key by key with its country code
 * or trunk 0 as its 10 digits (the wizard's, the generic form's and the referral dialog's are
 * tested with their forms). A 10-character limit kept "9198765432" of "+91 98765 43210"; with
 * none, "098765 43210" stayed as typed and was refused on submit.
 */

const TYPED = ['+91 98765 43210', '098765 43210', '91 98765 43210', '9876543210'];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage(page: ReactElement) {
  render(
    <MemoryRouter>
      <Providers>{page}</Providers>
    </MemoryRouter>,
  );
}

/** Sign-up with every other field valid: the body it sends, if any. */
async function signUpWith(typed: string) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      // Sign-up then signs in with what was typed: only the sign-up's body is this test's.
      if (String(input).includes('signup')) sent.push(JSON.parse(String(init?.body)));
      return jsonResponse({
        user_id: 'u9',
        email: 'asha@example.com',
        name: 'Asha Rao',
        referral_code: 'ASHA1234',
      });
    }),
  );
  renderPage(<RegisterPage />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  const phone = screen.getByLabelText<HTMLInputElement>('Mobile number');
  await user.type(phone, typed);
  await user.type(screen.getByLabelText('Password'), 'monsoon-kite-42');
  await user.type(screen.getByLabelText('Confirm password'), 'monsoon-kite-42');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return { phone, sent };
}

describe('a mobile number typed key by key becomes its 10 digits', () => {
  it.each(TYPED)('sign-up: %s is kept and sent as 9876543210', async (typed) => {
    const { phone, sent } = await signUpWith(typed);
    expect(phone.value).toBe('9876543210');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ phone_number: '9876543210' });
  });

  it.each([
    ['an 11th digit that is no country code', '98765432101'],
    ['a +91 number left unfinished', '+91 98765 432'],
  ])('sign-up: %s is refused, not sent as another number', async (_what, typed) => {
    const { sent } = await signUpWith(typed);
    expect(await screen.findByText(ACCOUNT_MESSAGES.mobile)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sign-up: the hint under the field says a number starts 6–9, and one starting 5 is refused', async () => {
    renderPage(<RegisterPage />);
    const described = (screen.getByLabelText('Mobile number').getAttribute('aria-describedby') ?? '').split(
      ' ',
    );
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(MOBILE_HINT);
    expect(MOBILE_HINT).toContain('starting 6–9');
    cleanup();
    const { sent } = await signUpWith('5876543210');
    expect(await screen.findByText(ACCOUNT_MESSAGES.mobile)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it.each(TYPED)('contact: %s', async (typed) => {
    renderPage(<ContactPage />);
    const phone = screen.getByLabelText<HTMLInputElement>('Mobile number (optional)');
    await userEvent.type(phone, typed);
    expect(phone.value).toBe('9876543210');
  });

  it.each(TYPED)('profile: %s', async (typed) => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ id: 'u1', email: 'meera@example.com', name: 'Meera' }),
    );
    const profile = profileFixture();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input instanceof Request ? input.url : input).includes('accounts/profile')
          ? jsonResponse(profile)
          : jsonResponse([]),
      ),
    );
    renderPage(<ProfilePage />);
    const phone = await screen.findByLabelText<HTMLInputElement>('Mobile number');
    await userEvent.type(phone, typed);
    expect(phone.value).toBe('9876543210');
  });
});

/**
 * The fields show a fixed "+91" before them (ADR 015). Typed key by key, "+91 98765 43210" once
 * showed "+91 | +9", "+91 | +91987…" until the last digit; "0091…" showed "+91 | 0091…". Only
 * the number's own digits may show, at every key.
 */
describe('a mobile field never shows a typed prefix beside its fixed +91', () => {
  it.each(['+91 98765 43210', '0091 98765 43210', '098765 43210', '+91 0 98765 43210'])(
    'contact: %s, key by key',
    async (typed) => {
      renderPage(<ContactPage />);
      const phone = screen.getByLabelText<HTMLInputElement>('Mobile number (optional)');
      const user = userEvent.setup();
      const shown: string[] = [];
      await user.click(phone);
      for (const key of typed) {
        await user.keyboard(key);
        shown.push(phone.value);
      }
      expect(shown.at(-1)).toBe('9876543210');
      for (const value of shown)
        expect('9876543210'.startsWith(value), `${typed}: ${shown.join(' → ')}`).toBe(true);
    },
  );

  it('contact: "91" set apart by a space comes off as soon as the space is typed', async () => {
    renderPage(<ContactPage />);
    const phone = screen.getByLabelText<HTMLInputElement>('Mobile number (optional)');
    const user = userEvent.setup();
    await user.click(phone);
    await user.keyboard('91 ');
    expect(phone.value).toBe('');
    await user.keyboard('98765 43210');
    expect(phone.value).toBe('9876543210');
  });

  it('contact: a pasted "+91 98765" shows 98765', async () => {
    renderPage(<ContactPage />);
    const phone = screen.getByLabelText<HTMLInputElement>('Mobile number (optional)');
    const user = userEvent.setup();
    await user.click(phone);
    await user.paste('+91 98765');
    expect(phone.value).toBe('98765');
    await user.keyboard('43210');
    expect(phone.value).toBe('9876543210');
  });
});
