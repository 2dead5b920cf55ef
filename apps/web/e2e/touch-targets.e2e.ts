import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInByApi, PASSWORD, signUpByApi, storeSession } from './support/accounts.ts';
import { api } from './support/api.ts';
import { setUpJourney } from './support/journey.ts';

/**
 * What a finger has to hit, on the real server and the production build. On a 375 px touch
 * screen the controls audits found too small (the hero carousel's dots, arrows and section
 * badge, the promotion's pause and dismiss buttons, the footer's links and social icons, the
 * text links of /login and /register, the card list's tag chips, the home page's section
 * shortcuts, the header's language, colour-mode, account and menu buttons, a spending entry's
 * Duplicate, Edit and Remove, the edit dialog's Close, a toast's close button) are 44 px
 * targets that a tap at their edges reaches, and nothing interactive on the main pages is
 * under 44 px (at 320 px, where five carousel dots do not fit, under 32 px); with a mouse at
 * 1280 px the chips and the header's buttons keep their compact size. Then the disabled Apply
 * Now of a card tile, whose reason only screen readers used to get: shown on hover (after the
 * spec's 700 ms), keyboard focus, click and tap, in the spec's words.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
/** Spec §2, word for word. */
const NOT_AVAILABLE = 'This card is not currently available for application';
/** A fingertip's target (WCAG 2.5.5, Apple's and Android's guidance). */
const FINGER = 44;
/** Nothing interactive may be smaller than this on a phone. */
const MINIMUM = 32;
/** A card of the complete-journey bank, for the wizard's landing step. */
const WIZARD_PATH = '/cards/apply/hdfc/hdfc_millennia';

const journey = setUpJourney();
let detailPath: string;

beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const { results } = await api<{ results: { id: string }[] }>(journey.server.url, 'cards/?page_size=1');
  detailPath = `/card/${results[0]!.id}`;
});

/** A phone: a touch screen, `width` px wide. */
async function phone(width = 375): Promise<{ context: BrowserContext; page: Page }> {
  const page = await journey.newPage({ width, height: 812 }, { hasTouch: true, isMobile: true });
  return { context: page.context(), page };
}

/** A new account each time (its preferences start empty), signed in in this page's storage. */
async function signIn(p: Page): Promise<void> {
  const email = `touch.e2e.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  await signUpByApi(journey.server.url, { email, password: PASSWORD });
  const session = await logInByApi(journey.server.url, email, PASSWORD);
  await p.goto(`${journey.server.url}/about`);
  await storeSession(p, session);
}

/** Down the whole page and back, so the sections that load when scrolled near are there. */
async function scrollThrough(p: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const atBottom = await p.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await p.waitForTimeout(120);
    if (atBottom) break;
  }
  await p.getByRole('contentinfo').waitFor();
  await p.evaluate(() => window.scrollTo(0, 0));
}

interface Target {
  name: string;
  width: number;
  height: number;
  /** A tap 2 px inside its top and bottom edges lands on it (an enlarged box that something covers is no target). */
  reached: boolean;
}

async function targets(locator: Locator): Promise<Target[]> {
  await locator.first().waitFor();
  const found: Target[] = [];
  for (let i = 0; i < (await locator.count()); i++) {
    found.push(
      await locator.nth(i).evaluate((el) => {
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const lands = (y: number) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && el.contains(hit);
        };
        return {
          name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
          width: Math.round(r.width * 10) / 10,
          height: Math.round(r.height * 10) / 10,
          reached: lands(r.top + 2) && lands(r.bottom - 2),
        };
      }),
    );
  }
  return found;
}

/**
 * Every visible interactive element under `min` px either way (the skip link is 1 px until
 * focused). A check box or radio button inside its label is measured by the label, which a tap
 * anywhere on toggles it.
 */
function undersized(p: Page, min: number): Promise<string[]> {
  return p.evaluate((least) => {
    const selector =
      'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll(selector)].flatMap((el) => {
      const box =
        el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
          ? (el.closest('label') ?? el)
          : el;
      const r = box.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.matches('.sr-only')) return [];
      if (r.width >= least && r.height >= least) return [];
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 60);
      return [`${name}: ${Math.round(r.width)}×${Math.round(r.height)}`];
    });
  }, min);
}

describe('touch targets on a phone', () => {
  it('375 px: the controls the audit found too small are 44 px targets, reached by a tap at their edges', async () => {
    const { context, page: p } = await phone();
    const checks: { what: string; found: Target[]; minWidth: number }[] = [];

    await p.goto(`${journey.server.url}/`);
    const carousel = p.getByRole('region', { name: 'Sponsored cards' });
    await carousel.getByRole('button', { name: 'best overall' }).waitFor();
    checks.push({
      what: 'carousel dots',
      found: await targets(carousel.getByRole('button', { name: /^Card \d+ of \d+$/ })),
      minWidth: FINGER,
    });
    checks.push({
      what: 'section badge',
      found: await targets(carousel.getByRole('button', { name: 'best overall' })),
      minWidth: FINGER,
    });
    checks.push({
      what: 'carousel arrows',
      found: await targets(carousel.getByRole('button', { name: /^(Previous|Next) card$/ })),
      minWidth: FINGER,
    });
    await p.getByRole('button', { name: 'Open navigation menu' }).waitFor();
    checks.push({
      what: 'header buttons',
      found: await targets(p.getByRole('banner').getByRole('button')),
      minWidth: FINGER,
    });
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-header-375.png') });
    await scrollThrough(p);
    checks.push({
      what: 'section shortcuts',
      found: await targets(p.getByRole('navigation', { name: 'Browse cards by section' }).getByRole('link')),
      minWidth: FINGER,
    });
    checks.push({
      what: 'promotion pause',
      found: await targets(p.getByRole('button', { name: /^(Pause|Play) promotions$/ })),
      minWidth: FINGER,
    });
    checks.push({
      what: 'promotion dismiss',
      found: await targets(p.getByRole('button', { name: /^Dismiss: / })),
      minWidth: FINGER,
    });
    checks.push({
      what: 'footer links',
      found: await targets(p.getByRole('contentinfo').getByRole('navigation').getByRole('link')),
      minWidth: FINGER,
    });
    checks.push({
      what: 'social links',
      found: await targets(p.getByRole('list', { name: 'Social media' }).getByRole('link')),
      minWidth: FINGER,
    });
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-footer-375.png') });

    await p.goto(`${journey.server.url}/cards`);
    checks.push({
      what: 'tag chips',
      found: await targets(p.getByRole('group', { name: 'Card tags' }).getByRole('button')),
      minWidth: FINGER,
    });
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-chips-375.png') });

    await p.goto(`${journey.server.url}/login`);
    checks.push({
      what: '/login text link',
      found: await targets(p.getByRole('main').getByRole('link', { name: 'Create an account' })),
      minWidth: FINGER,
    });
    await p.goto(`${journey.server.url}/register`);
    checks.push({
      what: '/register text link',
      found: await targets(p.getByRole('main').getByRole('link', { name: 'Sign In' })),
      minWidth: FINGER,
    });

    // A spending entry's Duplicate, Edit and Remove, the edit dialog's Close (36 px each before),
    // and a toast's close button (sonner's 20 px).
    await p.goto(`${journey.server.url}/`);
    await p.getByRole('button', { name: 'Get Started' }).click();
    await p.getByLabel('Spending mode', { exact: true }).click();
    await p.getByRole('option', { name: 'Online', exact: true }).click();
    await p.getByLabel(/^Amount/).fill('12000');
    await p.getByRole('button', { name: 'Add Entry' }).click();
    const entries = p.getByRole('list', { name: 'Your spending entries' });
    checks.push({
      what: 'spending entry buttons',
      found: await targets(entries.getByRole('button')),
      minWidth: FINGER,
    });
    await entries.getByRole('button', { name: /^Edit / }).click();
    // After the edit form has scrolled into the dialog's view.
    await p.waitForTimeout(1000);
    checks.push({
      what: 'edit dialog close',
      found: await targets(p.getByRole('dialog').getByRole('button', { name: 'Close' })),
      minWidth: FINGER,
    });
    await p.keyboard.press('Escape');
    await p.getByRole('button', { name: /^Page language/ }).click();
    await p.getByRole('menuitemradio', { name: /Hindi/ }).click();
    // Measured where it stops: sonner slides a new toast in from above the screen for 400 ms.
    await p.locator('[data-sonner-toast]').waitFor();
    await p.waitForTimeout(800);
    checks.push({
      what: 'toast close',
      found: await targets(p.locator('[data-sonner-toast] [data-close-button]')),
      minWidth: FINGER,
    });
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-toast-375.png') });
    // The toast sits below the sticky header (it lay over the menu and sign-in for 5 s).
    const header = await p.getByRole('banner').boundingBox();
    const toastBox = await p.locator('[data-sonner-toast]').boundingBox();
    expect(header?.y).toBe(0);
    expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((header?.height ?? Number.POSITIVE_INFINITY) - 0.5);
    // A removed entry's toast and its Undo (sonner's 24 px action).
    await entries.getByRole('button', { name: /^Remove / }).click();
    await p.locator('[data-sonner-toast] [data-button]').waitFor();
    await p.waitForTimeout(800);
    checks.push({
      what: 'toast action',
      found: await targets(p.locator('[data-sonner-toast] [data-button]')),
      minWidth: FINGER,
    });
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-toast-undo-375.png') });
    await context.close();

    const counts = Object.fromEntries(checks.map((c) => [c.what, c.found.length]));
    expect(counts).toEqual({
      'carousel dots': 5,
      'section badge': 1,
      'carousel arrows': 2,
      'header buttons': 4,
      'section shortcuts': 5,
      'promotion pause': 1,
      'promotion dismiss': 1,
      'footer links': 12,
      'social links': 3,
      'tag chips': 5,
      '/login text link': 1,
      '/register text link': 1,
      'spending entry buttons': 3,
      'edit dialog close': 1,
      'toast close': 1,
      'toast action': 1,
    });
    const faults = checks.flatMap(({ what, found, minWidth }) =>
      found
        .filter((t) => t.height < FINGER || t.width < minWidth || !t.reached)
        .map((t) => `${what} '${t.name}': ${t.width}×${t.height}${t.reached ? '' : ', edges not reached'}`),
    );
    expect(faults).toEqual([]);
  });

  it(`375 px: nothing interactive on the main pages is under ${FINGER} px; 320 px: under ${MINIMUM} px`, async () => {
    const faults: string[] = [];
    for (const [width, least] of [
      [320, MINIMUM],
      [375, FINGER],
    ] as const) {
      const { context, page: p } = await phone(width);
      for (const path of ['/', '/cards', detailPath, '/login', '/register']) {
        await p.goto(`${journey.server.url}${path}`);
        await p.locator('h1').first().waitFor();
        await scrollThrough(p);
        for (const fault of await undersized(p, least)) faults.push(`${width} ${path}: ${fault}`);
      }

      // Signed in: the wizard's landing step, and the home page with a spending level chosen
      // (its clear button) and a card to compare (its remove button).
      await signIn(p);
      await p.goto(`${journey.server.url}${WIZARD_PATH}`);
      await p.getByRole('heading', { name: /^Apply for / }).waitFor();
      for (const fault of await undersized(p, least)) faults.push(`${width} wizard: ${fault}`);

      await p.goto(`${journey.server.url}/`);
      await p.getByRole('button', { name: 'Get Started' }).click();
      await p.getByLabel('Spending mode', { exact: true }).click();
      await p.getByRole('option', { name: 'Online', exact: true }).click();
      await p.getByRole('button', { name: 'Clear Spending mode' }).waitFor();
      const panel = p.getByTestId('preferences-panel');
      await panel.getByLabel('Cards to compare', { exact: true }).click();
      await p.getByRole('listbox').getByRole('option').first().click();
      await p.keyboard.press('Escape');
      await panel.getByRole('button', { name: /^Remove .* from cards to compare$/ }).waitFor();
      await scrollThrough(p);
      for (const fault of await undersized(p, least)) faults.push(`${width} / signed in: ${fault}`);
      await context.close();
    }
    expect(faults).toEqual([]);
  });
});

describe('with a mouse on a wide screen', () => {
  it('1280 px: the tag chips and the header buttons keep their compact desktop size', async () => {
    const p = await journey.newPage({ width: 1280, height: 900 });
    await p.goto(`${journey.server.url}/cards`);
    await p.getByRole('button', { name: /^Switch to (dark|light) mode$/ }).waitFor();
    const heights = async (l: Locator) => (await targets(l)).map((t) => t.height);
    const chips = await heights(p.getByRole('group', { name: 'Card tags' }).getByRole('button'));
    expect(chips).toHaveLength(5);
    for (const h of chips) expect(h).toBeLessThan(FINGER);
    const header = await targets(p.getByRole('banner').getByRole('button'));
    // The menu button is for narrower screens; language, colour mode and account are 40 px.
    expect(header.map((t) => [t.name.split(':')[0], t.height])).toEqual([
      ['Page language', 40],
      [expect.stringMatching(/^Switch to /), 40],
      ['Account menu', 40],
    ]);
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-chips-1280.png') });
    await p.context().close();
  });
});

/**
 * The element that visibly shows the spec's sentence as its own text (the tooltip's box, not
 * its 1 px screen-reader copy nor a hidden description), and whether it lies inside the screen.
 */
function shownReason(p: Page): Promise<{ insideScreen: boolean } | null> {
  return p.evaluate((sentence) => {
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim();
      if (own !== sentence) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width < 40 || r.height < 10 || style.visibility === 'hidden' || Number(style.opacity) === 0)
        continue;
      return {
        insideScreen:
          r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight,
      };
    }
    return null;
  }, NOT_AVAILABLE);
}

const SHOWN = { insideScreen: true };
const waitShown = (p: Page) => expect.poll(() => shownReason(p), { timeout: 3000, interval: 100 });

/**
 * The card tile on /cards whose Apply Now is unavailable: in the demo catalogue only a card its
 * bank issues by invitation, with no in-product journey (ICICI Emeralde Private Metal; every
 * other card is applied for at its bank's page), so the list is filtered to its bank.
 */
async function unavailableApply(p: Page): Promise<{ tile: Locator; apply: Locator }> {
  await p.goto(`${journey.server.url}/cards?bank=icici`);
  const unavailable = { name: /^Apply Now/, disabled: true } as const;
  const tile = p
    .locator('article')
    .filter({ has: p.getByRole('button', unavailable) })
    .first();
  await tile.waitFor();
  expect(await tile.textContent()).toContain('Emeralde');
  // Its bank's other cards are open for application.
  expect(await p.locator('article').count()).toBeGreaterThan(1);
  expect(await p.getByRole('button', unavailable).count()).toBe(1);
  const apply = tile.getByRole('button', unavailable);
  await apply.scrollIntoViewIfNeeded();
  return { tile, apply };
}

async function centre(l: Locator): Promise<{ x: number; y: number }> {
  const box = await l.boundingBox();
  if (!box) throw new Error('no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe("a card tile's unavailable Apply Now says why", () => {
  it('with a mouse and a keyboard (1280 px): hover after the delay, a click, focus; and to screen readers', async () => {
    const p = await journey.newPage({ width: 1280, height: 900 });
    const { tile, apply } = await unavailableApply(p);

    // Screen readers: a disabled 'Apply Now' with the reason in its name or description.
    const spoken = await apply.evaluate((el) => {
      const described = (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '');
      return [el.getAttribute('aria-label') ?? el.textContent ?? '', ...described].join(' ');
    });
    expect(spoken).toContain(NOT_AVAILABLE);

    // Hover: not at once (spec §9: 700 ms), then shown.
    const { x, y } = await centre(apply);
    await p.mouse.move(x - 30, y, { steps: 2 });
    await p.mouse.move(x, y, { steps: 4 });
    const hovered = Date.now();
    await p.waitForTimeout(250);
    const early = await shownReason(p);
    // Asserted only when this machine was quick enough for "early" to mean early.
    if (Date.now() - hovered < 600) expect(early).toBeNull();
    await waitShown(p).toEqual(SHOWN);
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-apply-hover-1280.png') });

    // A click keeps showing the reason (it used to close it until the mouse moved again),
    // and is no application.
    await p.mouse.click(x, y);
    await p.waitForTimeout(1000);
    expect(await shownReason(p)).toEqual(SHOWN);
    expect(await p.getByRole('dialog').count()).toBe(0);
    await p.mouse.move(5, 450, { steps: 4 });
    await waitShown(p).toBeNull();

    // Keyboard: Tab from the tile's Details link.
    await tile.getByRole('link', { name: /^Details of / }).focus();
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Apply Now');
    await waitShown(p).toEqual(SHOWN);
    await p.keyboard.press('Escape');
    await waitShown(p).toBeNull();
    await p.context().close();
  });

  it('on a 375 px touch screen: a tap shows it, a second tap keeps it, a tap elsewhere closes it', async () => {
    const p = await journey.newPage({ width: 375, height: 812 }, { hasTouch: true, isMobile: true });
    const { apply } = await unavailableApply(p);
    const { x, y } = await centre(apply);
    await p.touchscreen.tap(x, y);
    await waitShown(p).toEqual(SHOWN);
    expect(await p.getByRole('dialog').count()).toBe(0);
    await p.screenshot({ path: join(SHOTS_DIR, 'touch-apply-tap-375.png') });
    await p.touchscreen.tap(x, y);
    await p.waitForTimeout(300);
    expect(await shownReason(p)).toEqual(SHOWN);
    // The page's margin beside the tile: nothing to press there, and no scrolling (which closes it too).
    await p.touchscreen.tap(6, y);
    await waitShown(p).toBeNull();
    await p.context().close();
  });
});
