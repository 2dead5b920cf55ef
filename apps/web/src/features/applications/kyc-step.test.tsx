import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICATION_MESSAGES, type ApplicationDocument, type ReusableDocument } from '@cardwise/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import {
  APPLICATION_REFERENCE,
  applicationFixture,
  cardDetailFixture,
  documentFixture,
  jsonResponse,
  Providers,
} from '../../test/fixtures.tsx';
import { useKeepChosenDocuments } from './keep-chosen-documents.ts';
import { KycStep } from './kyc-step.tsx';
import { WizardContext } from './wizard-context.ts';

const REFERENCE = APPLICATION_REFERENCE;
const CARD = cardDetailFixture({ id: 'hdfc_millennia' });
/** A real 1×1 PNG, shared with the server's tests: the step checks that a file is whole. */
const PNG = readFileSync(
  join(import.meta.dirname, '../../../../server/test/fixtures/documents/one-by-one.png'),
);

const APP = applicationFixture({ status: 'employment_details', current_step: 'document_upload' });

const doc = (type: ApplicationDocument['document_type']) => documentFixture(type);

const json = jsonResponse;

/** What the page asked of the server: method and path (after /api/). */
let requests: string[] = [];

/** A server holding these documents of the application. */
function serve(
  documents: ApplicationDocument[],
  {
    filesFail = false,
    uploadFails = false,
    uploadThrottled = false,
    unreadable = false,
    listArrives,
    offers = [],
    reuseFails = false,
  }: {
    /** The documents of the applicant's other applications offered for reuse (ADR 026). */
    offers?: ReusableDocument[];
    reuseFails?: boolean;
    filesFail?: boolean;
    uploadFails?: boolean;
    uploadThrottled?: boolean;
    unreadable?: boolean;
    /** The list of stored documents is answered once this settles (a slow network). */
    listArrives?: Promise<void>;
  } = {},
) {
  requests = [];
  let held = [...documents];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = init?.method ?? 'GET';
      const path = url.slice(url.indexOf('/api/') + 5).split('?')[0] ?? '';
      requests.push(`${method} ${path}`);
      // Another account's application: the server answers as if it did not exist.
      if (unreadable) return json({ detail: 'Application not found.', code: 'not_found' }, 404);
      if (method === 'GET' && /\/documents\/[a-z_]+\/file$/.test(path))
        return filesFail
          ? json({ detail: 'Document storage is unavailable.' }, 503)
          : new Response(new Uint8Array(PNG), { headers: { 'Content-Type': 'image/png' } });
      if (method === 'GET' && path.endsWith('/upload_documents')) {
        await listArrives;
        return json(held);
      }
      if (method === 'POST' && path.endsWith('/upload_documents')) {
        if (uploadFails) return json({ detail: 'Document storage is unavailable.' }, 503);
        if (uploadThrottled)
          return json(
            { detail: 'Too many requests. Please try again in 15 minutes.', code: 'throttled' },
            429,
          );
        const types = [...((init as RequestInit).body as FormData).entries()]
          .filter(([k]) => k.endsWith('[document_type]'))
          .map(([, v]) => v as ApplicationDocument['document_type']);
        held = [...held.filter((d) => !types.includes(d.document_type)), ...types.map(doc)];
        return json({ detail: 'ok', uploaded: types.map(doc), documents: held, missing_required: [] });
      }
      const removed = /\/documents\/([a-z_]+)$/.exec(path)?.[1];
      if (method === 'DELETE' && removed) {
        held = held.filter((d) => d.document_type !== removed);
        return json(held);
      }
      if (method === 'GET' && path.endsWith('/reusable_documents')) return json(offers);
      if (method === 'POST' && path.endsWith('/documents/reuse')) {
        if (reuseFails)
          return json(
            {
              detail: 'This PAN Card was uploaded more than 90 days ago. Please upload a current one.',
              code: 'document_too_old',
            },
            400,
          );
        const { document_type: type } = JSON.parse(String(init?.body)) as { document_type: string };
        const copy = doc(type as ApplicationDocument['document_type']);
        held = [...held.filter((d) => d.document_type !== type), copy];
        return json({ detail: 'ok', uploaded: [copy], documents: held, missing_required: [] });
      }
      if (method === 'POST' && path.endsWith('/submit_step')) return json(APP);
      if (method === 'GET' && /^leads\/applications\/[^/]+\/$/.test(path)) return json(APP);
      throw new Error(`unexpected request ${method} ${path}`);
    }),
  );
}

/**
 * The wizard frame's part in the step, with the frame's own hook: it keeps the chosen, unsent
 * files across steps, and asks before the page is left while it holds them.
 */
function KeepingFrame({ children }: { children: ReactNode }) {
  const { chosenDocuments, keepChosenDocuments } = useKeepChosenDocuments();
  return (
    <WizardContext.Provider
      value={{ card: CARD, cardId: 'hdfc_millennia', base: '/apply', chosenDocuments, keepChosenDocuments }}
    >
      {children}
    </WizardContext.Provider>
  );
}

/**
 * Renders the step; unless told otherwise, waits for its slots (they follow the application).
 * `keeping`: inside a frame that keeps chosen files, with an employment step to go Back to.
 */
async function renderKyc({ slots = true, keeping = false } = {}) {
  const routes = (
    <Routes>
      <Route path="/apply/:applicationId/kyc" element={<KycStep />} />
      <Route
        path="/apply/:applicationId/employment"
        element={<Link to={`/apply/${REFERENCE}/kyc`}>Employment page: continue</Link>}
      />
      <Route path="/apply/:applicationId/review" element={<p>Review page</p>} />
    </Routes>
  );
  render(
    <MemoryRouter initialEntries={[`/apply/${REFERENCE}/kyc`]}>
      <Providers>
        {keeping ? (
          <KeepingFrame>{routes}</KeepingFrame>
        ) : (
          <WizardContext.Provider value={{ card: CARD, cardId: 'hdfc_millennia', base: '/apply' }}>
            {routes}
          </WizardContext.Provider>
        )}
      </Providers>
    </MemoryRouter>,
  );
  if (slots) {
    await screen.findByTestId('kyc-slot-pan');
    // The slots take files once the stored documents are listed.
    await waitFor(() => expect(slot('pan').querySelector('[aria-busy]')).toBeNull());
  }
}

const slot = (type: string) => screen.getByTestId(`kyc-slot-${type}`);
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Documents' });
const REQUIRED = ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof'] as const;

/** The KYC step with the four required documents loaded from the server. */
async function kycWithRequiredDocuments() {
  serve(REQUIRED.map(doc));
  await renderKyc();
  for (const type of REQUIRED) await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
  expect(submitButton().disabled).toBe(false);
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', email: 'meera@example.com' }));
  // As the landing step leaves them: the numeric id of the reference in the address.
  localStorage.setItem(STORAGE_KEYS.applicationId, '7');
  localStorage.setItem(STORAGE_KEYS.referenceId, REFERENCE);
  URL.createObjectURL ??= () => 'blob:test';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('KYC: an application this account cannot read', () => {
  it('says so once, as the other steps do, and offers no uploads that could only fail', async () => {
    serve([], { unreadable: true });
    await renderKyc({ slots: false });
    await screen.findByText("We couldn't load this application.", { exact: false });
    expect(screen.queryByTestId('kyc-slot-pan')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Documents' })).toBeNull();
    expect(requests.filter((r) => r.endsWith('/upload_documents'))).toEqual([]);
  });
});

describe('KYC: one control per document, and headings in order (axe nested-interactive, heading-order)', () => {
  it('each drop area is the one "Upload …" control of its slot, with nothing focusable inside', async () => {
    serve([]);
    await renderKyc();
    for (const label of ['PAN Card', 'Aadhaar Card (Front)', 'Income Proof (optional)']) {
      const controls = screen.getAllByRole('button', {
        name: new RegExp(`^Upload ${label.replace(/[()]/g, '\\$&')}`),
      });
      expect(controls).toHaveLength(1);
      expect(controls[0]?.querySelector('input, button, select, textarea, a[href], [tabindex]')).toBeNull();
    }
  });

  it('Enter and Space on a drop area open the file chooser, and a dropped file is taken', async () => {
    serve([]);
    await renderKyc();
    const dropzone = screen.getByRole('button', { name: /^Upload PAN Card: drag and drop/ });
    const input = screen.getByTestId<HTMLInputElement>('kyc-input-pan');
    const chooser = vi.spyOn(input, 'click');
    dropzone.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(chooser).toHaveBeenCalledTimes(2);

    const png = new File([new Uint8Array(PNG)], 'pan.png', { type: 'image/png' });
    const item = { kind: 'file', type: png.type, getAsFile: () => png };
    fireEvent.drop(dropzone, { dataTransfer: { files: [png], items: [item], types: ['Files'] } });
    await waitFor(() => expect(slot('pan').dataset.status).toBe('pending'));
  });

  it('the slots are headings one level below the step’s title', async () => {
    serve([]);
    await renderKyc();
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
    expect(screen.getByRole('heading', { level: 2, name: /^PAN Card/ })).toBeTruthy();
  });
});

describe("KYC: a disabled 'Submit Documents' says what is still needed", () => {
  it('names the required documents not yet added, fewer as they are added', async () => {
    serve([]);
    await renderKyc();
    const said = () =>
      document.getElementById(submitButton().getAttribute('aria-describedby') ?? '')?.textContent;
    expect(submitButton().disabled).toBe(true);
    expect(said()).toBe(
      'To continue, add: PAN Card, Aadhaar Card (Front), Aadhaar Card (Back), Address Proof.',
    );
    const user = userEvent.setup();
    await user.upload(
      screen.getByTestId('kyc-input-pan'),
      new File([new Uint8Array(PNG)], 'pan.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(said()).toBe('To continue, add: Aadhaar Card (Front), Aadhaar Card (Back), Address Proof.'),
    );
  });
});

describe('KYC: a refused file has a way back to an empty slot', () => {
  it("an optional slot's refused file can be cleared, and 'Submit Documents' comes back", async () => {
    await kycWithRequiredDocuments();
    const user = userEvent.setup({ applyAccept: false });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'salary.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByTestId('kyc-input-income_proof'), big);
    await screen.findByText('File is too large (max 5MB)');
    expect(slot('income_proof').dataset.status).toBe('error');
    expect(submitButton().disabled).toBe(true);
    // The disabled button says why, tied to it for screen readers.
    const hint = document.getElementById(submitButton().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'To continue, replace or remove the file refused for: Income Proof (optional).',
    );

    await user.click(screen.getByRole('button', { name: 'Clear Income Proof (optional) error' }));
    expect(slot('income_proof').dataset.status).toBe('idle');
    expect(screen.queryByText('File is too large (max 5MB)')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByTestId('documents-hint')).toBeNull();
    // The focus is not lost with the button: the drop area that stays has it.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: /^Upload Income Proof \(optional\): drag and drop/ }),
    );
  });

  it('a file refused by its content is cleared the same way, in a required slot too', async () => {
    serve([]);
    await renderKyc();
    const user = userEvent.setup({ applyAccept: false });
    const script = new File(['#!/bin/sh\necho hi\n'], 'pan.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('kyc-input-pan'), script);
    await screen.findByText('Invalid file type. Only JPEG, PNG, and PDF are allowed.');
    await user.click(screen.getByRole('button', { name: 'Clear PAN Card error' }));
    expect(slot('pan').dataset.status).toBe('idle');
  });

  it('a file cut short is said to be damaged before any upload, and can be cleared', async () => {
    serve([]);
    await renderKyc();
    const user = userEvent.setup({ applyAccept: false });
    const cut = new File([new Uint8Array(PNG.subarray(0, PNG.length - 12))], 'pan.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByTestId('kyc-input-pan'), cut);
    await screen.findByText(APPLICATION_MESSAGES.damagedFile);
    expect(APPLICATION_MESSAGES.damagedFile).toBe(
      'This file is damaged or incomplete. Please choose another file.',
    );
    expect(slot('pan').dataset.status).toBe('error');
    await user.click(screen.getByRole('button', { name: 'Clear PAN Card error' }));
    expect(slot('pan').dataset.status).toBe('idle');
  });

  it('an empty file is said to be empty, not of a wrong type, and can be cleared', async () => {
    serve([]);
    await renderKyc();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByTestId('kyc-input-pan'),
      new File([], 'pan.pdf', { type: 'application/pdf' }),
    );
    await screen.findByText('The file is empty. Please choose another file.');
    expect(screen.queryByText('Invalid file type. Only JPEG, PNG, and PDF are allowed.')).toBeNull();
    expect(submitButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear PAN Card error' }));
    expect(slot('pan').dataset.status).toBe('idle');
  });

  it('choosing a valid file replaces the error too', async () => {
    serve([]);
    await renderKyc();
    const user = userEvent.setup({ applyAccept: false });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'pan.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('kyc-input-pan'), big);
    await screen.findByText('File is too large (max 5MB)');
    await user.upload(
      screen.getByTestId('kyc-input-pan'),
      new File([new Uint8Array(PNG)], 'pan.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(slot('pan').dataset.status).toBe('pending'));
    expect(screen.queryByText('File is too large (max 5MB)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear PAN Card error' })).toBeNull();
  });

  it('a server document that failed to load keeps its card and Remove, with no Clear', async () => {
    serve([doc('pan')], { filesFail: true });
    await renderKyc();
    await waitFor(() => expect(slot('pan').dataset.status).toBe('error'));
    await screen.findByText('Failed to load document');
    expect(screen.getByRole('button', { name: 'Remove PAN Card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear PAN Card error' })).toBeNull();
  });
});

describe('KYC: the stored documents are listed before a slot takes a file (a slow network)', () => {
  it('a file chosen while the list loads is not taken, so the arriving original cannot overwrite it', async () => {
    let arrive = () => {};
    serve([doc('pan')], { listArrives: new Promise<void>((r) => (arrive = r)) });
    await renderKyc({ slots: false });
    await screen.findByTestId('kyc-slot-pan');
    const dropzone = screen.getByRole('button', { name: /^Upload PAN Card: drag and drop/ });
    expect(dropzone.getAttribute('aria-busy')).toBe('true');
    expect(dropzone.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByText('Checking for documents you uploaded before…')).toHaveLength(5);
    const user = userEvent.setup();
    await user.upload(
      screen.getByTestId('kyc-input-pan'),
      new File([new Uint8Array(PNG)], 'new-pan.png', { type: 'image/png' }),
    );
    // Taken here, the new file showed as 'Ready to upload' until the list replaced it with the
    // stored pan.png, and 'Submit Documents' then kept the original.
    expect(slot('pan').dataset.status).toBe('idle');
    arrive();
    await waitFor(() => expect(slot('pan').dataset.status).toBe('success'));
    expect(screen.getByText('pan.png')).toBeTruthy();
    expect(screen.queryByText('new-pan.png')).toBeNull();
    // Listed: the empty slots take files again.
    await user.upload(
      screen.getByTestId('kyc-input-aadhaar_front'),
      new File([new Uint8Array(PNG)], 'front.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(slot('aadhaar_front').dataset.status).toBe('pending'));
  });
});

/** Remove, confirmed in its dialog. */
async function remove(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: `Remove ${label}` }));
  await user.click(await screen.findByRole('button', { name: 'Remove' }));
}

const writes = () => requests.filter((r) => !r.startsWith('GET '));

describe("KYC: Remove empties the slot; the server's copy goes on 'Submit Documents' (spec §4)", () => {
  it('Remove of a stored document asks the server nothing, so leaving keeps it', async () => {
    await kycWithRequiredDocuments();
    const user = userEvent.setup();
    await remove(user, 'Aadhaar Card (Back)');
    expect(slot('aadhaar_back').dataset.status).toBe('idle');
    expect(submitButton().disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(writes()).toEqual([]);
  });

  it('a removed document not replaced is deleted on Submit Documents, after the uploads', async () => {
    serve([...REQUIRED.map(doc), doc('income_proof')]);
    await renderKyc();
    await waitFor(() => expect(slot('income_proof').dataset.status).toBe('success'));
    for (const type of REQUIRED) await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
    const user = userEvent.setup();
    await remove(user, 'Income Proof (optional)');
    await remove(user, 'PAN Card');
    await user.upload(
      screen.getByTestId('kyc-input-pan'),
      new File([new Uint8Array(PNG)], 'new-pan.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(writes()).toEqual([]);
    await user.click(submitButton());
    await screen.findByText('Review page');
    // The replacement's upload replaced the PAN; only the income proof is deleted.
    expect(writes()).toEqual([
      'POST leads/applications/7/upload_documents',
      'DELETE leads/applications/7/documents/income_proof',
      'POST leads/applications/7/submit_step',
    ]);
  });

  /** The KYC step with its required documents, and a 6 MB income proof just refused with a toast. */
  const refuseBigIncomeProof = async () => {
    await kycWithRequiredDocuments();
    render(<Toaster />);
    const user = userEvent.setup({ applyAccept: false });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'salary.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByTestId('kyc-input-income_proof'), big);
    await screen.findByText('Maximum file size is 5MB');
    return user;
  };

  it('a toast about a file refused earlier does not follow the applicant to the review', async () => {
    const user = await refuseBigIncomeProof();
    await user.click(screen.getByRole('button', { name: 'Clear Income Proof (optional) error' }));
    await user.click(submitButton());
    await screen.findByText('Review page');
    await waitFor(() => expect(screen.queryByText('Maximum file size is 5MB')).toBeNull());
    toast.dismiss();
  });

  it("a toast about a refused file goes when the applicant leaves the step by 'Back'", async () => {
    const user = await refuseBigIncomeProof();
    await user.click(screen.getByRole('button', { name: 'Back to the previous step' }));
    await screen.findByRole('link', { name: 'Employment page: continue' });
    await waitFor(() => expect(screen.queryByText('Maximum file size is 5MB')).toBeNull());
    toast.dismiss();
  });

  it('an upload that fails deletes nothing: the stored originals stay', async () => {
    serve([...REQUIRED.map(doc), doc('income_proof')], { uploadFails: true });
    await renderKyc();
    for (const type of [...REQUIRED, 'income_proof'])
      await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
    const user = userEvent.setup();
    await remove(user, 'Income Proof (optional)');
    await remove(user, 'Aadhaar Card (Back)');
    await user.upload(
      screen.getByTestId('kyc-input-aadhaar_back'),
      new File([new Uint8Array(PNG)], 'back.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(writes()).toEqual(['POST leads/applications/7/upload_documents']);
    expect(screen.queryByText('Review page')).toBeNull();
  });

  it("a refused upload says the server's reason; a server fault says the spec's words", async () => {
    for (const [options, message] of [
      [{ uploadThrottled: true }, 'Too many requests. Please try again in 15 minutes.'],
      [{ uploadFails: true }, 'Failed to upload documents. Please try again.'],
    ] as const) {
      serve(REQUIRED.map(doc), options);
      await renderKyc();
      render(<Toaster />);
      for (const type of REQUIRED) await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
      const user = userEvent.setup();
      await remove(user, 'PAN Card');
      await user.upload(
        screen.getByTestId('kyc-input-pan'),
        new File([new Uint8Array(PNG)], 'new-pan.png', { type: 'image/png' }),
      );
      await waitFor(() => expect(submitButton().disabled).toBe(false));
      await user.click(submitButton());
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.queryByText('Review page')).toBeNull();
      toast.dismiss();
      cleanup();
    }
  });
});

/** Whether leaving the page now would ask the browser's 'Leave site?' first. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const choosePan = (user: ReturnType<typeof userEvent.setup>, name = 'my-pan.png') =>
  user.upload(
    screen.getByTestId('kyc-input-pan'),
    new File([new Uint8Array(PNG)], name, { type: 'image/png' }),
  );

describe('KYC: files chosen and not sent are not lost silently', () => {
  it('leaving the page asks first while a chosen file is unsent, and not once it is removed', async () => {
    serve([]);
    await renderKyc({ keeping: true });
    // Said before anything is chosen: a reload drops what is not sent.
    expect(
      screen.getByText(/A file you choose is kept only on this page until you press Submit Documents\./),
    ).toBeTruthy();
    expect(leavingAsks()).toBe(false);
    const user = userEvent.setup();
    await choosePan(user);
    await waitFor(() => expect(slot('pan').dataset.status).toBe('pending'));
    expect(leavingAsks()).toBe(true);
    await remove(user, 'PAN Card');
    expect(slot('pan').dataset.status).toBe('idle');
    expect(leavingAsks()).toBe(false);
  });

  it('nor once the files are submitted, nor when the step is gone', async () => {
    serve(REQUIRED.filter((t) => t !== 'pan').map(doc));
    await renderKyc({ keeping: true });
    for (const type of REQUIRED.filter((t) => t !== 'pan'))
      await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
    const user = userEvent.setup();
    await choosePan(user);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(leavingAsks()).toBe(true);
    await user.click(submitButton());
    await screen.findByText('Review page');
    expect(leavingAsks()).toBe(false);
  });

  it('an upload that fails keeps asking: the chosen file is still unsent', async () => {
    serve(REQUIRED.filter((t) => t !== 'pan').map(doc), { uploadFails: true });
    await renderKyc({ keeping: true });
    const user = userEvent.setup();
    await choosePan(user);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() => expect(requests).toContain('POST leads/applications/7/upload_documents'));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(leavingAsks()).toBe(true);
    cleanup();
    expect(leavingAsks()).toBe(false);
  });

  it("Back to the previous step and on again: the chosen file is still there, unsent, over the server's copy", async () => {
    serve(REQUIRED.map(doc));
    await renderKyc({ keeping: true });
    for (const type of REQUIRED) await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
    const user = userEvent.setup();
    await remove(user, 'PAN Card');
    await choosePan(user, 'new-pan.png');
    await waitFor(() => expect(slot('pan').dataset.status).toBe('pending'));

    await user.click(screen.getByRole('button', { name: 'Back to the previous step' }));
    await user.click(await screen.findByRole('link', { name: 'Employment page: continue' }));
    await screen.findByTestId('kyc-slot-pan');
    for (const type of REQUIRED.filter((t) => t !== 'pan'))
      await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
    // The stored PAN listed again does not take the chosen file's place.
    expect(slot('pan').dataset.status).toBe('pending');
    expect(within(slot('pan')).getByText('new-pan.png')).toBeTruthy();
    expect(leavingAsks()).toBe(true);

    requests = [];
    await user.click(submitButton());
    await screen.findByText('Review page');
    expect(writes()).toEqual([
      'POST leads/applications/7/upload_documents',
      'POST leads/applications/7/submit_step',
    ]);
    expect(leavingAsks()).toBe(false);
  });
});

describe('KYC: a document from an earlier application (ADR 026)', () => {
  const OFFER: ReusableDocument = {
    document_type: 'pan',
    from_application_id: 3,
    from_reference_id: 'CW-2026-ABCDEFGH',
    card_name: 'HDFC Bank Millennia Credit Card',
    file_name: 'pan-scan.jpg',
    mime_type: 'image/jpeg',
    file_size: 120 * 1024,
    uploaded_at: '2026-12-03T06:00:00Z',
  };
  const offerButton = () =>
    screen.getByRole<HTMLButtonElement>('button', {
      name: 'Use the PAN card you uploaded for HDFC Bank Millennia Credit Card on 3 Dec 2026',
    });

  it('offers it in the empty slot, and copies it only on the click; the slot then holds it as uploaded', async () => {
    serve([], { offers: [OFFER] });
    await renderKyc();
    const button = await waitFor(offerButton);
    // The file is named beside the button, and a new file can still be chosen.
    expect(within(slot('pan')).getByText('pan-scan.jpg · 120 KB. Or choose a new file below.')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(slot('pan')).getByRole('button', { name: /^Upload PAN Card/ })).toBeTruthy();
    // No offer where none was made, and nothing copied yet.
    expect(screen.queryByTestId('kyc-reuse-aadhaar_front')).toBeNull();
    expect(requests.filter((r) => r.endsWith('/documents/reuse'))).toEqual([]);

    await userEvent.click(button);
    await waitFor(() => expect(slot('pan').dataset.status).toBe('success'));
    expect(requests).toContain('POST leads/applications/7/documents/reuse');
    const body = JSON.parse(
      String(
        vi
          .mocked(fetch)
          .mock.calls.find(([u, i]) => String(u).endsWith('/documents/reuse') && i?.method === 'POST')?.[1]
          ?.body ?? '{}',
      ),
    );
    expect(body).toEqual({ document_type: 'pan', from_application_id: 3 });
    expect(screen.queryByTestId('kyc-reuse-pan')).toBeNull();
    expect(within(slot('pan')).getByText(/^Uploaded/)).toBeTruthy();
    for (const action of ['Preview', 'Download', 'Remove'])
      expect(within(slot('pan')).getByRole('button', { name: `${action} PAN Card` })).toBeTruthy();
  });

  it('says why a copy was refused, and leaves the slot empty to choose a file', async () => {
    serve([], { offers: [OFFER], reuseFails: true });
    render(<Toaster />);
    await renderKyc();
    await userEvent.click(await waitFor(offerButton));
    await screen.findByText('This PAN Card was uploaded more than 90 days ago. Please upload a current one.');
    expect(slot('pan').dataset.status).toBe('idle');
    toast.dismiss();
  });

  it("takes every offer with one click when there are several, in the slots' order", async () => {
    serve([], { offers: [{ ...OFFER, document_type: 'aadhaar_front' }, OFFER] });
    await renderKyc();
    const all = await screen.findByRole('button', { name: 'Use all 2 documents' });
    await userEvent.click(all);
    await waitFor(() => expect(slot('aadhaar_front').dataset.status).toBe('success'));
    expect(slot('pan').dataset.status).toBe('success');
    const copied = vi
      .mocked(fetch)
      .mock.calls.filter(([u, i]) => String(u).endsWith('/documents/reuse') && i?.method === 'POST')
      .map(([, i]) => (JSON.parse(String(i?.body)) as { document_type: string }).document_type);
    expect(copied).toEqual(['pan', 'aadhaar_front']);
    expect(screen.queryByRole('button', { name: /^Use all/ })).toBeNull();
  });

  it('offers no "use all" for a single document, and stops at the first refusal', async () => {
    serve([], { offers: [OFFER] });
    await renderKyc();
    await waitFor(offerButton);
    expect(screen.queryByRole('button', { name: /^Use all/ })).toBeNull();
    cleanup();
    serve([], { offers: [OFFER, { ...OFFER, document_type: 'aadhaar_front' }], reuseFails: true });
    render(<Toaster />);
    await renderKyc();
    await userEvent.click(await screen.findByRole('button', { name: 'Use all 2 documents' }));
    await screen.findByText('This PAN Card was uploaded more than 90 days ago. Please upload a current one.');
    expect(requests.filter((r) => r.endsWith('/documents/reuse'))).toHaveLength(1);
    expect(slot('aadhaar_front').dataset.status).toBe('idle');
    toast.dismiss();
  });

  it('is not offered for a slot that holds a document already', async () => {
    serve([doc('pan')], { offers: [OFFER] });
    await renderKyc();
    await waitFor(() => expect(slot('pan').dataset.status).toBe('success'));
    await waitFor(() => expect(requests).toContain('GET leads/applications/7/reusable_documents'));
    expect(screen.queryByTestId('kyc-reuse-pan')).toBeNull();
  });
});

describe('KYC: a held document too old to submit (ADR 026)', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

  it('is marked on its slot, and a document within 90 days is not', async () => {
    serve([
      doc('pan'),
      doc('aadhaar_front'),
      doc('aadhaar_back'),
      documentFixture('address_proof', { uploaded_at: daysAgo(120) }),
      documentFixture('income_proof', { uploaded_at: daysAgo(89) }),
    ]);
    await renderKyc();
    await waitFor(() => expect(slot('address_proof').dataset.status).toBe('success'));
    expect(within(slot('address_proof')).getByTestId('kyc-too-old-address_proof').textContent).toBe(
      'Uploaded more than 90 days ago: the bank needs a current one. Remove it and upload a new file.',
    );
    expect(within(slot('address_proof')).getByLabelText('Too old to submit')).toBeTruthy();
    expect(within(slot('address_proof')).queryByLabelText('Ready')).toBeNull();
    for (const type of ['pan', 'income_proof'] as const) {
      await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
      expect(within(slot(type)).queryByTestId(`kyc-too-old-${type}`)).toBeNull();
      expect(within(slot(type)).getByLabelText('Ready')).toBeTruthy();
    }
  });
});
