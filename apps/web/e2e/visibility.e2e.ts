import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpJourney } from './support/journey.ts';

/**
 * What the eye must be able to see, on the real server and the production build, at 1280 and
 * 390 px: a section the page jumps to, and a field reached with the keyboard, stop below the
 * sticky header instead of under it (WCAG 2.4.11); a menu item reached with the keyboard
 * shows a focus ring (WCAG 2.4.7), as every other control does, and one the mouse points at only
 * its highlight; the network on a card's art
 * ("Visa / Mastercard / RuPay") is printed whole, not cut to "VISA / MASTE…".
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const WIDTHS = [1280, 390] as const;

const journey = setUpJourney();
mkdirSync(SHOTS_DIR, { recursive: true });

/** A fresh page and its own list of page errors, which each check expects empty. */
async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await journey.newPage({ width, height: 800 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/**
 * Waits until the page has stopped scrolling (a smooth scroll, a section arriving) and stayed
 * still for 600 ms. 'Get Started' checks its landing 150 ms after the scroll goes quiet and may
 * scroll on (scroll-to-section.ts); one unchanged reading 150 ms apart could fall in that pause,
 * and the test then measured a page still on its way (CI, stop 50).
 */
async function settled(page: Page): Promise<void> {
  let last = Number.NaN;
  let still = 0;
  for (let i = 0; i < 100 && still < 4; i++) {
    const y = await page.evaluate(() => window.scrollY);
    still = y === last ? still + 1 : 0;
    last = y;
    await page.waitForTimeout(150);
  }
}

const headerBottom = (page: Page) =>
  page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
const top = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().top);

describe('the sticky header hides nothing', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: 'Get Started' shows the form's heading, and a field reached by Shift+Tab is not under the header`, async () => {
      const { page, errors } = await openPage(width);
      await page.goto(`${journey.server.url}/`);
      await page.getByRole('button', { name: 'Get Started' }).click();
      const heading = page.getByRole('heading', { name: 'Spending Details' });
      await heading.waitFor();
      await settled(page);
      const header = await headerBottom(page);
      expect(header).toBeGreaterThan(0);
      expect(await top(heading)).toBeGreaterThanOrEqual(header);
      // The section stops where scroll-padding-top puts it, not short of it: the page below it
      // was too short when the scroll began (its parts and the footer load later).
      const padding = await page.evaluate(() =>
        Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      );
      expect(Math.abs((await top(page.locator('#spend-form'))) - padding)).toBeLessThanOrEqual(3);
      await page.screenshot({ path: join(SHOTS_DIR, `get-started-${width}.png`) });

      // The Amount field scrolled with the mouse wheel to just under the header (in the
      // viewport, hidden by the header), then reached from the next field with Shift+Tab: the
      // page scrolls it out. The wheel is the reader's own scroll, which 'Get Started' yields to;
      // a script's scroll is not, and the section's late parts arriving could pull the page back.
      const amount = page.getByLabel('Amount (₹)');
      await page.mouse.move(width / 2, 400);
      await page.mouse.wheel(0, (await top(amount)) - 20);
      await settled(page);
      expect(await top(amount)).toBeLessThan(header);
      // Focus the control right after Amount without scrolling, so Shift+Tab lands on Amount.
      await amount.evaluate((el) => {
        const form = el.closest('form');
        const focusable = [...(form?.querySelectorAll<HTMLElement>('input, select, button') ?? [])].filter(
          (e) => !(e as HTMLButtonElement).disabled && e.tabIndex >= 0,
        );
        focusable[focusable.indexOf(el as HTMLElement) + 1]?.focus({ preventScroll: true });
      });
      await page.keyboard.press('Shift+Tab');
      await settled(page);
      expect(await amount.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await top(amount)).toBeGreaterThanOrEqual(await headerBottom(page));
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe('a link to the spending form', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: /#spend-form opens the page at the form, below the header`, async () => {
      const { page, errors } = await openPage(width);
      await page.goto(`${journey.server.url}/#spend-form`);
      const heading = page.getByRole('heading', { name: 'Spending Details' });
      await heading.waitFor();
      await settled(page);
      const header = await headerBottom(page);
      const headingTop = await top(heading);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(headingTop).toBeGreaterThanOrEqual(header);
      expect(headingTop).toBeLessThan(width === 390 ? 400 : 300);
      await page.screenshot({ path: join(SHOTS_DIR, `spend-form-link-${width}.png`) });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

/** The focused element's outline, as drawn: style, width in px, colour, and its name. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const style = el ? getComputedStyle(el) : null;
    return {
      name: el?.textContent?.trim() ?? '',
      role: el?.getAttribute('role') ?? '',
      style: style?.outlineStyle ?? 'none',
      width: Number.parseFloat(style?.outlineWidth ?? '0'),
      color: style?.outlineColor ?? '',
    };
  });

/** The theme's primary colour as Chromium computes it (the app's focus ring colour). */
const primary = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--cw-primary)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });

/** Waits for the menu item `name` to have focus (Radix moves it a frame later), then reads its ring. */
async function expectRing(page: Page, name: string | RegExp) {
  await expect.poll(async () => (await focusRing(page)).name).toMatch(name);
  const ring = await focusRing(page);
  expect(ring.role).toMatch(/^menuitem/);
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.color).toBe(await primary(page));
}

describe('menu items show where the keyboard is', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: the account, language and navigation menus' items have a focus ring`, async () => {
      const { page, errors } = await openPage(width);
      await page.goto(`${journey.server.url}/`);
      const account = page.getByRole('button', { name: 'Account menu' });
      await account.waitFor();
      await account.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await expectRing(page, 'Sign In');
      await page.keyboard.press('ArrowDown');
      await expectRing(page, 'Sign Up');
      await page.screenshot({ path: join(SHOTS_DIR, `menu-focus-${width}.png`) });
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      const language = page.getByRole('button', { name: /^Page language/ });
      await language.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await expect.poll(async () => (await focusRing(page)).role).toMatch(/^menuitem/);
      const first = (await focusRing(page)).name;
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await focusRing(page)).name).not.toBe(first);
      await expectRing(page, /\S/);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      if (width < 1024) {
        const nav = page.getByRole('button', { name: 'Open navigation menu' });
        await nav.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menu').waitFor();
        await expectRing(page, 'Home');
        await page.keyboard.press('ArrowDown');
        await expectRing(page, 'Credit Cards');
        await page.keyboard.press('Escape');
      }
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('at 1280 px: an item the mouse points at is highlighted without the keyboard’s ring, which returns with the arrow keys', async () => {
    const { page, errors } = await openPage(1280);
    await page.goto(`${journey.server.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    const signUp = page.getByRole('menuitem', { name: 'Sign Up' });
    const box = await signUp.boundingBox();
    if (!box) throw new Error('Sign Up has no box');
    await page.mouse.move(box.x + 8, box.y + box.height / 2, { steps: 4 });
    // Radix focuses the pointed-at item by script; Chromium calls that :focus-visible.
    await expect.poll(async () => (await focusRing(page)).name).toBe('Sign Up');
    expect(await signUp.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    expect((await focusRing(page)).style).toBe('none');
    await page.screenshot({ path: join(SHOTS_DIR, 'menu-hover-1280.png') });
    await page.keyboard.press('ArrowUp');
    await expectRing(page, 'Sign In');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a page opened by its address starts at its top', () => {
  it('at 390 px: the card list opened after a scrolled home page is at its top; a reload keeps its place', async () => {
    const { page, errors } = await openPage(390);
    await page.goto(`${journey.server.url}/`);
    await page.getByRole('heading', { name: 'Best Credit Card Comparison in India' }).waitFor();
    // Scrolled as a person scrolls: the sections below load as they come near and lengthen the
    // page (how long it is before then depends on the fonts the machine has).
    for (let i = 0; i < 5 && (await page.evaluate(() => window.scrollY)) <= 1000; i++) {
      await page.evaluate(() => window.scrollTo(0, 2500));
      await settled(page);
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    // A new document in the same tab (an address typed, a link from elsewhere).
    await page.goto(`${journey.server.url}/cards`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('link', { name: 'Details' }).first().waitFor();
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 1200));
    await settled(page);
    await page.reload();
    await page.getByRole('link', { name: 'Details' }).first().waitFor();
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a searchable select shows which option the arrow keys are on', () => {
  it('at 1280 px: the highlighted option of Spending mode has the focus ring', async () => {
    const { page, errors } = await openPage(1280);
    await page.goto(`${journey.server.url}/#spend-form`);
    const mode = page.getByLabel('Spending mode', { exact: true });
    await mode.waitFor();
    await mode.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    const highlighted = page.locator('[role="option"][aria-selected="true"]');
    await highlighted.waitFor();
    const ring = await highlighted.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        color: style.outlineColor,
      };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.color).toBe(await primary(page));
    await page.screenshot({ path: join(SHOTS_DIR, 'select-highlight-1280.png') });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** Every network chip on the page's card art: its text, whether it is cut, and whether it runs into the bank's name. */
const networkChips = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="card-network"]')].map((chip) => {
      const bank = chip.parentElement?.firstElementChild as HTMLElement | null;
      const box = chip.getBoundingClientRect();
      const art = chip.closest('[data-testid="card-art"]')?.getBoundingClientRect();
      const bankBox = bank && bank !== chip ? bank.getBoundingClientRect() : null;
      return {
        // The slashes follow a no-break space.
        text: (chip.textContent ?? '').replace(/\s+/g, ' '),
        title: chip.title,
        cut: chip.scrollWidth > chip.clientWidth + 0.5 || chip.scrollHeight > chip.clientHeight + 0.5,
        inside: art ? box.left >= art.left && box.right <= art.right : false,
        overlapsBank: bankBox ? bankBox.right > box.left + 0.5 && bankBox.bottom > box.top : false,
      };
    }),
  );

describe('card art prints the whole network', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: no network chip is cut, on the card list and a card's page`, async () => {
      const { page, errors } = await openPage(width);
      const seen = new Set<string>();
      const problems: unknown[] = [];
      const check = async (where: string) => {
        for (const chip of await networkChips(page)) {
          seen.add(chip.text);
          if (chip.cut || !chip.inside || chip.overlapsBank) problems.push({ where, ...chip });
        }
      };
      for (let n = 1; ; n++) {
        await page.goto(`${journey.server.url}/cards?page=${n}`);
        await page.getByRole('heading', { name: /^Showing \d+/ }).waitFor();
        // Tiles out of view skip layout (content-visibility: auto, styles.css): lay them all out.
        await page.addStyleTag({ content: '.tile-lazy { content-visibility: visible; }' });
        await check(`/cards?page=${n}`);
        const showing = (await page.getByRole('heading', { name: /^Showing \d+/ }).textContent()) ?? '';
        const [, last, total] = /–(\d+) of (\d+)/.exec(showing) ?? [];
        if (!last || last === total) break;
      }
      // The longest chips of the catalogue, on the card page's large art.
      for (const id of ['hdfc_millennia', 'indigo_idfc']) {
        await page.goto(`${journey.server.url}/card/${id}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('[data-testid="card-network"]').first().waitFor();
        await check(`/card/${id}`);
      }
      expect(seen).toContain('Visa / Mastercard / RuPay');
      expect(seen).toContain('Mastercard + RuPay');
      expect(problems).toEqual([]);
      // A tile with the three networks, as drawn.
      await page.goto(`${journey.server.url}/cards?page=3`);
      await page.getByRole('heading', { name: /^Showing \d+/ }).waitFor();
      // Laid out before the shot: a tile that becomes visible while scrolling changes size under it.
      await page.addStyleTag({ content: '.tile-lazy { content-visibility: visible; }' });
      await page
        .getByTestId('card-art')
        .filter({ hasText: /Visa\s\/ Mastercard\s\/ RuPay/ })
        .first()
        .screenshot({ path: join(SHOTS_DIR, `card-network-${width}.png`) });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
