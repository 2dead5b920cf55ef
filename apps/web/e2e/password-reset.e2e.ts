import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_RESET_MESSAGES } from '@cardwise/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, PASSWORD, signUpByApi } from './support/accounts.ts';
import { apiResponse } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';

/**
 * The forgotten password (ADR 024) on the real server and the production build: 'Forgot
 * password?' on the sign-in form → the email → the one answer → the link, read from the message
 * the server wrote to its DATA_DIR/outbox → a new password → signed out, on /login with the
 * email filled in → sign in with the new password. The session from before the reset is over.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const NEW_PASSWORD = 'Harbour-Kettle-73';

const journey = setUpJourney();
const { pageErrors } = journey;

/** Serious or critical axe violations of each page state photographed (the pages' own main). */
const violations: string[] = [];

async function shot(page: Page, name: string): Promise<void> {
  violations.push(...(await seriousViolations(page, `password reset: ${name}`, { include: 'main' })));
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `password-reset-${name}.png`), fullPage: true });
}

/** The reset link of the one message in the server's outbox, waiting for it to be written. */
async function linkFromOutbox(to: string): Promise<string> {
  const dir = join(journey.server.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const eml = readFileSync(join(dir, file), 'utf8');
      if (!eml.includes(`To: <${to}>`)) continue;
      const link = /^https?:\/\/\S+\/reset-password\?token=\S+$/m.exec(eml.replace(/\r/g, ''));
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset email to ${to} in ${dir}`);
}

describe('password reset journey', () => {
  it('asks for a link, follows it from the outbox, sets a new password and signs in with it', async () => {
    const { url } = journey.server;
    const email = `reset.e2e.${Date.now()}@example.com`;
    await signUpByApi(url, { email, password: PASSWORD, fullName: 'Kavya Menon' });
    // A session from before: someone else's, perhaps. The reset must end it.
    const before = await logInByApi(url, email, PASSWORD);

    const page = await journey.newPage({ width: 1280, height: 900 });
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await shot(page, '1-request');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText(PASSWORD_RESET_MESSAGES.requested).waitFor();
    await shot(page, '2-requested');

    // The link as the email gives it: the site's own address (no PUBLIC_BASE_URL here, so the
    // local address the server listens on), not whatever Host the request came with.
    const link = await linkFromOutbox(email);
    const port = new URL(url).port;
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));

    const resetPage = await journey.newPage({ width: 375, height: 800 });
    await resetPage.goto(link);
    await resetPage.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The token is taken off the address bar.
    await resetPage.waitForURL((u) => u.search === '');
    await resetPage.getByLabel('New password', { exact: true }).fill('iloveyou');
    await resetPage.getByLabel('Confirm new password').fill('iloveyou');
    await resetPage.getByRole('button', { name: 'Set new password' }).click();
    await resetPage.getByText('This password is too common.').waitFor();
    await shot(resetPage, '3-refused-password');
    await resetPage.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await resetPage.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await resetPage.getByRole('button', { name: 'Set new password' }).click();

    await resetPage.waitForURL('**/login');
    await resetPage.getByRole('status').getByText(PASSWORD_RESET_MESSAGES.done).waitFor();
    expect(await resetPage.getByLabel('Email').inputValue()).toBe(email);
    await shot(resetPage, '4-signed-out-on-login');

    // The session from before the reset is over.
    const old = await apiResponse(url, 'accounts/user', { token: before.access });
    expect(old.status).toBe(401);

    // The old password no longer works; the new one does.
    await resetPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await resetPage.getByRole('button', { name: 'Sign In' }).click();
    await resetPage.getByText('Email or password is incorrect.').first().waitFor();
    await resetPage.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await resetPage.getByRole('button', { name: 'Sign In' }).click();
    await resetPage.getByRole('button', { name: 'Account menu for Kavya Menon' }).waitFor();

    // The link is spent: opened again, it says so, with the way to a new one.
    const again = await journey.newPage({ width: 375, height: 800 });
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('Another-Kettle-74');
    await again.getByLabel('Confirm new password').fill('Another-Kettle-74');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again.getByText(PASSWORD_RESET_MESSAGES.invalidLink).waitFor();
    await shot(again, '5-link-used');
    await again.getByRole('link', { name: 'Request a new link' }).click();
    await again.waitForURL('**/forgot-password');

    // The server said it wrote the message, and never what the link is.
    const log = journey.server.logTail(200_000);
    expect(log).toContain('email written to the outbox');
    expect(log).not.toContain(new URL(link).searchParams.get('token'));
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
