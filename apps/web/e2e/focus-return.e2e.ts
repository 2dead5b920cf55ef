import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpJourney } from './support/journey.ts';

/**
 * Keyboard focus and dialogs (WCAG 2.4.3), and what the spending selects say (WCAG 4.1.2), on
 * the real server and the production build. A dialog opened from the keyboard and closed by
 * Escape or by any of its buttons hands focus back to the button that opened it (it fell to
 * <body>, the page still scrolled down); removing a spending entry moves focus to the next
 * entry, or to the list's heading when none is left; a searchable select's name carries its
 * value ("Spending mode: Online"), or says it is not chosen.
 */

const journey = setUpJourney();
const { pageErrors } = journey;
let page: Page;

beforeAll(async () => {
  page = await journey.newPage({ width: 1280, height: 800 });
});

/**
 * A searchable select's name: its label, then its value (the two are its aria-labelledby, which
 * joins them with a space: 'Spending mode : Online').
 */
const select = (label: string, value: string) => new RegExp(`^${label} ?: ${value}$`);

/** The name and description Chromium itself gives an element, as a screen reader gets them. */
async function chromiumName(locator: Locator) {
  await locator.evaluate((el) => el.setAttribute('data-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-probe]' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    return { name: node?.name?.value, description: node?.description?.value };
  } finally {
    await locator.evaluate((el) => el.removeAttribute('data-probe'));
    await cdp.detach();
  }
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
/** What has focus, for a readable failure: its tag and name. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`;
  });

/** Opens with the keyboard: focus, then Enter. */
async function pressOpen(button: Locator) {
  await button.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
}

async function expectFocusBack(button: Locator) {
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await expect
    .poll(focused)
    .toBe(await button.evaluate((el) => `button ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`));
  expect(await isFocused(button)).toBe(true);
}

describe('focus and dialogs', () => {
  it('spending: the selects name their value; Edit and Remove keep the keyboard focus', async () => {
    await page.goto(`${journey.server.url}/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Spending Details' }).waitFor();

    // WCAG 4.1.2: the chosen value is part of the name, and an empty select says so.
    const mode = page.getByRole('button', { name: select('Spending mode', 'not chosen') });
    await mode.waitFor();
    // Chromium's own reading, as a screen reader hears it: the placeholder is the description.
    expect(await chromiumName(mode)).toEqual({
      name: 'Spending mode : not chosen',
      description: 'Online, offline or international',
    });
    expect(await page.getByRole('button', { name: select('Platform type', 'not chosen') }).isDisabled()).toBe(
      true,
    );
    for (const [name, amount] of [
      ['Online', '1000'],
      ['Offline', '2000'],
    ] as const) {
      await page.getByLabel('Spending mode', { exact: true }).click();
      await page.getByRole('option', { name, exact: true }).click();
      const chosen = page.getByRole('button', { name: select('Spending mode', name) });
      await chosen.waitFor();
      if (name === 'Online')
        expect(await chromiumName(chosen)).toEqual({
          name: 'Spending mode : Online',
          description: undefined,
        });
      await page.getByLabel('Amount (₹)').fill(amount);
      await page.getByRole('button', { name: 'Add Entry' }).click();
    }
    await expect.poll(() => page.getByTestId('spending-entry').count()).toBe(2);
    // Added: the form is empty again, and says so.
    await mode.waitFor();

    // Edit, closed each way: focus goes back to its Edit button.
    // Named by the entry, amount and frequency included (the amount changes below).
    const edit = page.getByRole('button', { name: /^Edit Offline ₹/ });
    const dialog = page.getByRole('dialog');
    await pressOpen(edit);
    await page.keyboard.press('Escape');
    await expectFocusBack(edit);

    await pressOpen(edit);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectFocusBack(edit);

    await pressOpen(edit);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectFocusBack(edit);

    await pressOpen(edit);
    // The edit form's selects name their values too.
    await dialog.getByRole('button', { name: select('Spending mode', 'Offline') }).waitFor();
    await dialog.getByLabel('Amount (₹)').fill('2500');
    await dialog.getByRole('button', { name: 'Update Entry' }).click();
    await expectFocusBack(edit);
    await page.getByText('₹2,500 Monthly').waitFor();

    // Remove from the keyboard: the next entry's Remove, then the list's heading.
    await page.getByRole('button', { name: 'Remove Online ₹1,000 monthly', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('spending-entry').count()).toBe(1);
    await expect.poll(focused).toBe('button Remove Offline ₹2,500 monthly');
    await page.keyboard.press('Enter');
    await page.getByText('No spending entries added yet. Add your first one above.').waitFor();
    await expect.poll(focused).toBe('h3 Your spending');
    expect(pageErrors).toEqual([]);
  });

  it('a refused sign-in keeps the keyboard on Sign In, so the next Tab does not land in the footer', async () => {
    await page.goto(`${journey.server.url}/login`);
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password').fill('not the password');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await expect.poll(focused).toBe('button Sign In');
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(page.getByLabel('Password'))).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('a header link that opens another page has its title read out (WCAG 4.1.3)', async () => {
    await page.goto(`${journey.server.url}/`);
    const announcer = page.getByTestId('route-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    expect(await announcer.textContent()).toBe('');
    const cards = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credit Cards' });
    await cards.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => announcer.textContent()).toMatch(/^Credit Cards \| /);
    expect(await announcer.textContent()).toBe(await page.title());
    // The link keeps the focus: the announcement is all a screen reader hears of the new page.
    await expect.poll(focused).toBe('a Credit Cards');
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    await about.click();
    await expect.poll(() => announcer.textContent()).toMatch(/^About/);
    expect(await announcer.textContent()).toBe(await page.title());
    expect(pageErrors).toEqual([]);
  });

  it('card page: the Apply dialog hands focus back to Apply Now', async () => {
    // HDFC (the in-product journey) with an affiliate link, so the dialog offers both ways.
    await page.goto(`${journey.server.url}/card/hdfc_regalia_gold`);
    const apply = page.getByRole('button', { name: /Apply Now/ }).first();
    await apply.waitFor();

    await pressOpen(apply);
    await page.keyboard.press('Escape');
    await expectFocusBack(apply);

    await pressOpen(apply);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expectFocusBack(apply);

    // The bank's-site way replaces the dialog with the referral dialog: closing that too.
    await pressOpen(apply);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /website/ })
      .click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Customer Type');
    await page.keyboard.press('Escape');
    await expectFocusBack(apply);
    expect(pageErrors).toEqual([]);
  });
});
