import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpByApi } from './support/accounts.ts';
import { setUpJourney } from './support/journey.ts';
import { PNG } from './support/kyc-files.ts';

/**
 * The referral and cashback-proof dialog (application spec §2) on the real server and the
 * production build, at 375 px: a card applied for on the bank's site (Axis Bank Atlas, which
 * has an affiliate link). An anonymous visitor is warned, gives a bad phone number and sees
 * the spec's messages, then leaves for the bank (a new tab at the catalogue's link) and is
 * asked to log in for the proof; signed in, the same reference takes the screenshot, and the
 * claim is then found on /profile with its reference and status.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const CARD = 'axis_atlas';
const BANK_HOST = 'https://www.axisbank.com/';

const journey = setUpJourney();
const { pageErrors } = journey;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  page = await journey.newPage({ width: 375, height: 800 });
  // The bank's site is not reachable from the test machine: answer for it, so the new tab loads.
  await page
    .context()
    .route(`${BANK_HOST}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Axis Bank</title><h1>Axis Bank</h1>' }),
    );
});

const shot = (name: string) => page.screenshot({ path: join(SHOTS_DIR, `referral-375-${name}.png`) });
const dialog = () => page.getByRole('dialog');

async function openReferral() {
  await page.goto(`${journey.server.url}/card/${CARD}`);
  await page
    .getByRole('button', { name: /Apply Now/ })
    .first()
    .click();
  await dialog()
    .getByRole('button', { name: /Apply on Axis Bank's website/ })
    .click();
  await expect.poll(() => dialog().textContent()).toContain('1 Customer Type');
}

describe('referral and proof dialog', () => {
  it('walks an anonymous visitor to the bank and a signed-in user through the proof', async () => {
    await openReferral();
    // On a phone the dialog's body scrolls and the step's button stays in view at its foot: it sat
    // cut off at the bottom edge until scrolled to.
    const continueBox = await dialog().getByRole('button', { name: 'Continue', exact: true }).boundingBox();
    const dialogBox = await dialog().boundingBox();
    expect(await dialog().evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect((continueBox?.y ?? 0) + (continueBox?.height ?? 0)).toBeLessThanOrEqual(
      (dialogBox?.y ?? 0) + (dialogBox?.height ?? 0),
    );
    // Spec §2: anonymous users are warned that cashback needs a login.
    expect(await dialog().getByRole('note').textContent()).toContain('to be eligible for cashback');
    await dialog().getByText('New to the bank').click();
    await shot('1-customer-type');
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click();

    await dialog().getByLabel('Mobile number (optional)').fill('98765');
    await dialog().getByLabel('PAN (optional)').fill('abcde1234f');
    expect(await dialog().getByLabel('PAN (optional)').inputValue()).toBe('ABCDE1234F');
    await dialog()
      .getByRole('button', { name: /Continue to Axis Bank/ })
      .click();
    await expect.poll(() => dialog().textContent()).toContain('Please enter a valid 10-digit phone number');
    expect(await dialog().textContent()).toContain(
      'Validation Error: Please fix the errors in the form before submitting.',
    );
    await shot('2-referral-errors');

    await dialog().getByLabel('Mobile number (optional)').fill('9876543210');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog()
        .getByRole('button', { name: /Continue to Axis Bank/ })
        .click(),
    ]);
    await tab.waitForURL((u) => u.href.startsWith(BANK_HOST));
    expect(await tab.title()).toBe('Axis Bank');
    // The new tab cannot reach back into ours.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();

    await expect.poll(() => dialog().textContent()).toContain('Your reference: CB-');
    const reference = /CB-\d{4}-[0-9A-Z]{8}/.exec((await dialog().textContent()) ?? '')?.[0] as string;
    expect(reference).toBeTruthy();
    expect(await dialog().getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    await shot('3-proof-needs-login');

    // Sign up and in; the dialog, opened again on the card, offers the proof for the same reference.
    const email = `referral.${Date.now()}@example.com`;
    await signUpByApi(journey.server.url, {
      email,
      password: PASSWORD,
      fullName: 'Arjun Rao',
      phoneNumber: '9876543210',
    });
    await dialog().getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Back where the visitor came from.
    await page.waitForURL((u) => u.pathname === `/card/${CARD}`);

    await openReferral();
    expect(await dialog().getByRole('note').count()).toBe(0);
    await dialog()
      .getByRole('button', { name: new RegExp(`Already applied\\? Upload your proof \\(${reference}\\)`) })
      .click();
    const submit = dialog().getByRole('button', { name: 'Submit Proof' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'axis-ack.png', mimeType: 'image/png', buffer: PNG });
    // The picker reads the file to check it is a whole PNG before it enables Submit.
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await shot('4-proof-chosen');
    await submit.click();
    await expect.poll(() => dialog().textContent()).toContain('Proof received');
    expect(await dialog().textContent()).toContain(reference);
    expect(await dialog().textContent()).toContain(email);
    await shot('5-validation');

    // The claim does not vanish with the dialog: the profile lists it, under review.
    await dialog().getByRole('link', { name: 'your profile' }).click();
    await page.waitForURL((u) => u.pathname === '/profile');
    const claims = page.getByRole('region', { name: 'My cashback claims' });
    const item = claims.getByTestId('cashback-claim-item').filter({ hasText: reference });
    await item.waitFor();
    expect(await item.textContent()).toContain('Axis Bank');
    expect(await item.getByText('Under review').isVisible()).toBe(true);
    expect(await dialog().count()).toBe(0);
    await claims.scrollIntoViewIfNeeded();
    await shot('6-profile-claim');
    expect(pageErrors).toEqual([]);
  });

  it('the generic application page asks the server how to apply and opens the same referral steps', async () => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/cards/apply/')) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(`${journey.server.url}/cards/apply/axis/${CARD}`);
    const apply = page.getByRole('button', { name: /Apply on Axis Bank's website/ });
    await apply.waitFor();
    expect(asked).toContain(`/api/cards/apply/${CARD}/`);
    expect(await page.getByText('Axis Bank takes applications on its own website').count()).toBe(1);
    await apply.click();
    await expect.poll(() => dialog().textContent()).toContain('1 Customer Type');
    // An HDFC card reached by the generic route under another bank name than its own moves to its
    // bank's address, which for HDFC is the in-product journey itself.
    await page.goto(`${journey.server.url}/cards/apply/hdfc-bank/hdfc_pixel_play`);
    await page.getByRole('button', { name: 'Start Application' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cards/apply/hdfc/hdfc_pixel_play');
    expect(pageErrors).toEqual([]);
  });
});
