import { PASSWORD_RESET_MESSAGES } from '@cardwise/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, Providers, signInForTest } from '../../test/fixtures.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import LoginPage from './login-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The sign-in, forgot-password and reset pages, starting at `at`. */
const renderPages = (at: string) => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
    ].map((r) => ({ ...r, element: <Providers>{r.element}</Providers> })),
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

/** fetch answering with `answer` and keeping each call's path and body. */
const stubFetch = (answer: (path: string) => Response) => {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const path = url.replace(/^.*\/api\//, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer(path);
    }),
  );
  return calls;
};

describe('/forgot-password', () => {
  it('is reached from the sign-in form with the email typed there, and shows the one answer', async () => {
    const calls = stubFetch(() => jsonResponse({ detail: PASSWORD_RESET_MESSAGES.requested }, 202));
    const router = renderPages('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'If an account exists for this email, we have sent a link to reset your password. It expires in 30 minutes.',
    );
    expect(calls).toEqual([
      { path: 'accounts/password-reset/request/', body: { email: 'asha@example.com' } },
    ]);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('checks the email before sending anything', async () => {
    const calls = stubFetch(() => jsonResponse({}, 500));
    renderPages('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says a refusal (too many requests) in the form', async () => {
    stubFetch(() =>
      jsonResponse({ detail: 'Too many requests. Please try again in 15 minutes.', code: 'throttled' }, 429),
    );
    renderPages('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please try again in 15 minutes.',
    );
  });
});

describe('/reset-password', () => {
  const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

  it('applies the sign-up password rules before sending', async () => {
    const calls = stubFetch(() => jsonResponse({}, 500));
    renderPages(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set new password' }));
    // Empty, each is asked for: not "too short", and not silence for the confirm.
    expect(await screen.findByText('Enter a new password.')).toBeTruthy();
    expect(screen.getByText('Confirm your new password.')).toBeTruthy();
    await user.type(await screen.findByLabelText('New password'), '1234567');
    await user.type(screen.getByLabelText('Confirm new password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('This password is too short. It must contain at least 8 characters.'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This password is entirely numeric.')).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Fresh-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sets the password, signs this browser out and lands on sign-in with the email filled in', async () => {
    signInForTest();
    const calls = stubFetch(() =>
      jsonResponse({ detail: PASSWORD_RESET_MESSAGES.done, email: 'asha@example.com' }),
    );
    const router = renderPages(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Fresh-Lantern-42');
    // The token is off the address once the page has it.
    expect(router.state.location.search).toBe('');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(router.state.location.pathname).toBe('/login');
    expect(email.value).toBe('asha@example.com');
    expect(calls).toEqual([
      {
        path: 'accounts/password-reset/confirm/',
        body: { token: TOKEN, password: 'Fresh-Lantern-42', confirm_password: 'Fresh-Lantern-42' },
      },
    ]);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.queryByTestId('signed-in-note')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Your password has been reset. Sign in with your new password.',
    );
  });

  it('says an expired or used link plainly, with the way to a new one', async () => {
    stubFetch(() =>
      jsonResponse({ detail: PASSWORD_RESET_MESSAGES.invalidLink, code: 'reset_link_invalid' }, 400),
    );
    const router = renderPages(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Fresh-Lantern-42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This reset link has expired or was already used. Ask for a new one.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('says the same of a link with no token, without a form', async () => {
    renderPages('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain(PASSWORD_RESET_MESSAGES.invalidLink);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('puts the server’s password refusal under the field and keeps the form', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          detail: 'This password is too common.',
          code: 'invalid_password',
          errors: [{ path: 'password', message: 'This password is too common.' }],
        },
        400,
      ),
    );
    renderPages(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'iloveyou');
    await user.type(screen.getByLabelText('Confirm new password'), 'iloveyou');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
  });
});
