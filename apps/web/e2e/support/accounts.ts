import type { Page } from 'playwright-core';

/** What POST /api/accounts/login answers. */
export interface Session {
  access: string;
  refresh: string;
  user_id: string;
  email: string;
  name: string;
}

export interface NewAccount {
  email: string;
  password: string;
  fullName?: string;
  phoneNumber?: string;
}

async function post(baseUrl: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Signs a new account up through the real API. Journeys that are not about signing up start
 * from here; the sign-up form itself is tested by accounts.e2e.ts and owned-cards.e2e.ts.
 */
export async function signUpByApi(baseUrl: string, account: NewAccount): Promise<void> {
  const res = await post(baseUrl, 'accounts/signup', {
    full_name: account.fullName ?? 'Meera Iyer',
    email: account.email,
    phone_number: account.phoneNumber ?? '9876501234',
    password: account.password,
    confirm_password: account.password,
  });
  if (res.status !== 201) throw new Error(`sign-up of ${account.email} answered ${res.status}: ${res.text}`);
}

/** Signs in through the real API and returns the session (tokens and the user's name). */
export async function logInByApi(baseUrl: string, email: string, password: string): Promise<Session> {
  const res = await post(baseUrl, 'accounts/login', { email, password });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text) as Session;
}

/**
 * Puts a session where the web app keeps it, as its own sign-in does, so a journey can start
 * signed in without going through the form. The page must be on the app's origin.
 */
export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.evaluate((s) => {
    localStorage.setItem(
      'user',
      JSON.stringify({ id: s.user_id, email: s.email, name: s.name, ownedCards: [], following: [] }),
    );
    localStorage.setItem('accessToken', s.access);
    localStorage.setItem('refreshToken', s.refresh);
  }, session);
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
