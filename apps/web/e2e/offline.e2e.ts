import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The server goes away under an open page (spec §8 "Network failure"). This file has a server of
 * its own, since its journey stops it.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

let browser: Browser;
// Each attempt starts its own server (the journey stops it); a leftover is stopped at the end.
let server: RunningServer | null = null;

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('with the server gone', () => {
  it("a link to a page whose code is not loaded yet says 'Network Error' and keeps the app, not the browser's offline page", async () => {
    const running = await startServer();
    server = running;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${running.url}/cards`);
    await page
      .getByRole('heading', { name: /Credit Cards/ })
      .first()
      .waitFor();
    // The toast area loads once the page is idle (the header's links are all code that is there).
    await page.locator('section[aria-label^="Notifications"]').waitFor({ state: 'attached' });
    await running.stop();
    server = null;
    // The header's About: its page's code has not been fetched on this visit.
    // No navigation to wait for: the app routes in the page.
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'About', exact: true })
      .click({ noWaitAfter: true });
    await page
      .getByText('Unable to connect to the server. Please check your internet connection and try again.')
      .waitFor();
    await page.getByText('Something went wrong. Please try refreshing the page.').waitFor();
    await page.waitForTimeout(1000);
    // Still our page: a reload would have swapped it for chrome-error://chromewebdata.
    expect(page.url()).toBe(`${running.url}/about`);
    expect(await page.getByText('Network Error', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS_DIR, 'offline-about-1280.png') });
    await context.close();
  });
});
