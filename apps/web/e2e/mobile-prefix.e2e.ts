import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInByApi, PASSWORD, signUpByApi, storeSession } from './support/accounts.ts';
import { launchChromium } from './support/browser.ts';
import { CARD } from './support/kyc-files.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { ensureWebBuild } from './support/web-build.ts';

/**
 * Mobile fields show a fixed "+91" before them (ADR 015). Typed key by key in Chromium, a number
 * with its prefix ("+91 98765 43210", "0091 …", "098765 …") once showed the prefix's digits
 * beside that "+91" ("+91 | +91987…") until the last key. At every key, only the number's own
 * digits may show.
 */

const NUMBER = '9876543210';
const TYPED = ['+91 98765 43210', '0091 98765 43210', '098765 43210'];

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureWebBuild();
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

/** Types `typed` one key at a time into an empty `field`, and returns what it showed after each. */
async function shownWhileTyping(page: Page, field: Locator, typed: string): Promise<string[]> {
  await field.fill('');
  await field.focus();
  const shown: string[] = [];
  for (const key of typed) {
    await page.keyboard.type(key);
    shown.push(await field.inputValue());
  }
  // Left and typed again, the next number starts clean.
  await field.blur();
  return shown;
}

function expectOnlyTheNumber(typed: string, shown: string[]) {
  expect(shown.at(-1), typed).toBe(NUMBER);
  for (const value of shown) expect(NUMBER.startsWith(value), `${typed}: ${shown.join(' → ')}`).toBe(true);
}

describe('a typed mobile prefix never shows beside the fixed +91', () => {
  it('on the contact form', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/contact`);
    const field = page.getByLabel('Mobile number (optional)');
    for (const typed of TYPED) expectOnlyTheNumber(typed, await shownWhileTyping(page, field, typed));
    await page.context().close();
  });

  it("on the application's personal step", async () => {
    const page = await newPage();
    const email = `mobile-prefix.${Date.now()}@example.com`;
    await signUpByApi(server.url, { email, password: PASSWORD });
    const session = await logInByApi(server.url, email, PASSWORD);
    await page.goto(`${server.url}/about`);
    await storeSession(page, session);
    await page.goto(`${server.url}/cards/apply/hdfc/${CARD}`);
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    const field = page.getByLabel('Mobile Number');
    for (const typed of TYPED) expectOnlyTheNumber(typed, await shownWhileTyping(page, field, typed));
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
