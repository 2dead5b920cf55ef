import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signInByForm } from './support/accounts.ts';
import { apiResponse } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';

/**
 * The accounts journey on the real server and the production build:
 * register → log in → edit profile → reload, still signed in → expire the access token →
 * the silent refresh works → log out. Then the failing refresh, and screenshots.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
// The server started below signs with this key, so the test can mint an expired token.
const JWT_SECRET = 'e2e-accounts-secret-e2e-accounts-secret-0123';

const journey = setUpJourney({ serverEnv: { JWT_SECRET } });
const { pageErrors } = journey;
let page: Page;
const email = `asha.e2e.${Date.now()}@example.com`;

const storage = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);

function claimsOf(token: string): { sub: string; tid: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

beforeAll(async () => {
  page = await journey.newPage({ width: 1280, height: 900 });
});

describe('accounts journey', () => {
  it('registers, signs in, edits the profile, survives a reload and an expired token, and signs out', async () => {
    // Register.
    await page.goto(`${journey.server.url}/register`);
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mobile number').fill('+91 98765 43210');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in at once with what was typed, and home: no second form to fill.
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByRole('button', { name: 'Account menu for Asha Rao' }).waitFor();
    await page.getByText('Welcome, Asha. You are signed in.').waitFor();
    expect(JSON.parse((await storage('user'))!)).toMatchObject({ email, name: 'Asha Rao' });
    expect(await storage('accessToken')).toBeTruthy();
    expect(await storage('refreshToken')).toBeTruthy();

    // Edit the profile through the header menu.
    await page.getByRole('button', { name: 'Account menu for Asha Rao' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await page.getByRole('heading', { name: 'Address' }).waitFor();
    const address = page.locator('section#address');
    await address.getByLabel('City', { exact: true }).fill('Pune');
    await address.getByLabel('PIN code', { exact: true }).fill('011001');
    await address.getByRole('button', { name: 'Save Address' }).click();
    await address.getByText('Please enter a valid 6-digit PIN code').waitFor();
    await address.getByLabel('PIN code', { exact: true }).fill('411001');
    await address.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Address saved.').waitFor();
    const identity = page.locator('section#identity');
    await identity.getByLabel('PAN').fill('abcde1234f');
    await identity.getByLabel('Aadhaar number').fill('2345 6789 0124');
    await identity.getByRole('button', { name: 'Save Identity (KYC)' }).click();
    await identity.getByText('On file: XXXXXXXX0124.', { exact: false }).waitFor();
    expect(await identity.getByLabel('Aadhaar number').inputValue()).toBe('');
    expect(await identity.getByLabel('PAN').inputValue()).toBe('ABCDE1234F');
    const personal = page.locator('section#personal');
    await personal.getByLabel('Full name').fill('Asha K Rao');
    await personal.getByRole('button', { name: 'Save Personal details' }).click();
    await page.getByRole('button', { name: 'Account menu for Asha K Rao' }).waitFor();

    // Reload: still signed in, the edits are there.
    await page.reload();
    await page.getByRole('button', { name: 'Account menu for Asha K Rao' }).waitFor();
    await expect
      .poll(() => page.locator('section#address').getByLabel('City', { exact: true }).inputValue())
      .toBe('Pune');

    // Expire the access token: the next call gets 401, renews silently and retries.
    const access = (await storage('accessToken'))!;
    const refreshBefore = (await storage('refreshToken'))!;
    const c = claimsOf(access);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ typ: 'access', tid: c.tid, sid: c.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(c.sub)
      .setAudience('cardwise-api')
      .setIssuer('cardwise')
      .setIssuedAt(now - 20 * 60)
      .setExpirationTime(now - 5 * 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const direct = await apiResponse(journey.server.url, 'accounts/profile/', { token: expired });
    expect(direct.status).toBe(401);
    await page.evaluate((t) => localStorage.setItem('accessToken', t), expired);
    const statuses: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/accounts/')) statuses.push(`${new URL(r.url()).pathname} ${r.status()}`);
    });
    await page.reload();
    await expect
      .poll(() => page.locator('section#address').getByLabel('City', { exact: true }).inputValue())
      .toBe('Pune');
    // One renewal for the page, however many of its calls met the expired token (the profile
    // page reads the profile, the owned cards since a98d2d0, and the applications), and each
    // such call retried once.
    expect(statuses.filter((st) => st.includes('/token/refresh/'))).toEqual([
      '/api/accounts/token/refresh/ 200',
    ]);
    expect(statuses.filter((st) => st.startsWith('/api/accounts/profile/'))).toEqual([
      '/api/accounts/profile/ 401',
      '/api/accounts/profile/ 200',
    ]);
    for (const path of new Set(statuses.map((st) => st.split(' ')[0]))) {
      const seen = statuses.filter((st) => st.startsWith(`${path} `));
      expect(seen.at(-1), path).toMatch(/ 200$/);
      expect(seen.length, path).toBeLessThanOrEqual(2);
    }
    const renewed = (await storage('accessToken'))!;
    expect(renewed).not.toBe(expired);
    expect(await storage('refreshToken')).not.toBe(refreshBefore);
    expect(await page.getByText('Session Expired').count()).toBe(0);

    // Log out from the header menu: the session ends on the server too.
    const refreshAtLogout = (await storage('refreshToken'))!;
    await page.getByRole('button', { name: 'Account menu for Asha K Rao' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    for (const key of ['user', 'accessToken', 'refreshToken']) expect(await storage(key)).toBeNull();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const after = await apiResponse(journey.server.url, 'accounts/token/refresh/', {
      body: { refresh: refreshAtLogout },
    });
    expect(after.status).toBe(401);
    const old = await apiResponse(journey.server.url, 'accounts/user/', { token: renewed });
    expect(old.status).toBe(401);

    // Sign in again: a wrong password is refused in words, the right one signs in.
    await page.goto(`${journey.server.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Email or password is incorrect.').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByRole('button', { name: 'Account menu for Asha K Rao' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('shows Session Expired and goes to /login when the refresh token is refused', async () => {
    await page.goto(`${journey.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The first test ends signed in: the menu is there at once, so wait for this sign-in to land
    // (it goes home), or its tokens would overwrite the ones set below.
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByRole('button', { name: 'Account menu for Asha K Rao' }).waitFor();
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired.not.valid');
      localStorage.setItem('refreshToken', 'revoked-or-unknown-token');
    });
    await page.goto(`${journey.server.url}/profile`);
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await page.getByText('Session Expired', { exact: true }).waitFor();
    await page.waitForURL('**/login');
    for (const key of ['user', 'accessToken', 'refreshToken']) expect(await storage(key)).toBeNull();
  });

  it('two tabs meeting an expired token at once renew it once between them, and both stay signed in', async () => {
    const first = await journey.newPage({ width: 1280, height: 900 });
    const tabs = first.context();
    const second = await tabs.newPage();
    second.on('pageerror', (e) => pageErrors.push(e.message));
    await signInByForm(first, journey.server.url, email, PASSWORD);
    await second.goto(`${journey.server.url}/profile`);
    await second.getByRole('button', { name: 'Account menu for Asha K Rao' }).waitFor();
    // The tabs share the stored tokens. Each renewal is held back long enough that both tabs
    // have met the 401 before the first renewal answers.
    const renewals: string[] = [];
    await tabs.route('**/api/accounts/token/refresh/', async (route) => {
      renewals.push(route.request().postData() ?? '');
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await first.evaluate(() => localStorage.setItem('accessToken', 'expired.not.valid'));
    await Promise.all([
      first.goto(`${journey.server.url}/profile`),
      second.goto(`${journey.server.url}/profile`),
    ]);
    for (const p of [first, second]) {
      await expect
        .poll(() => p.locator('section#address').getByLabel('City', { exact: true }).inputValue())
        .toBe('Pune');
      expect(new URL(p.url()).pathname).toBe('/profile');
      expect(await p.getByText('Session Expired').count()).toBe(0);
    }
    // One exchange: a second one of the same refresh token would have ended the session.
    expect(renewals).toHaveLength(1);
    const live = await apiResponse(journey.server.url, 'accounts/user/', {
      token: (await second.evaluate(() => localStorage.getItem('accessToken')))!,
    });
    expect(live.status).toBe(200);
    await tabs.close();
  });

  it('keeps a session per tenant when tenants share an origin under /t/{slug}', async () => {
    await page.goto(`${journey.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Account menu for Asha K Rao' }).waitFor();
    // A partner's pages on the same origin: signed out there (its own account space), without
    // a 'Session Expired' and without ending the session of the product's own pages.
    await page.goto(`${journey.server.url}/t/paisapal/profile`);
    await page.waitForURL('**/t/paisapal/login');
    expect(await page.getByText('Session Expired').count()).toBe(0);
    expect(await storage('accessToken')).toBeTruthy();
    await page.goto(`${journey.server.url}/profile`);
    await page.getByRole('button', { name: 'Account menu for Asha K Rao' }).waitFor();
    await page.evaluate(() => localStorage.clear());
  });

  it('sends an anonymous visitor of /profile to /login', async () => {
    await page.goto(`${journey.server.url}/profile`);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });
});

describe('accounts pages: accessibility and screenshots', () => {
  it('has no serious axe violations and renders at 375 and 1280 px', async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const found: string[] = [];
    for (const width of [375, 1280]) {
      const p = await journey.newPage({ width, height: 900 });
      for (const path of ['/login', '/register']) {
        await p.goto(`${journey.server.url}${path}`, { waitUntil: 'networkidle' });
        await p.locator('h1').first().waitFor();
        await p.screenshot({
          path: join(SHOTS_DIR, `accounts${path.replace('/', '-')}-${width}.png`),
          fullPage: true,
        });
      }
      // Signed in: profile and settings.
      await p.goto(`${journey.server.url}/login`);
      await p.getByLabel('Email').fill(email);
      await p.getByLabel('Password').fill(PASSWORD);
      await p.getByRole('button', { name: 'Sign In' }).click();
      await p.getByRole('button', { name: /^Account menu for/ }).waitFor();
      for (const path of ['/profile', '/settings']) {
        await p.goto(`${journey.server.url}${path}`, { waitUntil: 'networkidle' });
        await p.locator('h1').first().waitFor();
        await p.screenshot({
          path: join(SHOTS_DIR, `accounts${path.replace('/', '-')}-${width}.png`),
          fullPage: true,
        });
        if (width === 1280) found.push(...(await seriousViolations(p, path)));
      }
      await p.getByRole('button', { name: /^Account menu for/ }).click();
      await p.screenshot({ path: join(SHOTS_DIR, `accounts-menu-${width}.png`) });
      await p.context().close();
    }
    expect(found).toEqual([]);
  });
});
