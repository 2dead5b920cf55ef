import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, signInByForm, signUpByApi } from './support/accounts.ts';
import { apiResponse } from './support/api.ts';
import { setUpJourney } from './support/journey.ts';
import { CARD, JPEG, PDF, PNG } from './support/kyc-files.ts';

/**
 * The application wizard on the real server and the production build, at 375 px and
 * 1280 px: sign in → card page → apply → personal → employment → upload 4 documents →
 * review → submit → success → start again → 'Application Already Submitted'.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
/** Another card of the bank with the in-product journey, applied for after the first. */
const SECOND_CARD = 'hdfc_moneyback_plus';

const journey = setUpJourney();
const { pageErrors } = journey;
mkdirSync(SHOTS_DIR, { recursive: true });

// This journey used to fail now and then with the server not answering for minutes (issue #7).
// One cause is found and fixed: a step saved after the catalogue cache had expired reloaded the
// catalogue inside its transaction, and on the embedded database that deadlocked the server.
// The server's output is still printed on a failure, in case there is another.
afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail')
    console.error(`server output before the failure:\n${journey.server.logTail()}`);
});

/** A new 1280 px page signed in as a new user, on the home page. */
async function signedInPage(name: string) {
  const page = await journey.newPage({ width: 1280, height: 900 });
  const email = `wizard.${name}.${Date.now()}@example.com`;
  await signUpByApi(journey.server.url, { email, password: PASSWORD });
  await signInByForm(page, journey.server.url, email, PASSWORD);
  await page.waitForURL((u) => u.pathname === '/');
  return { context: page.context(), page };
}

const shot = (page: Page, width: number, name: string) =>
  page.screenshot({ path: join(SHOTS_DIR, `wizard-${width}-${name}.png`), fullPage: true });

async function stepText(page: Page) {
  return (await page.getByTestId('wizard-step').textContent())?.trim();
}

async function wizardJourney(width: number) {
  const page = await journey.newPage({ width, height: 900 }, { acceptDownloads: true });
  const email = `wizard.${width}.${Date.now()}@example.com`;
  await signUpByApi(journey.server.url, { email, password: PASSWORD });
  const base = `/cards/apply/hdfc/${CARD}`;

  // Signed out: the wizard sends the visitor to /login, and back after signing in.
  await page.goto(`${journey.server.url}${base}`);
  await page.waitForURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === base);

  // Apply from the card page, through the apply dialog.
  await page.goto(`${journey.server.url}/card/${CARD}`);
  await page.getByRole('button', { name: 'Apply Now' }).first().click();
  await page.getByRole('link', { name: /Apply here with/ }).click();
  await page.waitForURL((u) => u.pathname === base);

  // Landing.
  await page.getByRole('heading', { name: /^Apply for / }).waitFor();
  expect(await stepText(page)).toBe('Step 1 of 6');
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
  for (const text of [
    'Quick Approval',
    'Exclusive Benefits',
    'Secure Process',
    'Fast Processing',
    "Documents you'll need",
  ]) {
    await page.getByText(text, { exact: true }).waitFor();
  }
  await page.getByRole('link', { name: 'Back to Card Details' }).waitFor();
  // The spec's list names a photograph the documents step never asks for, and not Aadhaar.
  expect(await page.getByTestId('documents-uploaded-here').innerText()).toContain(
    'both sides of your Aadhaar card',
  );
  expect(await page.getByTestId('bank-decides').innerText()).toContain('the bank decides each application');
  await shot(page, width, '1-landing');
  await page.getByRole('button', { name: 'Start Application' }).click();
  await page.getByText('Application Started').waitFor();
  await page.waitForURL(/\/CW-\d{4}-[A-Z0-9]{8}\/personal$/);
  const reference = /\/(CW-\d{4}-[A-Z0-9]{8})\//.exec(page.url())?.[1] as string;
  // The first content step's Back returns to the card page the applicant came from (spec §2).
  expect(await page.evaluate(() => (history.state as { usr?: { from?: string } } | null)?.usr?.from)).toBe(
    `/card/${CARD}`,
  );
  expect(await page.evaluate(() => localStorage.getItem('reference_id'))).toBe(reference);
  expect(await page.evaluate(() => localStorage.getItem('application_id'))).toMatch(/^\d+$/);

  // Personal details.
  await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
  await page.getByText('Please provide your personal information to proceed with the application.').waitFor();
  expect(await stepText(page)).toBe('Step 2 of 6');
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
  const save = page.getByRole('button', { name: 'Save & Continue' });
  expect(await page.getByLabel('Full Name').inputValue()).toBe('Meera Iyer');
  expect(await page.getByLabel('City').isDisabled()).toBe(true);
  await page.getByLabel('Date of Birth').fill('1991-04-12');
  await page.getByLabel('Gender').selectOption('FEMALE');
  await page.getByLabel('PAN Number').fill('abcpi1234k');
  expect(await page.getByLabel('PAN Number').inputValue()).toBe('ABCPI1234K');
  // The account's mobile number (given at sign-up) is filled in.
  await expect.poll(() => page.getByLabel('Mobile Number').inputValue()).toBe('9876501234');
  await page.getByLabel('Address Line 1').fill('14 Residency Road');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('City').selectOption('Bengaluru');
  expect(await save.isDisabled()).toBe(true); // PIN code still empty.
  await page.getByLabel('PIN Code').fill('560025');
  // A reload before saving (a phone's pull-to-refresh) keeps what was typed, selects included.
  await page.reload();
  await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
  expect(await page.getByLabel('PAN Number').inputValue()).toBe('ABCPI1234K');
  expect(await page.getByLabel('Gender').inputValue()).toBe('FEMALE');
  expect(await page.getByLabel('State').inputValue()).toBe('Karnataka');
  expect(await page.getByLabel('City').inputValue()).toBe('Bengaluru');
  expect(await page.getByLabel('PIN Code').inputValue()).toBe('560025');
  await shot(page, width, '2-personal');
  await save.click();
  await page.getByText('Personal details saved').waitFor();
  await page.waitForURL(/\/employment$/);

  // A reload resumes where the user was.
  await page.reload();
  await page.getByRole('heading', { name: 'Employment & Income' }).waitFor();
  expect(await stepText(page)).toBe('Step 3 of 6');
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

  // Employment: dependencies. A field that does not apply looks it, not only is it: an empty
  // disabled box drawn like the enabled one beside it invited typing that went nowhere.
  const background = (label: string) =>
    page.getByLabel(label).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await page.getByLabel('Company Name').isDisabled()).toBe(true);
  expect(await background('Company Name')).not.toBe(await background('Existing Loan EMI (₹, optional)'));
  await page.getByLabel('Employment Type').selectOption('SALARIED');
  expect(await page.getByLabel('Company Name').isDisabled()).toBe(false);
  expect(await background('Company Name')).toBe(await background('Existing Loan EMI (₹, optional)'));
  await page.getByLabel('Company Name').fill('Infosys');
  await page.getByLabel('Designation').fill('Engineer');
  await page.getByLabel('Industry').selectOption('IT');
  await page.getByLabel('Company Type').selectOption('PUBLIC');
  await page.getByLabel('Work Experience (years)').fill('6');
  await page.getByLabel('Annual Income (₹)').fill('1800000');
  // Typed apart, the two incomes are compared: a month that is not about a twelfth of the year is
  // pointed out under it (not refused), and the word goes once they agree.
  await page.getByLabel('Monthly Income (₹)').fill('50000');
  const mismatch =
    '₹50,000 a month is ₹6,00,000 a year, against an annual income of ₹18,00,000: check both (a yearly figure may include bonuses).';
  await page.getByText(mismatch, { exact: true }).waitFor();
  await page.getByLabel('Monthly Income (₹)').fill('150000');
  await page.getByText(mismatch, { exact: true }).waitFor({ state: 'detached' });
  // Bare digits read back as the review will show them.
  await page.getByText('₹1,50,000 a month', { exact: true }).waitFor();
  await page.getByText('₹18,00,000 a year', { exact: true }).waitFor();
  await page.getByLabel('Existing Credit Cards').selectOption('YES');
  expect(await page.getByLabel('Existing Credit Card Limit (₹)').isDisabled()).toBe(false);
  // The disabled button says which required field is still empty, to the eye and to screen readers.
  const saveEmployment = page.getByRole('button', { name: 'Save & Continue' });
  expect(await saveEmployment.isDisabled()).toBe(true);
  await page.getByText('To continue, fill in: Existing Credit Card Limit (₹).', { exact: true }).waitFor();
  expect(
    await saveEmployment.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
    ),
  ).toBe('To continue, fill in: Existing Credit Card Limit (₹).');
  await page.getByLabel('Existing Credit Cards').selectOption('NO');
  expect(await page.getByLabel('Existing Credit Card Limit (₹)').isDisabled()).toBe(true);
  expect(await page.getByLabel('Existing Credit Card Limit (₹)').inputValue()).toBe('0');
  expect(await page.getByText(/^To continue, fill in/).count()).toBe(0);
  await shot(page, width, '3-employment');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByText('Employment details saved').waitFor();
  await page.waitForURL(/\/kyc$/);

  // The draft on /profile (ADR 015: the flows send people there), and back into it from there.
  await page.goto(`${journey.server.url}/profile`);
  const draftLine = page.getByTestId('application-item').filter({ hasText: reference });
  await draftLine.getByText('Status: Draft', { exact: true }).waitFor();
  await draftLine.getByText('Not submitted yet. Next step: KYC & Documents.').waitFor();
  expect(await page.getByTestId('application-item').count()).toBe(1);
  await shot(page, width, '3b-profile-draft');
  await draftLine.getByRole('link', { name: /^Continue application/ }).click();
  await page.waitForURL((u) => u.pathname === `${base}/${reference}/kyc`);

  // KYC: four documents; a script renamed .jpg is refused by content.
  await page.getByRole('heading', { name: 'KYC Document Upload' }).waitFor();
  expect(await stepText(page)).toBe('Step 4 of 6');
  const submitDocs = page.getByRole('button', { name: 'Submit Documents' });
  expect(await submitDocs.isDisabled()).toBe(true);
  // Each drop area is a named button for keyboard and screen-reader users.
  for (const name of ['PAN Card', 'Aadhaar Card (Front)', 'Aadhaar Card (Back)', 'Address Proof'])
    await page.getByRole('button', { name: `Upload ${name}: drag and drop`, exact: false }).waitFor();
  // The drop areas take files once the documents already stored are listed.
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await page.getByTestId('kyc-input-pan').setInputFiles({
    name: 'pan.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('#!/bin/sh\necho hi\n'),
  });
  await page.getByText('Invalid file type. Only JPEG, PNG, and PDF are allowed.').waitFor();
  expect(await submitDocs.isDisabled()).toBe(true);
  // The refused file is not kept: the drop area is back for the next one, reason under it.
  expect(await page.getByRole('button', { name: 'Preview PAN Card' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Upload PAN Card: drag and drop', exact: false }).waitFor();
  await shot(page, width, '4-kyc-refused');
  await page
    .getByTestId('kyc-input-pan')
    .setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Remove PAN Card' }).click();
  await page.getByText('Are you sure you want to remove this document?').waitFor();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page
    .getByTestId('kyc-input-pan')
    .setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page
    .getByTestId('kyc-input-aadhaar_front')
    // A phone camera's long name, with nowhere to break: cut short in its card.
    .setInputFiles({ name: `IMG${'20260101'.repeat(10)}.png`, mimeType: 'image/png', buffer: PNG });
  await page
    .getByTestId('kyc-input-aadhaar_back')
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  expect(await submitDocs.isDisabled()).toBe(true); // address_proof is required too.
  await page
    .getByTestId('kyc-input-address_proof')
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('kyc-slot-address_proof').and(page.locator('[data-status="pending"]')).waitFor();
  // The long name widened the slots past the card (and at 375 px the page) before grid-cols-1.
  const card = await page.getByTestId('kyc-slot-address_proof').locator('xpath=../..').boundingBox();
  const slotBox = await page.getByTestId('kyc-slot-aadhaar_front').boundingBox();
  expect((slotBox?.x ?? 0) + (slotBox?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  // The optional Income Proof: a file over 5MB is refused, and its error holds 'Submit Documents'
  // off until Clear empties the slot again; the application goes on without one.
  const income = page.getByTestId('kyc-slot-income_proof');
  await page.getByTestId('kyc-input-income_proof').setInputFiles({
    name: 'salary.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]),
  });
  await income.getByText('File is too large (max 5MB)').waitFor();
  expect(await submitDocs.isDisabled()).toBe(true);
  await shot(page, width, '4b-kyc-income-refused');
  await page.getByRole('button', { name: 'Clear Income Proof (optional) error' }).click();
  await income.and(page.locator('[data-status="idle"]')).waitFor();
  expect(await income.getByText('File is too large (max 5MB)').count()).toBe(0);
  // Preview of an image.
  await page.getByRole('button', { name: 'Preview Aadhaar Card (Front)' }).click();
  await page.getByRole('img', { name: 'Aadhaar Card (Front) preview' }).waitFor();
  await shot(page, width, '4a-preview');
  await page.keyboard.press('Escape');
  await shot(page, width, '4-kyc');
  expect(await submitDocs.isDisabled()).toBe(false);
  await submitDocs.click();
  await page.waitForURL(/\/review$/);

  // Review.
  await page.getByRole('heading', { name: 'Review Your Application' }).waitFor();
  expect(await stepText(page)).toBe('Step 5 of 6');
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('90');
  for (const s of ['Personal Details', 'Employment Details', 'KYC Documents']) {
    await page.getByRole('button', { name: s }).waitFor();
  }
  // The PAN is masked as banks show it: its first five characters hidden.
  await page.getByText('XXXXX1234K', { exact: true }).waitFor();
  expect(await page.getByText('ABCPI1234K').count()).toBe(0);
  await page.getByText('bill.pdf').waitFor();
  const submit = page.getByRole('button', { name: 'Review and Submit' });
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel('I confirm that the information provided is correct and complete.').check();
  await page.getByLabel(/^I authorise .+ to check my credit report/).check();
  await shot(page, width, '5-review');
  await submit.click();

  // Success.
  await page.getByRole('heading', { name: 'Application Submitted Successfully!' }).waitFor();
  expect(await stepText(page)).toBe('Step 6 of 6');
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  expect(await page.getByTestId('reference-id').textContent()).toBe(reference);
  await page.getByText('Please save this ID for your records.').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('application_id'))).toBeNull();
  await shot(page, width, '6-success');
  // The browser's Back button: the submitted application's steps no longer take changes.
  await page.goBack();
  await page.waitForURL(/\/kyc$/);
  await page.getByRole('heading', { name: 'Application Already Submitted' }).waitFor();
  await page.getByText('Your application has already been submitted.').waitFor();
  expect(await page.getByRole('button', { name: 'Submit Documents' }).count()).toBe(0);
  // On screen, not scrolled past with the long form it replaced (only the footer was in view).
  await expect
    .poll(() =>
      page
        .getByRole('heading', { name: 'Application Already Submitted' })
        .evaluate((el) => el.getBoundingClientRect().top),
    )
    .toBeGreaterThanOrEqual(0);
  await shot(page, width, '6b-back-after-submit');
  await page.goto(`${journey.server.url}${base}/${reference}/personal`);
  await page.getByRole('heading', { name: 'Application Already Submitted' }).waitFor();
  expect(await page.getByRole('button', { name: 'Save & Continue' }).count()).toBe(0);
  await page.goto(`${journey.server.url}${base}/${reference}/success`, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Application Submitted Successfully!' }).waitFor();
  await page.getByRole('link', { name: 'Back to Cards' }).click();
  await page.waitForURL((u) => u.pathname === '/cards');

  // One of its steps, opened again (history, a bookmark): the panel, and the progress at its end.
  await page.goto(`${journey.server.url}${base}/${reference}/personal`);
  await page.getByRole('heading', { name: 'Application Already Submitted' }).waitFor();
  await expect.poll(() => stepText(page)).toBe('Step 6 of 6');
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

  // Starting again: the already-submitted dialog.
  await page.goto(`${journey.server.url}${base}`);
  await page.getByRole('button', { name: 'Start Application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Already Submitted' });
  await dialog.waitFor();
  await dialog.getByText('Your application has already been submitted.').waitFor();
  await dialog.getByText(reference).waitFor();
  await dialog.getByText('Submitted on').waitFor();
  await shot(page, width, '7-already-submitted');
  await dialog.getByRole('button', { name: 'View All Cards' }).waitFor();

  // The dialog's link to /profile, which lists it as submitted, with its reference, and no
  // longer offers to continue it.
  await dialog.getByRole('link', { name: 'See your applications' }).click();
  await page.waitForURL((u) => u.pathname === '/profile');
  const sentLine = page.getByTestId('application-item').filter({ hasText: reference });
  await sentLine.getByText("Waiting for the bank's decision.").waitFor();
  await sentLine.getByText('Status: Submitted', { exact: true }).waitFor();
  expect(await sentLine.getByRole('link').count()).toBe(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await shot(page, width, '8-profile-submitted');

  // No horizontal overflow at this width.
  await page.goto(`${journey.server.url}${base}`);
  await page.getByRole('button', { name: 'Start Application' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A second card: its steps start from this application (ADR 023), said so, selects included.
  await page.goto(`${journey.server.url}/cards/apply/hdfc/${SECOND_CARD}`);
  await page.getByRole('button', { name: 'Start Application' }).click();
  await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
  const note = page.getByTestId('prefill-note');
  await note.waitFor();
  expect(await note.textContent()).toMatch(
    new RegExp(`^Filled in from your application for .*Millennia.* \\(${reference}\\)\\. Check each detail`),
  );
  expect(await page.getByLabel('PAN Number').inputValue()).toBe('ABCPI1234K');
  expect(await page.getByLabel('Gender').inputValue()).toBe('FEMALE');
  expect(await page.getByLabel('State').inputValue()).toBe('Karnataka');
  expect(await page.getByLabel('City').inputValue()).toBe('Bengaluru');
  expect(await page.getByRole('button', { name: 'Save & Continue' }).isDisabled()).toBe(false);
  await shot(page, width, '9-second-application-prefilled');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByRole('heading', { name: 'Employment & Income' }).waitFor();
  expect(await page.getByLabel('Company Name').inputValue()).toBe('Infosys');
  await page.getByTestId('prefill-note').waitFor();
  await page.context().close();
}

describe('application wizard journey', () => {
  it('runs end to end at 1280 px', async () => {
    await wizardJourney(1280);
  });

  it('runs end to end at 375 px', async () => {
    await wizardJourney(375);
  });

  it('an application that cannot be read says so once, instead of asking the server without end', async () => {
    const { context, page } = await signedInPage('unreadable');
    let reads = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/leads/applications/')) reads++;
    });
    // Someone else's, or an old link's: the server answers 404.
    for (const step of ['personal', 'employment', 'kyc', 'review']) {
      await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}/CW-2026-ZZZZZZZZ/${step}`);
      await page.getByText("We couldn't load this application.", { exact: false }).waitFor();
    }
    await page.waitForTimeout(1500);
    // One read and its one retry per page, not thousands (nor the KYC step's document list).
    expect(reads).toBeLessThanOrEqual(12);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it("the success page of an application not submitted sends to its step, of another's to /cards", async () => {
    const { context, page } = await signedInPage('early-success');
    const base = `/cards/apply/hdfc/${CARD}`;
    await page.goto(`${journey.server.url}${base}`);
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.waitForURL(/\/personal$/);
    const reference = /\/(CW-\d{4}-[A-Z0-9]{8})\//.exec(page.url())?.[1] as string;
    // A typed or old address of the success page: no confirmation for a draft.
    await page.goto(`${journey.server.url}${base}/${reference}/success`);
    await page.waitForURL((u) => u.pathname === `${base}/${reference}/personal`);
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    expect(await page.getByText('Application Submitted Successfully!').count()).toBe(0);
    // A reference this account does not hold.
    await page.goto(`${journey.server.url}${base}/CW-2026-ZZZZZZZZ/success`);
    await page.waitForURL((u) => u.pathname === '/cards');
    expect(await page.getByText('Application Submitted Successfully!').count()).toBe(0);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it("a session ended elsewhere while a step is filled in: one toast, 'Session Expired', then /login", async () => {
    const { context, page } = await signedInPage('ended');
    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}`);
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.waitForURL(/\/personal$/);
    await page.getByLabel('Date of Birth').fill('1991-04-12');
    await page.getByLabel('Gender').selectOption('FEMALE');
    await page.getByLabel('PAN Number').fill('ABCPI1234K');
    await expect.poll(() => page.getByLabel('Mobile Number').inputValue()).toBe('9876501234');
    await page.getByLabel('Address Line 1').fill('14 Residency Road');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('City').selectOption('Bengaluru');
    await page.getByLabel('PIN Code').fill('560025');
    expect(await page.evaluate(() => localStorage.getItem('application_draft'))).not.toBeNull();
    // 'Sign out everywhere' from another device ends this session and its refresh token.
    const access = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
    const out = await apiResponse(journey.server.url, 'accounts/logout/', {
      token: access,
      body: { everywhere: true },
    });
    expect(out.status).toBe(200);
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await page.waitForURL(/\/login$/);
    await page.waitForTimeout(500);
    // The step's own 'Error saving details' would have covered it (one toast at a time).
    expect(await page.getByText('Error saving details').count()).toBe(0);
    // Shown: that one toast (the earlier 'Application Started' waits hidden behind it).
    expect(await page.locator('[data-sonner-toast][data-visible="true"]').allTextContents()).toEqual([
      'Session ExpiredYour session has expired. Please log in again.',
    ]);
    await shot(page, 1280, 'session-ended');
    // The browser's copy of the draft went with the session (the server keeps every saved step).
    expect(
      await page.evaluate(() => [
        localStorage.getItem('application_draft'),
        localStorage.getItem('application_id'),
        localStorage.getItem('reference_id'),
        sessionStorage.getItem('application_state'),
      ]),
    ).toEqual([null, null, null, null]);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('a wizard address without a card id goes to /cards (spec §2)', async () => {
    const { context, page } = await signedInPage('no-card-id');
    for (const path of ['/cards/apply/hdfc/', '/cards/apply/hdfc', '/cards/apply/sbi/', '/cards/apply']) {
      await page.goto(`${journey.server.url}${path}`);
      await page.waitForURL((u) => u.pathname === '/cards');
      expect(await page.getByText('404').count(), path).toBe(0);
    }
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it("the wizard's address for a card whose bank takes applications on its own site goes to that card's application page", async () => {
    const { context, page } = await signedInPage('other-bank');
    await page.goto(`${journey.server.url}/cards/apply/hdfc/sbi_cashback`);
    await page.waitForURL((u) => u.pathname === '/cards/apply/sbi_card/sbi_cashback');
    await page.getByRole('button', { name: /Apply on SBI Card's website/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Application' }).count()).toBe(0);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('a card that fails to load shows its toast and goes to /cards', async () => {
    const { context, page } = await signedInPage('missing');
    await page.goto(`${journey.server.url}/cards/apply/hdfc/no_such_card`);
    await page.getByText('Failed to load card details. Please try again.').waitFor();
    await page.waitForURL((u) => u.pathname === '/cards');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
