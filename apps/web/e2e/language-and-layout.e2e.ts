import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInByApi, PASSWORD, signInByForm, signUpByApi } from './support/accounts.ts';
import { api } from './support/api.ts';
import { setUpJourney } from './support/journey.ts';

/**
 * The page language as one setting (ADR 014) on the real server and the production build: chosen
 * in the header, it is what Settings and /profile show and what the profile saved; a failed save
 * puts it back; after signing out, choosing another on the device and signing in again, the saved
 * one returns. Then /profile's notifications at 375 and 1280 px (the 'Mark as read' button under
 * the text on a phone), and a card id the server refuses, shown as "Card not found".
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const journey = setUpJourney();
const { pageErrors } = journey;
let page: Page;

beforeAll(async () => {
  page = await journey.newPage({ width: 1280, height: 900 });
});

const languageButton = () => page.getByRole('button', { name: /^Page language:/ });

/** Chooses a language in the header's picker. */
async function chooseInHeader(name: string): Promise<void> {
  await languageButton().click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${name}`) }).click();
}

/** The language the account's profile has saved, read from the API with a fresh sign-in. */
async function savedLanguage(email: string): Promise<string | null> {
  const { access } = await logInByApi(journey.server.url, email, PASSWORD);
  const profile = await api<{ language_selected: string | null }>(journey.server.url, 'accounts/profile/', {
    token: access,
  });
  return profile.language_selected;
}

async function openFromAccountMenu(item: 'Profile' | 'Settings' | 'Logout'): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('one page language', () => {
  it('chosen in the header, shows in Settings and /profile, is saved, and comes back at the next sign-in', async () => {
    const email = `language.e2e.${Date.now()}@example.com`;
    await signUpByApi(journey.server.url, { email, password: PASSWORD, fullName: 'Lata Bose' });
    await signInByForm(page, journey.server.url, email, PASSWORD);
    // A profile without a language is given the device's (English, never chosen) at sign-in.
    await expect.poll(() => savedLanguage(email)).toBe('en');
    await expect.poll(() => languageButton().getAttribute('aria-label')).toBe('Page language: English');

    await chooseInHeader('Hindi');
    await expect.poll(() => languageButton().getAttribute('aria-label')).toBe('Page language: Hindi');
    // Inside the app, no reload: each page reads the same setting.
    await openFromAccountMenu('Settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.locator('select#settings-language').inputValue()).toBe('hi');
    await openFromAccountMenu('Profile');
    await expect.poll(() => page.getByLabel('Preferred language').inputValue()).toBe('hi');
    await expect.poll(() => savedLanguage(email)).toBe('hi');

    // Changed on /profile, it is the header's at once.
    await page.getByLabel('Preferred language').selectOption('bn');
    await expect.poll(() => languageButton().getAttribute('aria-label')).toBe('Page language: Bengali');
    await expect.poll(() => savedLanguage(email)).toBe('bn');

    // A save the server refuses: the shown language goes back, and the toast says so.
    await page.route('**/api/accounts/user/update/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Something failed.' }),
      }),
    );
    await chooseInHeader('Tamil');
    await page.getByText('Language not saved').waitFor();
    await expect.poll(() => languageButton().getAttribute('aria-label')).toBe('Page language: Bengali');
    expect(await page.getByLabel('Preferred language').inputValue()).toBe('bn');
    await page.unroute('**/api/accounts/user/update/');
    expect(await savedLanguage(email)).toBe('bn');

    // Signed out, a choice stays on this device only; signing in brings the saved one back.
    await openFromAccountMenu('Logout');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await chooseInHeader('Urdu');
    await expect.poll(() => languageButton().getAttribute('aria-label')).toBe('Page language: Urdu');
    expect(await savedLanguage(email)).toBe('bn');
    await signInByForm(page, journey.server.url, email, PASSWORD);
    await expect.poll(() => languageButton().getAttribute('aria-label')).toBe('Page language: Bengali');
    await openFromAccountMenu('Settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.locator('select#settings-language').inputValue()).toBe('bn');

    expect(pageErrors).toEqual([]);
  });
});

describe('layout', () => {
  it("/profile's notifications: 'Mark as read' under the text at 375 px, beside it at 1280 px", async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const email = `layout.e2e.${Date.now()}@example.com`;
    await signUpByApi(journey.server.url, { email, password: PASSWORD, fullName: 'Kiran Das' });
    await signInByForm(page, journey.server.url, email, PASSWORD);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${journey.server.url}/profile`);
      // Every account starts with its welcome notification, unread.
      const item = page
        .getByRole('list', { name: 'Notifications, newest first' })
        .getByRole('listitem')
        .first();
      const button = item.getByRole('button', { name: 'Mark as read' });
      await button.waitFor();
      const text = item.locator('div').first();
      const textBox = (await text.boundingBox())!;
      const buttonBox = (await button.boundingBox())!;
      const itemBox = (await item.boundingBox())!;
      await item.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS_DIR, `profile-notifications-${width}.png`) });
      // The profile's 'Preferred language', now the page-language select itself.
      const personal = page.locator('section#personal');
      await personal.getByLabel('Preferred language').waitFor();
      await personal.screenshot({ path: join(SHOTS_DIR, `profile-personal-${width}.png`) });
      if (width === 375) {
        // Under the text, and the text keeps the item's width rather than a squeezed column.
        expect(buttonBox.y).toBeGreaterThanOrEqual(textBox.y + textBox.height);
        expect(textBox.width).toBeGreaterThan(itemBox.width * 0.8);
      } else {
        expect(buttonBox.x).toBeGreaterThanOrEqual(textBox.x + textBox.width);
        expect(buttonBox.y).toBeLessThan(textBox.y + textBox.height);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(pageErrors).toEqual([]);
  });

  it('a card id the server refuses is "Card not found", with the way back to All cards', async () => {
    await page.goto(`${journey.server.url}/cards/${'x'.repeat(101)}`);
    await page.getByRole('heading', { name: 'Card not found' }).waitFor();
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SHOTS_DIR, 'card-not-found-1280.png') });
    await page.getByRole('link', { name: 'All cards' }).click();
    await page.waitForURL((u) => u.pathname === '/cards');
    expect(pageErrors).toEqual([]);
  });
});
