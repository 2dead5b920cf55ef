import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, Providers, profileFixture } from '../../test/fixtures.tsx';
import ContactPage from '../contact/contact-page.tsx';
import ProfilePage from './profile-page.tsx';
import RegisterPage from './register-page.tsx';

/**
 * The account pages' mobile-number fields take a pasted number as its 10 digits (the wizard's
 * and the referral dialog's are tested with their forms): "098765 43210" was kept as typed and
 * refused on submit, and a 10-character field kept "+91 98765 ".
 */

const PASTED = ['+91 98765 43210', '+91-98765-43210', '098765 43210'];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function pasteInto(label: string, page: ReactElement, pasted: string) {
  render(
    <MemoryRouter>
      <Providers>{page}</Providers>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  const phone = (await screen.findByLabelText(label)) as HTMLInputElement;
  await user.click(phone);
  await user.paste(pasted);
  return phone;
}

describe('a pasted mobile number becomes its 10 digits', () => {
  it.each(PASTED)('sign-up: %s', async (pasted) => {
    const phone = await pasteInto('Mobile number', <RegisterPage />, pasted);
    expect(phone.value).toBe('9876543210');
    expect(phone.selectionStart).toBe(10);
  });

  it.each(PASTED)('contact: %s', async (pasted) => {
    const phone = await pasteInto('Mobile number (optional)', <ContactPage />, pasted);
    expect(phone.value).toBe('9876543210');
  });

  it.each(PASTED)('profile: %s', async (pasted) => {
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
    const phone = await pasteInto('Mobile number', <ProfilePage />, pasted);
    expect(phone.value).toBe('9876543210');
  });
});
