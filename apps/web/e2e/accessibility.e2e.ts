import type { Page } from 'playwright-core';
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
 * wizard with files chosen at KYC and its 'Leave this application?' dialog; the browsing pages.
 * At 375 and 1280 px where the layout differs, in the light and the dark theme (the header's
 * toggle). journey.e2e.ts and accounts.e2e.ts scan the anonymous pages and the account forms in
 * light at 1280 px.
 */

const journey = setUpJourney();
const { pageErrors } = journey;
const WIDTHS = [1280, 375] as const;
const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail') console.error(`server output:\n${journey.server.logTail()}`);
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

/** This state's violations at each width, in the theme the page is in. */
async function scanWidths(page: Page, label: string, options: ScanOptions = {}): Promise<string[]> {
  const found: string[] = [];
  const mode = (await page.evaluate(() => document.documentElement.classList.contains('dark')))
    ? 'dark'
    : 'light';
  for (const width of options.widths ?? WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await seriousViolations(page, `${label} ${width}px ${mode}`, options)));
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

describe('accessibility of the pages people act on, at 375 and 1280 px, light and dark', () => {
  it("browsing: /, /cards and /card/:id (light at 1280 px is journey.e2e.ts's)", async () => {
    const page = await journey.newPage({ width: 375, height: 900 });
    const found: string[] = [];
    for (const path of ['/', '/cards', `/card/${CARD}`]) {
      await page.goto(`${journey.server.url}${path}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      await setMode(page, 'light');
      found.push(...(await scanWidths(page, path, { widths: [375] })));
      await setMode(page, 'dark');
      found.push(...(await scanWidths(page, path)));
    }
    await page.context().close();
    expect(found).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 180_000);

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
    await page.context().close();
    expect(found).toEqual([]);
    expect(pageErrors).toEqual([]);
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

    // The leave dialog, in each theme (the toggle is behind the modal dialog: switched between).
    const creditCards = page.getByRole('banner').getByRole('link', { name: 'Credit Cards' }).first();
    const leaveDialog = page.getByRole('dialog', { name: 'Leave this application?' });
    for (const mode of MODES) {
      await setMode(page, mode);
      await page.setViewportSize({ width: 1280, height: 900 });
      await creditCards.click();
      await leaveDialog.waitFor();
      found.push(...(await scanWidths(page, 'wizard leave dialog')));
      await leaveDialog.getByRole('button', { name: 'Stay and upload' }).click();
      await leaveDialog.waitFor({ state: 'detached' });
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await page.waitForURL(/\/review$/);
    await page.getByRole('heading', { name: 'Review Your Application' }).waitFor();
    found.push(...(await scanStep(page, 'wizard review')));
    await page.context().close();
    expect(found).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
