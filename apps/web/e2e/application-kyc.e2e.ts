import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, PASSWORD, signInByForm, signUpByApi } from './support/accounts.ts';
import { api, apiResponse } from './support/api.ts';
import { EMPLOYMENT_DETAILS, personalDetails } from './support/applicant.ts';
import { type PageOptions, setUpJourney } from './support/journey.ts';
import { CARD, PDF, PNG, UNDECODABLE_JPEG } from './support/kyc-files.ts';

/**
 * The KYC step reopened with documents already on the server (real server, production
 * build, no mocked calls): they load as pending, then success; PDF preview; 'Preview not
 * available for this file type' with its download (a browser without an inline PDF
 * viewer, as Chrome on Android); download of a server document; removal with the
 * confirmation. Then the generic config-driven form page at /form-example.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const journey = setUpJourney();
const { pageErrors } = journey;
mkdirSync(SHOTS_DIR, { recursive: true });

/**
 * A user whose application is at the KYC step with the four required documents uploaded (and
 * the optional income proof, when asked).
 */
async function applicantWithDocuments(email: string, { incomeProof = false } = {}) {
  await signUpByApi(journey.server.url, { email, password: PASSWORD });
  const token = (await logInByApi(journey.server.url, email, PASSWORD)).access;
  const started = await apiResponse<{ id: number; reference_id: string }>(
    journey.server.url,
    'leads/applications/start_application',
    { token, body: { card_id: CARD } },
  );
  expect(started.status).toBe(201);
  const id = started.body.id;
  const personal = await apiResponse(journey.server.url, `leads/applications/${id}/submit_step`, {
    token,
    body: {
      step: 'personal_details',
      data: personalDetails(email),
    },
  });
  expect(personal.status, JSON.stringify(personal.body)).toBe(200);
  const employment = await apiResponse(journey.server.url, `leads/applications/${id}/submit_step`, {
    token,
    body: {
      step: 'employment_details',
      data: EMPLOYMENT_DETAILS,
    },
  });
  expect(employment.status, JSON.stringify(employment.body)).toBe(200);
  const form = new FormData();
  const files: [string, Buffer, string, string][] = [
    ['pan', UNDECODABLE_JPEG, 'pan.jpg', 'image/jpeg'],
    ['aadhaar_front', PNG, 'front.png', 'image/png'],
    ['aadhaar_back', PNG, 'back.png', 'image/png'],
    ['address_proof', PDF, 'bill.pdf', 'application/pdf'],
    ...(incomeProof
      ? [['income_proof', PDF, 'salary.pdf', 'application/pdf'] as [string, Buffer, string, string]]
      : []),
  ];
  files.forEach(([type, content, name, mime], i) => {
    form.append(`documents[${i}][document_type]`, type);
    form.append(`documents[${i}][file]`, new Blob([new Uint8Array(content)], { type: mime }), name);
  });
  const up = await apiResponse(journey.server.url, `leads/applications/${id}/upload_documents`, {
    token,
    body: form,
  });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return { token, id, reference: started.body.reference_id };
}

/** The documents the server holds for the application. */
function uploaded(token: string, id: number) {
  return api<{ document_type: string; file_name: string }[]>(
    journey.server.url,
    `leads/applications/${id}/upload_documents`,
    { token },
  );
}

/** A fresh page at this viewport, signed in through the /login form. */
async function signIn(
  viewport: { width: number; height: number },
  email: string,
  options?: PageOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const page = await journey.newPage(viewport, options);
  await signInByForm(page, journey.server.url, email, PASSWORD);
  return { context: page.context(), page };
}

/**
 * An applicant with the four documents uploaded, signed in on a phone-sized page (downloads
 * on); `prepare` sets up the browser context before the page's first navigation.
 */
async function applicantOnPhone(name: string, prepare?: (context: BrowserContext) => Promise<unknown>) {
  const email = `kyc.${name}.${Date.now()}@example.com`;
  const { reference } = await applicantWithDocuments(email);
  const page = await journey.newPage({ width: 375, height: 800 }, { acceptDownloads: true });
  const context = page.context();
  await prepare?.(context);
  await signInByForm(page, journey.server.url, email, PASSWORD);
  return { context, page, reference };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS_DIR, `kyc-${name}.png`), fullPage: true });

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: readFileSync((await download.path()) as string) };
}

describe('KYC step with documents already on the server (real server)', () => {
  it('they load as pending then success; PDF preview; download; removal asks first', async () => {
    const email = `kyc.${Date.now()}@example.com`;
    const { token, id, reference } = await applicantWithDocuments(email);
    const { context, page } = await signIn({ width: 1280, height: 900 }, email, { acceptDownloads: true });

    // Every status each slot shows, recorded from the first render.
    await page.addInitScript(() => {
      const seen: Record<string, string[]> = {};
      (window as unknown as { __slotStatuses: typeof seen }).__slotStatuses = seen;
      const record = () => {
        for (const el of document.querySelectorAll('[data-testid^="kyc-slot-"]')) {
          const type = (el.getAttribute('data-testid') ?? '').slice('kyc-slot-'.length);
          const status = el.getAttribute('data-status') ?? '';
          const list = seen[type] ?? [];
          seen[type] = list;
          if (list[list.length - 1] !== status) list.push(status);
        }
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
    });
    // The files arrive a moment late (still the real server's answers), so 'pending' is seen.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/api\/leads\/applications\/\d+\/documents\/[a-z_]+\/file$/, async (route) => {
      await gate;
      await route.continue();
    });

    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}/${reference}/kyc`);
    await page.getByRole('heading', { name: 'KYC Document Upload' }).waitFor();
    const slot = (type: string) => page.getByTestId(`kyc-slot-${type}`);
    for (const type of ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof']) {
      await page.waitForFunction(
        (t) =>
          document.querySelector(`[data-testid="kyc-slot-${t}"]`)?.getAttribute('data-status') === 'pending',
        type,
      );
    }
    await slot('pan').getByText('Loading…').waitFor();
    await shot(page, '1-pending');
    release();
    for (const type of ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof']) {
      await page.waitForFunction(
        (t) =>
          document.querySelector(`[data-testid="kyc-slot-${t}"]`)?.getAttribute('data-status') === 'success',
        type,
      );
    }
    await page.unroute(/\/documents\//);
    const statuses = await page.evaluate(
      () => (window as unknown as { __slotStatuses: Record<string, string[]> }).__slotStatuses,
    );
    for (const type of ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof']) {
      expect(statuses[type], type).toEqual(['idle', 'pending', 'success']);
    }
    expect(statuses.income_proof).toEqual(['idle']);
    await slot('address_proof').getByText('bill.pdf').waitFor();
    await slot('address_proof').getByText('Uploaded').waitFor();
    expect(await page.getByRole('button', { name: 'Submit Documents' }).isEnabled()).toBe(true);
    await shot(page, '2-loaded');

    // PDF preview: the server's file, inline.
    await page.getByRole('button', { name: 'Preview Address Proof' }).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.locator('iframe[title="Address Proof preview"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await dialog.getByText('bill.pdf').waitFor();
    await shot(page, '3-pdf-preview');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Escape closes it even after a click into the PDF: keys pressed in the browser's PDF viewer
    // (its own page, inside the frame) never reach this one, so the frame does not keep the focus.
    await page.getByRole('button', { name: 'Preview Address Proof' }).click();
    await frame.waitFor();
    expect(await frame.getAttribute('tabindex')).toBe('-1');
    // Tab stays on the dialog's own control instead of walking the viewer's.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    // The browser's PDF viewer is in the frame (an extension page of its own).
    await expect
      .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')), { timeout: 15_000 })
      .toBe(true);
    await frame.click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Preview Address Proof',
    );

    // Image preview of a server document (a real 1×1 PNG).
    await page.getByRole('button', { name: 'Preview Aadhaar Card (Front)' }).click();
    await page.getByRole('dialog').getByRole('img', { name: 'Aadhaar Card (Front) preview' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The PAN file is a whole JPEG (so it was accepted) but no image decodes from it.
    await page.getByRole('button', { name: 'Preview PAN Card' }).click();
    await page
      .getByRole('dialog')
      .getByText('Preview Error: Could not generate preview for this file.')
      .waitFor();
    await shot(page, '3b-preview-error');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Download of a server document: the bytes the server holds, under its name.
    const pan = await downloaded(page, () => page.getByRole('button', { name: 'Download PAN Card' }).click());
    expect(pan.name).toBe('pan.jpg');
    expect(pan.content.equals(UNDECODABLE_JPEG)).toBe(true);

    // Removal asks first; Cancel keeps the document.
    const remove = page.getByRole('button', { name: 'Remove Aadhaar Card (Back)' });
    await remove.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to remove this document?').waitFor();
    await shot(page, '4-remove-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await slot('aadhaar_back').getAttribute('data-status')).toBe('success');
    expect(await uploaded(token, id)).toHaveLength(4);

    // Confirmed: the slot is empty and Submit Documents is off. The server keeps the document
    // until Submit Documents (spec §4), so a user who leaves now loses nothing.
    await remove.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="kyc-slot-aadhaar_back"]')?.getAttribute('data-status') ===
        'idle',
    );
    await slot('aadhaar_back').getByText('Drag & drop or click to upload').waitFor();
    expect(await page.getByRole('button', { name: 'Submit Documents' }).isDisabled()).toBe(true);
    expect(await uploaded(token, id)).toHaveLength(4);
    await shot(page, '5-removed');

    // Leaving (a reload): the document is back from the server.
    await page.reload();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="kyc-slot-aadhaar_back"]')?.getAttribute('data-status') ===
        'success',
    );
    await slot('aadhaar_back').getByText('back.png').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("Remove takes effect on 'Submit Documents': kept while an upload fails, then deleted unless replaced", async () => {
    const email = `kyc.deferred.${Date.now()}@example.com`;
    const { token, id, reference } = await applicantWithDocuments(email, { incomeProof: true });
    const { context, page } = await signIn({ width: 1280, height: 900 }, email);
    const onServer = async () =>
      Object.fromEntries((await uploaded(token, id)).map((d) => [d.document_type, d.file_name]));
    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}/${reference}/kyc`);
    for (const type of ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof', 'income_proof']) {
      await page.waitForFunction(
        (t) =>
          document.querySelector(`[data-testid="kyc-slot-${t}"]`)?.getAttribute('data-status') === 'success',
        type,
      );
    }
    const removeConfirmed = async (label: string) => {
      await page.getByRole('button', { name: `Remove ${label}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    };
    // The optional income proof removed and left empty; the Aadhaar back replaced.
    await removeConfirmed('Income Proof (optional)');
    await removeConfirmed('Aadhaar Card (Back)');
    await page
      .getByTestId('kyc-input-aadhaar_back')
      .setInputFiles({ name: 'new-back.png', mimeType: 'image/png', buffer: PNG });
    const submit = page.getByRole('button', { name: 'Submit Documents' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const before = {
      pan: 'pan.jpg',
      aadhaar_front: 'front.png',
      aadhaar_back: 'back.png',
      address_proof: 'bill.pdf',
      income_proof: 'salary.pdf',
    };
    expect(await onServer()).toEqual(before);

    // The upload fails (the server's storage down): nothing is deleted, the originals stay.
    await page.route(/\/upload_documents$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ detail: 'Document storage is unavailable.', code: 'storage_unavailable' }),
          })
        : route.continue(),
    );
    await submit.click();
    await page.getByText('Failed to upload documents. Please try again.').waitFor();
    expect(page.url()).toMatch(/\/kyc$/);
    expect(await onServer()).toEqual(before);

    // Submitted again with the server well: the replacement in, the removed one gone.
    await page.unroute(/\/upload_documents$/);
    await submit.click();
    await page.waitForURL(/\/review$/);
    expect(await onServer()).toEqual({
      pan: 'pan.jpg',
      aadhaar_front: 'front.png',
      aadhaar_back: 'new-back.png',
      address_proof: 'bill.pdf',
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a chosen file not sent: a reload asks first, another page asks in the product's dialog, a step of the wizard keeps it", async () => {
    const email = `kyc.unsent.${Date.now()}@example.com`;
    const { token, id, reference } = await applicantWithDocuments(email);
    const { context, page } = await signIn({ width: 1280, height: 900 }, email);
    const kyc = `${journey.server.url}/cards/apply/hdfc/${CARD}/${reference}/kyc`;
    const dialogs: string[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void (answer === 'accept' ? d.accept() : d.dismiss());
    });
    const status = (type: string) => page.getByTestId(`kyc-slot-${type}`).getAttribute('data-status');
    /** The slot shows this status (the stored files load one by one after a page load). */
    const slotIs = (type: string, wanted: string) =>
      page.waitForFunction(
        ([t, w]) =>
          document.querySelector(`[data-testid="kyc-slot-${t}"]`)?.getAttribute('data-status') === w,
        [type, wanted],
      );
    const allLoaded = async () => {
      for (const type of ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof'])
        await slotIs(type, 'success');
    };
    const choosePan = async () => {
      await page.getByRole('button', { name: 'Remove PAN Card' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await page
        .getByTestId('kyc-input-pan')
        .setInputFiles({ name: 'new-pan.png', mimeType: 'image/png', buffer: PNG });
      await slotIs('pan', 'pending');
    };

    // Nothing chosen: a reload asks nothing.
    await page.goto(kyc);
    await allLoaded();
    await page.getByRole('heading', { name: 'KYC Document Upload' }).click();
    await page.reload();
    await allLoaded();
    expect(dialogs).toEqual([]);

    // A file chosen (and a click: browsers ask only on a page the person has used): the reload asks.
    await choosePan();
    await page.getByRole('heading', { name: 'KYC Document Upload' }).click();
    answer = 'accept';
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await allLoaded();

    // Another page of the product asks first, in the product's own dialog (never the browser's
    // confirm); staying keeps the file.
    await choosePan();
    const creditCards = page.getByRole('banner').getByRole('link', { name: 'Credit Cards' }).first();
    await creditCards.click();
    const leaveDialog = page.getByRole('dialog', { name: 'Leave this application?' });
    await leaveDialog
      .getByText('The documents you chose have not been uploaded yet. Leave this application and lose them?')
      .waitFor();
    // Staying is the default: the focused button.
    expect(
      await leaveDialog
        .getByRole('button', { name: 'Stay and upload' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await shot(page, '8-leave-dialog');
    await leaveDialog.getByRole('button', { name: 'Stay and upload' }).click();
    await leaveDialog.waitFor({ state: 'detached' });
    // Focus is back on the link that was followed.
    expect(await creditCards.evaluate((a) => a === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/kyc$/);
    expect(await status('pan')).toBe('pending');
    // Escape stays too.
    await creditCards.click();
    await leaveDialog.waitFor();
    await page.keyboard.press('Escape');
    await leaveDialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/kyc$/);
    expect(await status('pan')).toBe('pending');
    expect(dialogs).toEqual(['beforeunload']);

    // Back to the employment step and on again: the file is still there, still to send.
    await page.getByRole('button', { name: 'Back' }).last().click();
    await page.waitForURL(/\/employment$/);
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.waitForURL(/\/kyc$/);
    for (const type of ['aadhaar_front', 'aadhaar_back', 'address_proof']) await slotIs(type, 'success');
    // The stored PAN, listed again, does not take the chosen file's place.
    expect(await status('pan')).toBe('pending');
    await page.getByTestId('kyc-slot-pan').getByText('new-pan.png').waitFor();
    await shot(page, '9-chosen-kept-across-steps');

    // Sent: the review step, and a reload asks nothing.
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await page.waitForURL(/\/review$/);
    await page.getByRole('heading', { name: 'Review Your Application' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Review Your Application' }).waitFor();
    expect(dialogs).toEqual(['beforeunload']);
    const onServer = await uploaded(token, id);
    expect(onServer.find((d) => d.document_type === 'pan')?.file_name).toBe('new-pan.png');

    // Chosen again and left from the dialog: the link's page, and no browser prompt on the way.
    await page.goto(kyc);
    await allLoaded();
    await choosePan();
    await creditCards.click();
    await leaveDialog.waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, '8-leave-dialog-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await leaveDialog.getByRole('button', { name: 'Leave without uploading' }).click();
    await page.waitForURL(/\/cards$/);
    await leaveDialog.waitFor({ state: 'detached' });
    expect(dialogs).toEqual(['beforeunload']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a document the server cannot hand over: 'Failed to load document', then 'Failed to {action} file: reason'", async () => {
    const { context, page, reference } = await applicantOnPhone('unavailable');
    // The server's storage failing for one file (its answer as our server shapes errors).
    await page.route(/\/api\/leads\/applications\/\d+\/documents\/pan\/file$/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Document storage is unavailable.', code: 'storage_unavailable' }),
      }),
    );
    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}/${reference}/kyc`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="kyc-slot-pan"]')?.getAttribute('data-status') === 'error',
    );
    await page.getByTestId('kyc-slot-pan').getByText('Failed to load document').waitFor();
    await page.getByText('Failed to load previously uploaded documents').waitFor();

    const reason = 'Failed to fetch file: Document storage is unavailable.';
    await page.getByRole('button', { name: 'Download PAN Card' }).click();
    await page.getByText(`Failed to download file: ${reason}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Preview PAN Card' }).click();
    await page.getByText(`Failed to preview file: ${reason}`, { exact: true }).waitFor();
    // The viewport, where the toasts are (a full-page shot places them off the slot), once
    // the newest has finished sliding in.
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(SHOTS_DIR, 'kyc-7-file-unavailable-375.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a browser without an inline PDF viewer: 'Preview not available for this file type' and its download", async () => {
    // As Chrome on Android reports it (a browser property, not our server).
    const { context, page, reference } = await applicantOnPhone('nopdf', (c) =>
      c.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => false }),
      ),
    );
    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}/${reference}/kyc`);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="kyc-slot-address_proof"]')?.getAttribute('data-status') ===
        'success',
    );
    await page.getByRole('button', { name: 'Preview Address Proof' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Preview not available for this file type').waitFor();
    expect(await dialog.locator('iframe').count()).toBe(0);
    await shot(page, '6-preview-not-available-375');
    const file = await downloaded(page, () => dialog.getByRole('button', { name: 'Download' }).click());
    expect(file.name).toBe('bill.pdf');
    expect(file.content.equals(PDF)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('KYC step of a second application: a document from the first (real server, ADR 026)', () => {
  it("offers the first application's documents; one click copies the PAN card, which stays when the first one's is removed", async () => {
    const email = `kyc.reuse.${Date.now()}@example.com`;
    const first = await applicantWithDocuments(email);
    const SECOND = 'hdfc_regalia_gold';
    const started = await apiResponse<{ id: number; reference_id: string }>(
      journey.server.url,
      'leads/applications/start_application',
      { token: first.token, body: { card_id: SECOND } },
    );
    expect(started.status).toBe(201);
    const second = started.body;
    for (const [step, data] of [
      ['personal_details', personalDetails(email)],
      ['employment_details', EMPLOYMENT_DETAILS],
    ] as const) {
      const res = await apiResponse(journey.server.url, `leads/applications/${second.id}/submit_step`, {
        token: first.token,
        body: { step, data },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    for (const viewport of [
      { width: 375, height: 800 },
      { width: 1280, height: 900 },
    ]) {
      const { page } = await signIn(viewport, email);
      await page.goto(`${journey.server.url}/cards/apply/hdfc/${SECOND}/${second.reference_id}/kyc`);
      await page.getByRole('heading', { name: 'KYC Document Upload' }).waitFor();
      const slot = (type: string) => page.getByTestId(`kyc-slot-${type}`);
      const offer = slot('pan').getByRole('button', {
        name: /^Use the PAN card you uploaded for .+ on \d{1,2} [A-Z][a-z]{2} \d{4}$/,
      });
      if (viewport.width === 375) {
        await offer.waitFor();
        for (const type of ['aadhaar_front', 'aadhaar_back', 'address_proof'])
          await page.getByTestId(`kyc-reuse-${type}`).waitFor();
        // No income proof was uploaded before: none offered.
        expect(await page.getByTestId('kyc-reuse-income_proof').count()).toBe(0);
        await slot('pan').getByText('pan.jpg', { exact: false }).waitFor();
        // Nothing copied before the click.
        expect(await uploaded(first.token, second.id)).toEqual([]);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(375);
        await shot(page, 'reuse-1-offer-375');
        await offer.click();
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="kyc-slot-pan"]')?.getAttribute('data-status') === 'success',
        );
        await slot('pan').getByText('Uploaded', { exact: false }).waitFor();
        expect(await page.getByTestId('kyc-reuse-pan').count()).toBe(0);
        await shot(page, 'reuse-2-copied-375');
      } else {
        // Held now: the slot shows the copy, the others still offer theirs.
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="kyc-slot-pan"]')?.getAttribute('data-status') === 'success',
        );
        await page.getByTestId('kyc-reuse-address_proof').waitFor();
        await shot(page, 'reuse-3-desktop-1280');
        await page.getByTestId('kyc-reuse-address_proof').getByRole('button').click();
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="kyc-slot-address_proof"]')?.getAttribute('data-status') ===
            'success',
        );
        await page.getByRole('button', { name: 'Preview Address Proof' }).click();
        await page.getByRole('dialog').locator('iframe[title="Address Proof preview"]').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
        // The two left, both sides of the Aadhaar card, in one click.
        await page.getByRole('button', { name: 'Use all 2 documents' }).click();
        await page.waitForFunction(() =>
          ['aadhaar_front', 'aadhaar_back'].every(
            (t) =>
              document.querySelector(`[data-testid="kyc-slot-${t}"]`)?.getAttribute('data-status') ===
              'success',
          ),
        );
        expect(await page.getByRole('button', { name: /^Use all/ }).count()).toBe(0);
      }
      await page.context().close();
    }
    const held = await uploaded(first.token, second.id);
    expect(held.map((d) => [d.document_type, d.file_name]).sort()).toEqual([
      ['aadhaar_back', 'back.png'],
      ['aadhaar_front', 'front.png'],
      ['address_proof', 'bill.pdf'],
      ['pan', 'pan.jpg'],
    ]);
    // The copy is the second application's own: the first one's removed, it still downloads whole.
    const removed = await apiResponse(journey.server.url, `leads/applications/${first.id}/documents/pan`, {
      token: first.token,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const file = await fetch(`${journey.server.url}/api/leads/applications/${second.id}/documents/pan/file`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(UNDECODABLE_JPEG)).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

describe('generic form page /form-example (real server)', () => {
  it("shows 'Form Saved!' for a page with no next target; an unknown page has no config; steps need an application", async () => {
    const page = await journey.newPage({ width: 1280, height: 900 });
    const context = page.context();
    await page.goto(`${journey.server.url}/form-example`);
    await page.getByRole('heading', { name: 'Form Example' }).waitFor();
    await page.getByText('A form built from its configuration. Fill it in and save it.').waitFor();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    // The form validates asynchronously after the click: wait for its messages, then count.
    await expect.poll(() => page.getByText('This field is required.').count()).toBe(2);
    await page.getByLabel('Full name').fill('Meera Iyer');
    await page.getByLabel('Email').fill('meera@example.com');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.getByRole('heading', { name: 'Form Saved!' }).waitFor();
    await page.getByText('You can now proceed to the next step.').waitFor();
    await shot(page, '7-form-saved');

    await page.goto(`${journey.server.url}/form-example?page=no_such_page`);
    await page.getByText('Form/page config not found.').waitFor();

    // A step page without a started application says so and cannot submit.
    await page.goto(`${journey.server.url}/form-example?page=documents`);
    await page.getByRole('heading', { name: 'KYC & Documents' }).waitFor();
    await page.getByText('Application ID is missing.').waitFor();
    expect(await page.getByRole('button', { name: 'Save & Continue' }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('walks the configured targets on a real application: kyc_documents → review_submit → submitted', async () => {
    const email = `form.${Date.now()}@example.com`;
    const { token, id, reference } = await applicantWithDocuments(email);
    const { context, page } = await signIn({ width: 1280, height: 900 }, email);
    await page.evaluate(
      ([appId, ref]) => {
        localStorage.setItem('application_id', appId as string);
        localStorage.setItem('reference_id', ref as string);
      },
      [String(id), reference],
    );
    await page.goto(`${journey.server.url}/form-example?page=kyc_documents`);
    await page.getByRole('heading', { name: 'KYC & Documents' }).waitFor();
    await page.getByRole('link', { name: 'Back' }).waitFor(); // previous: employment_details
    await page.getByLabel(/I have uploaded my PAN card/).check();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.waitForURL(/page=review_submit$/);
    await page.getByRole('heading', { name: 'Review & Submit' }).waitFor();
    await page.getByLabel(/I confirm that the information/).check();
    await page.getByLabel(/^I authorise .+ to check my credit report/).check();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/profile');
    const app = await api<{ status: string }>(journey.server.url, `leads/applications/${id}`, { token });
    expect(app.status).toBe('submitted');

    // Submitting again fails on the server: 'Failed to submit step' with its reason.
    await page.goto(`${journey.server.url}/form-example?page=review_submit`);
    await page.getByLabel(/I confirm that the information/).check();
    await page.getByLabel(/^I authorise .+ to check my credit report/).check();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.getByText('Failed to submit step').waitFor();
    await shot(page, '8-form-step-failed');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
