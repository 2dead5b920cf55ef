import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpJourney } from './support/journey.ts';

/**
 * On a 390 px phone, on the real server and the production build: a link chosen from the mobile
 * navigation menu with the keyboard leaves focus on the new page's main content (WCAG 2.4.3), not
 * on the menu's button at the top of the header, so the next Tab goes into the page. And the
 * sign-up form's messages for fields left empty, as a phone shows them.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const journey = setUpJourney();
const { pageErrors } = journey;
let page: Page;

beforeAll(async () => {
  page = await journey.newPage({ width: 390, height: 844 });
});

describe('mobile navigation menu and focus', () => {
  it('moves focus to the new page after a link is chosen with the keyboard', async () => {
    await page.goto(`${journey.server.url}/`);
    const button = page.getByRole('button', { name: 'Open navigation menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'About' }).focus();
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SHOTS_DIR, 'menu-focus-open-390.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(false);
    await page.screenshot({ path: join(SHOTS_DIR, 'menu-focus-about-390.png') });
    // The next Tab goes into the page, not back through the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(
      true,
    );

    // Escape still hands focus back to the button.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('asks for each sign-up field left empty', async () => {
    await page.goto(`${journey.server.url}/register`);
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'Enter your full name.',
      'Enter your email address.',
      'Enter your mobile number.',
      'Enter a password.',
      'Confirm your password.',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, 'register-empty-390.png'), fullPage: true });
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Password', { exact: true }).fill('Ab1-xyz');
    await page.getByLabel('Confirm password').fill('Ab1-xyz!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter your full name: at least 2 letters.').waitFor();
    await page.getByText('This password is too short. It must contain at least 8 characters.').waitFor();
    await page.getByText('Passwords do not match.').waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, 'register-wrong-390.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
