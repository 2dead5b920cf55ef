import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { luminance } from '@cardwise/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { EMPLOYMENT_DETAILS, personalDetails } from './support/applicant.ts';
import { seriousViolations } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { CARD, JPEG, PDF, PNG } from './support/kyc-files.ts';

/**
 * axe on the pages people act on, in the states they act in (real server, production build),
 * failing on serious or critical violations: the home page with spending entries,
 * recommendations (combination cards, the savings chart, 'We adjusted your card choices') and the
 * signed-in card preferences panel ('We adjusted what you saved'); every step of the application
 * wizard with files chosen at KYC, a document's preview and its 'Remove document' confirmation,
 * and the 'Leave this application?' dialog; the browsing pages; the sign-in, sign-up and a wizard
 * step's forms showing their errors; the profile and settings pages. At 375 and 1280 px where the
 * layout differs, in the light and the dark theme (the header's toggle), and the main pages at
 * 320 px (the narrowest phone), where nothing may scroll sideways; on the browsing pages, in both
 * themes, the header's logo on a light surface (axe does not judge images); and the same pages in a
 * partner's theme, whose own colours could fail where the default's pass. journey.e2e.ts and
 * accounts.e2e.ts scan the anonymous pages and the account forms in light at 1280 px.
 * Each scanned state is photographed into SHOTS_DIR, to look at.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const journey = setUpJourney();
const { pageErrors } = journey;
const WIDTHS = [1280, 375] as const;
const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

afterEach((ctx) => {
  // A failed first try is retried, and only the last try's error is reported: each one's is said here.
  if (ctx.task.result?.state === 'fail')
    console.error(
      `${ctx.task.result.errors?.map((e) => e.message).join('\n')}\nserver output:\n${journey.server.logTail()}`,
    );
});

/** The theme, chosen as a person does: the header's toggle. */
async function setMode(page: Page, mode: Mode) {
  const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  if ((await dark()) !== (mode === 'dark'))
    await page.getByRole('button', { name: `Switch to ${mode} mode` }).click();
  await expect.poll(dark).toBe(mode === 'dark');
}

interface ScanOptions {
  /** Only this part of the page (a CSS selector): the rest is scanned in another state. */
  include?: string;
  widths?: readonly number[];
}

/** The page as scanned, into SHOTS_DIR (a dialog's state: the viewport; a page: all of it). */
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const slug = name
    .replace(/^\/(?= )/, 'home')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '');
  const file = `a11y-${slug}.png`;
  await page.screenshot({ path: join(SHOTS_DIR, file), fullPage });
}

/** This state's violations at each width, in the theme the page is in. */
async function scanWidths(page: Page, label: string, options: ScanOptions = {}): Promise<string[]> {
  const found: string[] = [];
  const mode = (await page.evaluate(() => document.documentElement.classList.contains('dark')))
    ? 'dark'
    : 'light';
  for (const width of options.widths ?? WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await seriousViolations(page, `${label} ${width}px ${mode}`, options)));
    const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
    await shot(page, `${label} ${width} ${mode}`, !dialogOpen);
  }
  return found;
}

/** This state's violations at each width in both themes (switched with the header's toggle). */
async function scanEverywhere(page: Page, label: string, options: ScanOptions = {}): Promise<string[]> {
  const found: string[] = [];
  for (const mode of MODES) {
    await setMode(page, mode);
    found.push(...(await scanWidths(page, label, options)));
  }
  return found;
}

/**
 * A wizard step after the first: what changes with the width there (the header, the stepper's
 * labels) is the landing's too and scanned there in both themes, and the step's own form only
 * stacks into one column, the same elements in the same colours. So each theme at one width:
 * light on a phone, dark on a desktop.
 */
async function scanStep(page: Page, label: string): Promise<string[]> {
  await setMode(page, 'light');
  const found = await scanWidths(page, label, { widths: [375] });
  await setMode(page, 'dark');
  found.push(...(await scanWidths(page, label, { widths: [1280] })));
  return found;
}

/**
 * What the keyboard reaches outside an open modal dialog, Tab and Shift+Tab round it: nothing,
 * where the dialog keeps the focus. axe leaves its aria-hidden-focus rule for review there: the
 * page behind is aria-hidden (Radix's hideOthers, its focus guards included) and still holds
 * links and buttons, not inert, which only the dialog's focus trap keeps out of reach.
 */
async function focusOutside(page: Page, dialog: Locator, presses = 12): Promise<string[]> {
  // What a screen reader still finds behind the dialog and could move to: nothing either.
  const outside = await dialog.evaluate((d) =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')]
      .filter((el) => !d.contains(el) && el.tabIndex >= 0 && !el.closest('[aria-hidden="true"], [inert]'))
      .map((el) => `not hidden: ${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? ''}`),
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const handle = await dialog.elementHandle();
      const escaped = await page.evaluate((d) => {
        const active = document.activeElement;
        if (!active || active === document.body || d?.contains(active)) return null;
        return `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}`;
      }, handle);
      if (escaped) outside.push(`${key}: ${escaped}`);
    }
  }
  return outside;
}

/**
 * The page at `path`, drawn. The home page draws its spending form and featured cards only once
 * scrolled near (LazyWhenVisible): they are scrolled to and waited for, then the page is back at
 * its top. Left undrawn, the first full-page screenshot brought them in during a later scan,
 * which failed the contrast of the half-drawn form (/ at 1280 px dark, twice running).
 */
async function openPage(page: Page, path: string) {
  await page.goto(`${journey.server.url}${path}`, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  if (!/^(\/t\/[\w-]+)?\/$/.test(path)) return;
  await page.locator('#spend-form').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: /^Spending mode/ }).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByText('Loading featured cards').waitFor({ state: 'detached' });
  await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Which widths each theme is scanned at, in order. */
type ScanPlan = readonly (readonly [Mode, readonly number[]])[];

/** Light at 375 px (light at 1280 px is scanned by the journey that owns the page), dark at both. */
const BOTH_THEMES: ScanPlan = [
  ['light', [375]],
  ['dark', WIDTHS],
];

/** Each page by the plan, and in each theme where the header's logo sits. */
async function scanPages(
  page: Page,
  paths: readonly string[],
  plan: ScanPlan = BOTH_THEMES,
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openPage(page, path);
    for (const [mode, widths] of plan) {
      await setMode(page, mode);
      found.push(...(await scanWidths(page, path, { widths })));
      found.push(...(await logoOnLightSurface(page, `${path} ${mode}`)));
    }
  }
  return found;
}

/**
 * The tenant's logo is one image drawn for a light page (its wordmark in the brand's colour), which
 * axe does not judge: the surface right behind the header's logo must be light in either theme.
 * The backgrounds of the image and its ancestors are painted onto a canvas, outermost first (the
 * theme's colours are oklch() and the header translucent: the canvas converts and composites),
 * and the pixel's relative luminance (WCAG) must reach 0.8.
 */
async function logoOnLightSurface(page: Page, label: string): Promise<string[]> {
  const surface = await page
    .locator('header img')
    .first()
    .evaluate((img) => {
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      if (!ctx) return '#000000';
      const layers: string[] = [];
      for (let el: Element | null = img; el; el = el.parentElement)
        layers.unshift(getComputedStyle(el).backgroundColor);
      for (const color of ['#fff', ...layers]) {
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, 1, 1);
      }
      const rgb = [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    });
  const light = luminance(surface) ?? 0;
  return light >= 0.8
    ? []
    : [`${label}: the header's logo sits on ${surface} (luminance ${light.toFixed(2)})`];
}

/** No element wider than the viewport: the page does not scroll sideways. */
async function sidewaysOverflow(page: Page, label: string): Promise<string[]> {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The widest offenders, to say what to fix.
    wide: [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`),
  }));
  return scrollWidth > innerWidth
    ? [`${label}: ${scrollWidth}px wide at ${innerWidth}px — ${wide.join(', ')}`]
    : [];
}

/**
 * How every test here ends: its pages closed, then nothing found by the scans and no uncaught
 * error on any page of the file.
 */
async function expectClean(found: readonly string[], ...pages: Page[]) {
  for (const page of pages) await page.context().close();
  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
}

describe('accessibility of the pages people act on, at 375 and 1280 px, light and dark', () => {
  it("browsing: /, /cards and /card/:id (light at 1280 px is journey.e2e.ts's)", async () => {
    const page = await journey.newPage({ width: 375, height: 900 });
    const found = await scanPages(page, ['/', '/cards', `/card/${CARD}`]);
    await expectClean(found, page);
  }, 180_000);

  it('switching the theme changes every colour at once: no control animates from the old one', async () => {
    const page = await journey.newPage({ width: 1280, height: 900 });
    await openPage(page, '/cards');
    await setMode(page, 'light');
    // Clicked in the page, so no pointer hovers a control, and read 50 ms later: after the switch's
    // frame, inside any colour transition it could have started (150 ms and more here).
    const running = await page.evaluate(async () => {
      document.querySelector<HTMLButtonElement>('button[aria-label="Switch to dark mode"]')?.click();
      await new Promise((r) => setTimeout(r, 50));
      return document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition && /color|fill|stroke/.test(a.transitionProperty))
        .map(
          (a) =>
            `${(a.effect as KeyframeEffect | null)?.target?.nodeName} ${(a as CSSTransition).transitionProperty}`,
        );
    });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectClean(running, page);
  }, 60_000);

  it("a partner's theme (PaisaPal's ocean): its /, /cards and /card/:id light at 1280 px, dark at 375", async () => {
    const page = await journey.newPage({ width: 1280, height: 900 });
    const found = await scanPages(
      page,
      ['/t/paisapal/', '/t/paisapal/cards', `/t/paisapal/card/${CARD}`],
      [
        ['light', [1280]],
        ['dark', [375]],
      ],
    );
    const brand = await page.locator('header img').first().getAttribute('alt');
    await expectClean(found, page);
    // The partner's own brand is what was scanned, not the default one's.
    expect(brand).toBe('PaisaPal Money');
  }, 120_000);

  it('home: recommendations with the savings chart and both adjustment notes, the preferences panel', async () => {
    const { page, session } = await journey.signedInPage({ width: 1280, height: 900 }, 'a11y.home');
    const token = session.access;
    // Two entries, so the combinations differ and the savings chart is drawn.
    await api(journey.server.url, 'accounts/spending-entries/', {
      method: 'PUT',
      token,
      body: [
        { id: 'e1', amount: 6000 },
        { id: 'e2', amount: 3000, frequency: 'WEEKLY' },
      ],
    });
    // Cards to compare and to exclude (the panel's chips), one of them excluded and then recorded
    // as held: the server drops it from the list and says so (both notes).
    await api(journey.server.url, 'accounts/preferences/', {
      method: 'PUT',
      token,
      body: {
        compareCards: ['hdfc_millennia', 'amex_mrcc'],
        excludeCards: ['swiggy_hdfc', 'axis_ace'],
        ownedCards: [],
        desiredCardCount: 2,
      },
    });
    await api(journey.server.url, 'accounts/my-cards/', {
      token,
      body: { card_id: 'swiggy_hdfc', card_number_last4: '4321' },
    });
    await page.goto(`${journey.server.url}/`);
    const panel = page.getByTestId('preferences-panel');
    await panel.getByRole('list', { name: 'my cards' }).waitFor();
    await panel.getByRole('list', { name: 'Comparing' }).waitFor();
    await panel.getByRole('list', { name: 'Excluded' }).waitFor();
    await page.getByRole('list', { name: 'We adjusted your card choices' }).waitFor();
    await page.getByTestId('combination').first().waitFor();
    await page.getByText('Monthly savings by combination').waitFor();
    const found = await scanEverywhere(page, 'home with recommendations');

    // A save from the panel: the server drops the held card again and the panel says so.
    await panel.getByLabel('How many new cards do you want?').fill('3');
    await panel.getByRole('list', { name: 'We adjusted what you saved' }).waitFor();
    await page.getByTestId('combination').first().waitFor();
    // The page around the panel is as scanned above.
    found.push(
      ...(await scanEverywhere(page, 'home after a save', { include: '[data-testid="preferences-panel"]' })),
    );
    await expectClean(found, page);
  }, 180_000);

  it('the application wizard: landing, personal, employment, KYC with files chosen, the leave dialog, review', async () => {
    const { page, session } = await journey.signedInPage({ width: 1280, height: 900 }, 'a11y.wizard');
    const token = session.access;
    const base = `${journey.server.url}/cards/apply/hdfc/${CARD}`;
    const found: string[] = [];

    await page.goto(base);
    await page.getByRole('heading', { name: /^Apply for / }).waitFor();
    found.push(...(await scanEverywhere(page, 'wizard landing')));
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.waitForURL(/\/personal$/);
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    found.push(...(await scanStep(page, 'wizard personal')));

    // The steps' own forms are driven by application.e2e.ts; here they are saved through the API.
    const stepUrl = page.url().replace(/\/personal$/, '');
    const id = await page.evaluate(() => localStorage.getItem('application_id'));
    expect(id).toMatch(/^\d+$/);
    await api(journey.server.url, `leads/applications/${id}/submit_step`, {
      token,
      body: { step: 'personal_details', data: personalDetails(session.email) },
    });
    await page.goto(`${stepUrl}/employment`);
    await page.getByRole('heading', { name: 'Employment & Income' }).waitFor();
    found.push(...(await scanStep(page, 'wizard employment')));
    await api(journey.server.url, `leads/applications/${id}/submit_step`, {
      token,
      body: { step: 'employment_details', data: EMPLOYMENT_DETAILS },
    });

    await page.goto(`${stepUrl}/kyc`);
    await page.getByRole('heading', { name: 'KYC Document Upload' }).waitFor();
    // The drop areas take files only once the documents already stored are listed: a file chosen
    // before that is refused by the waiting drop area, and its name never shows.
    await page.getByRole('button', { name: 'Upload PAN Card: drag and drop', exact: false }).waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const files = [
      ['pan', 'pan.jpg', 'image/jpeg', JPEG],
      ['aadhaar_front', 'front.png', 'image/png', PNG],
      ['aadhaar_back', 'back.png', 'image/png', PNG],
      ['address_proof', 'bill.pdf', 'application/pdf', PDF],
    ] as const;
    for (const [type, name, mimeType, buffer] of files) {
      await page.getByTestId(`kyc-input-${type}`).setInputFiles({ name, mimeType, buffer });
      await page.getByTestId(`kyc-slot-${type}`).getByText(name).waitFor();
    }
    found.push(...(await scanStep(page, 'wizard KYC with files chosen')));

    // A document's preview and its 'Remove document' confirmation, in each theme (the toggle is
    // behind the modal dialogs: switched between), the keyboard kept inside each.
    const escaped: string[] = [];
    const preview = page.getByRole('dialog', { name: 'front.png' });
    const removal = page.getByRole('alertdialog', { name: 'Remove document' });
    for (const mode of MODES) {
      await setMode(page, mode);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Preview Aadhaar Card (Front)' }).click();
      await preview.getByRole('img', { name: 'Aadhaar Card (Front) preview' }).waitFor();
      found.push(...(await scanWidths(page, 'wizard KYC preview dialog')));
      if (mode === 'light') escaped.push(...(await focusOutside(page, preview)));
      await preview.getByRole('button', { name: 'Close' }).click();
      await preview.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Remove PAN Card' }).click();
      await removal.waitFor();
      found.push(...(await scanWidths(page, 'wizard KYC remove dialog')));
      if (mode === 'light') escaped.push(...(await focusOutside(page, removal)));
      await removal.getByRole('button', { name: 'Cancel' }).click();
      await removal.waitFor({ state: 'detached' });
    }
    expect(escaped).toEqual([]);

    // The leave dialog, in each theme (the toggle is behind the modal dialog: switched between).
    const creditCards = page.getByRole('banner').getByRole('link', { name: 'Credit Cards' }).first();
    const leaveDialog = page.getByRole('dialog', { name: 'Leave this application?' });
    for (const mode of MODES) {
      await setMode(page, mode);
      await page.setViewportSize({ width: 1280, height: 900 });
      await creditCards.click();
      await leaveDialog.waitFor();
      found.push(...(await scanWidths(page, 'wizard leave dialog')));
      if (mode === 'light') expect(await focusOutside(page, leaveDialog)).toEqual([]);
      await leaveDialog.getByRole('button', { name: 'Stay and upload' }).click();
      await leaveDialog.waitFor({ state: 'detached' });
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await page.waitForURL(/\/review$/);
    await page.getByRole('heading', { name: 'Review Your Application' }).waitFor();
    found.push(...(await scanStep(page, 'wizard review')));
    await expectClean(found, page);
  }, 240_000);
  it('forms showing their errors: sign-in (empty, then a wrong password), sign-up, a wizard step left empty', async () => {
    const page = await journey.newPage({ width: 1280, height: 900 });
    const found: string[] = [];
    const invalid = page.locator('[aria-invalid="true"]');

    await page.goto(`${journey.server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await invalid.nth(1).waitFor();
    found.push(...(await scanEverywhere(page, 'sign-in left empty', { include: 'main' })));
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('main').getByRole('alert').waitFor();
    found.push(...(await scanEverywhere(page, 'sign-in refused', { include: 'main' })));

    await page.goto(`${journey.server.url}/register`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await invalid.nth(3).waitFor();
    found.push(...(await scanEverywhere(page, 'sign-up left empty', { include: 'main' })));
    await page.context().close();

    // The wizard's steps gate 'Save & Continue' until every required field is filled: a field
    // says it is required when it is left empty. Each one, the prefilled ones emptied, is left so.
    const { page: wizard } = await journey.signedInPage({ width: 1280, height: 900 }, 'a11y.errors');
    await wizard.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}`);
    await wizard.getByRole('button', { name: 'Start Application' }).click();
    await wizard.getByRole('heading', { name: 'Personal Details' }).waitFor();
    const form = wizard.locator('form');
    for (const control of await form.locator('input:enabled, select:enabled').all()) {
      if ((await control.evaluate((el) => el.tagName)) === 'INPUT') await control.fill('');
      await control.focus();
      await control.blur();
    }
    await wizard.locator('[aria-invalid="true"]').nth(8).waitFor();
    found.push(...(await scanStep(wizard, 'wizard personal left empty')));
    await expectClean(found, wizard);
  }, 180_000);

  it("the account pages: /profile and /settings (light at 1280 px is accounts.e2e.ts's)", async () => {
    const { page } = await journey.signedInPage({ width: 375, height: 900 }, 'a11y.account');
    const found = await scanPages(page, ['/profile', '/settings']);
    await expectClean(found, page);
  }, 180_000);

  // The colours are those scanned at 375 px in both themes: light only, the layout is what differs.
  it('at 320 px: the main pages, signed out and in, without sideways scrolling', async () => {
    const { page } = await journey.signedInPage({ width: 320, height: 900 }, 'a11y.narrow');
    const anonymous = await journey.newPage({ width: 320, height: 900 });
    const found: string[] = [];
    const visits: [Page, string[]][] = [
      [page, ['/', '/cards', `/card/${CARD}`, `/cards/apply/hdfc/${CARD}`, '/profile', '/settings']],
      [anonymous, ['/login', '/register']],
    ];
    for (const [visitor, paths] of visits)
      for (const path of paths) {
        await openPage(visitor, path);
        found.push(...(await scanWidths(visitor, path, { widths: [320] })));
        found.push(...(await sidewaysOverflow(visitor, `${path} 320px`)));
      }
    await expectClean(found, anonymous, page);
  }, 180_000);
});
