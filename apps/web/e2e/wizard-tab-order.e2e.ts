import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpJourney } from './support/journey.ts';
import { CARD } from './support/kyc-files.ts';

/**
 * Tab order is the order people see (WCAG 2.4.3, 1.3.2). At 375 px the wizard's step buttons
 * once stacked with `flex-col-reverse`: 'Save & Continue' drawn above 'Back', while Back came
 * first in the DOM, so Tab went up the screen. Here each step's buttons are tabbed through on
 * the production build, and every focus must land below (phone) or right of (desktop) the one
 * before it.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const journey = setUpJourney();
mkdirSync(SHOTS_DIR, { recursive: true });

const signedInPage = async (width: number): Promise<Page> =>
  (await journey.signedInPage({ width, height: 900 }, 'tab-order')).page;

type Box = { x: number; y: number; width: number; height: number };

/** Where an element is on the page (not the viewport: each Tab may scroll it). */
const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });

/** The text of what has focus, for a readable failure. */
const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement?.textContent ?? '').replace(/\s+/g, ' ').trim());

/**
 * Focuses `first`, then presses Tab once per further control, and checks both that focus
 * reached each control in turn and that each one sits after the previous in reading order:
 * lower on the page, or on the same row and further right.
 */
async function expectTabOrderIsVisualOrder(page: Page, controls: Locator[]) {
  const [first, ...rest] = controls;
  if (!first) return;
  await first.focus();
  let previous = await boxOf(first);
  for (const control of rest) {
    await page.keyboard.press('Tab');
    expect(await control.evaluate((el) => el === document.activeElement), await focusedText(page)).toBe(true);
    const box = await boxOf(control);
    const sameRow = Math.abs(box.y - previous.y) < Math.min(box.height, previous.height) / 2;
    if (sameRow) expect(box.x).toBeGreaterThan(previous.x + previous.width - 1);
    else expect(box.y).toBeGreaterThan(previous.y + previous.height - 1);
    previous = box;
  }
}

describe.each([375, 1280])('wizard tab order at %i px', (width) => {
  it('tabs through the landing and personal steps’ buttons in the order they are drawn', async () => {
    const page = await signedInPage(width);
    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}`);
    await page.getByRole('heading', { name: /^Apply for / }).waitFor();
    const backToCard = page.getByRole('link', { name: 'Back to Card Details' });
    const start = page.getByRole('button', { name: 'Start Application' });
    await expectTabOrderIsVisualOrder(page, [backToCard, start]);

    await start.click();
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    await page.getByLabel('Date of Birth').fill('1991-04-12');
    await page.getByLabel('Gender').selectOption('FEMALE');
    await page.getByLabel('PAN Number').fill('ABCPI1234K');
    await expect.poll(() => page.getByLabel('Mobile Number').inputValue()).toBe('9876501234');
    await page.getByLabel('Address Line 1').fill('14 Residency Road');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('City').selectOption('Bengaluru');
    await page.getByLabel('PIN Code').fill('560025');
    const form = page.locator('form', { has: page.getByLabel('PIN Code') });
    const back = form.getByRole('button', { name: 'Back to the previous page', exact: true });
    const save = form.getByRole('button', { name: 'Save & Continue' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    // From the last field: Tab goes to the first button drawn below it, then the next.
    await expectTabOrderIsVisualOrder(page, [page.getByLabel('Country'), back, save]);
    // Phones stack the buttons, desktops set them side by side: both orders are checked.
    const [backBox, saveBox] = [await boxOf(back), await boxOf(save)];
    if (width < 640) expect(saveBox.y).toBeGreaterThan(backBox.y);
    else expect(Math.round(saveBox.y)).toBe(Math.round(backBox.y));
    await back.locator('..').screenshot({ path: `${SHOTS_DIR}/wizard-buttons-${width}.png` });
    await page.context().close();
    expect(journey.pageErrors).toEqual([]);
  });
});
