import type { LoginResponse } from '@cardwise/contracts';
import type { Page } from 'playwright-core';
import { storedUser } from '../../src/features/accounts/session-store.ts';
import { STORAGE_KEYS } from '../../src/lib/storage.ts';
import { api } from './api.ts';

/** The one password of the journeys' accounts. */
export const PASSWORD = 'Monsoon-Ledger-42';

export interface NewAccount {
  email: string;
  password: string;
  fullName?: string;
  phoneNumber?: string;
}

/**
 * Signs a new account up through the real API. Journeys that are not about signing up start
 * from here; the sign-up form itself is tested by accounts.e2e.ts and owned-cards.e2e.ts.
 */
export async function signUpByApi(baseUrl: string, account: NewAccount): Promise<void> {
  await api(baseUrl, 'accounts/signup', {
    body: {
      full_name: account.fullName ?? 'Meera Iyer',
      email: account.email,
      phone_number: account.phoneNumber ?? '9876501234',
      password: account.password,
      confirm_password: account.password,
    },
    expectStatus: 201,
  });
}

/** Signs in through the real API and returns the session (tokens and the user's name). */
export async function logInByApi(baseUrl: string, email: string, password: string): Promise<LoginResponse> {
  return api<LoginResponse>(baseUrl, 'accounts/login', { body: { email, password }, expectStatus: 200 });
}

/**
 * Puts a session where the web app keeps it, in the record its own sign-in writes
 * (session-store.ts), so a journey can start signed in without going through the form. The
 * page must be on the app's origin, and on a tenant with its own origin (bare storage keys).
 */
export async function storeSession(page: Page, session: LoginResponse): Promise<void> {
  const items: [string, string][] = [
    [STORAGE_KEYS.user, JSON.stringify(storedUser(session))],
    [STORAGE_KEYS.accessToken, session.access],
    [STORAGE_KEYS.refreshToken, session.refresh],
  ];
  await page.evaluate((pairs) => {
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, items);
}

/** Signs in through the /login form, as a person would, and waits until the app has left it. */
export async function signInByForm(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}
