import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpJourney } from './support/journey.ts';
import { CARD } from './support/kyc-files.ts';

/**
 * Mobile fields show a fixed "+91" before them (ADR 015). Typed key by key in Chromium, a number
 * with its prefix ("+91 98765 43210", "0091 …", "098765 …") once showed the prefix's digits
 * beside that "+91" ("+91 | +91987…") until the last key. At every key, only the number's own
 * digits may show.
 */

const NUMBER = '9876543210';
const TYPED = ['+91 98765 43210', '0091 98765 43210', '098765 43210'];

const journey = setUpJourney();
const newPage = () => journey.newPage({ width: 375, height: 800 });

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
    await page.goto(`${journey.server.url}/contact`);
    const field = page.getByLabel('Mobile number (optional)');
    for (const typed of TYPED) expectOnlyTheNumber(typed, await shownWhileTyping(page, field, typed));
    await page.context().close();
  });

  it("on the application's personal step", async () => {
    const { page } = await journey.signedInPage({ width: 375, height: 800 }, 'mobile-prefix');
    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}`);
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    const field = page.getByLabel('Mobile Number');
    for (const typed of TYPED) expectOnlyTheNumber(typed, await shownWhileTyping(page, field, typed));
    await page.context().close();
    expect(journey.pageErrors).toEqual([]);
  });
});
