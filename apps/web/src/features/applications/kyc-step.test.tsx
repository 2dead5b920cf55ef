import type { Application, ApplicationDocument, CardDetail } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { cardSummary, Providers } from '../../test/fixtures.tsx';
import { KycStep } from './kyc-step.tsx';
import { WizardContext } from './wizard-context.ts';

const REFERENCE = 'CW-2026-ABCD2345';
const CARD = { ...cardSummary({ id: 'hdfc_millennia' }) } as unknown as CardDetail;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const APP: Application = {
  id: 7,
  reference_id: REFERENCE,
  application_number: REFERENCE,
  card: 'hdfc_millennia',
  card_details: null,
  status: 'employment_details',
  current_step: 'document_upload',
  application_data: { personal_details: null, employment_details: null, kyc_documents: [] },
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  submitted_at: null,
  user: 'u1',
  steps: [],
  step_logs: [],
};

const doc = (type: ApplicationDocument['document_type']): ApplicationDocument => ({
  document_type: type,
  file_url: `/api/leads/applications/7/documents/${type}/file`,
  file_name: `${type}.png`,
  mime_type: 'image/png',
  file_size: 8,
  sha256: 'x',
  uploaded_at: '2026-11-25T10:00:00Z',
  is_verified: false,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the page asked of the server: method and path (after /api/). */
let requests: string[] = [];

/** A server holding these documents of the application. */
function serve(documents: ApplicationDocument[], { filesFail = false } = {}) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = init?.method ?? 'GET';
      const path = url.slice(url.indexOf('/api/') + 5).split('?')[0] ?? '';
      requests.push(`${method} ${path}`);
      if (method === 'GET' && /\/documents\/[a-z_]+\/file$/.test(path))
        return filesFail
          ? json({ detail: 'Document storage is unavailable.' }, 503)
          : new Response(new Uint8Array(PNG_HEAD), { headers: { 'Content-Type': 'image/png' } });
      if (method === 'GET' && path.endsWith('/upload_documents')) return json(documents);
      if (method === 'GET' && /^leads\/applications\/[^/]+\/$/.test(path)) return json(APP);
      throw new Error(`unexpected request ${method} ${path}`);
    }),
  );
}

function renderKyc() {
  render(
    <MemoryRouter initialEntries={[`/apply/${REFERENCE}/kyc`]}>
      <Providers>
        <WizardContext.Provider value={{ card: CARD, cardId: 'hdfc_millennia', base: '/apply' }}>
          <Routes>
            <Route path="/apply/:applicationId/kyc" element={<KycStep />} />
            <Route path="/apply/:applicationId/review" element={<p>Review page</p>} />
          </Routes>
        </WizardContext.Provider>
      </Providers>
    </MemoryRouter>,
  );
}

const slot = (type: string) => screen.getByTestId(`kyc-slot-${type}`);
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Documents' });
const REQUIRED = ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof'] as const;

/** The KYC step with the four required documents loaded from the server. */
async function kycWithRequiredDocuments() {
  serve(REQUIRED.map(doc));
  renderKyc();
  for (const type of REQUIRED) await waitFor(() => expect(slot(type).dataset.status).toBe('success'));
  expect(submitButton().disabled).toBe(false);
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', email: 'meera@example.com' }));
  URL.createObjectURL ??= () => 'blob:test';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
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

    await user.click(screen.getByRole('button', { name: 'Clear Income Proof (optional) error' }));
    expect(slot('income_proof').dataset.status).toBe('idle');
    expect(screen.queryByText('File is too large (max 5MB)')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    // The focus is not lost with the button: the drop area that stays has it.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: /^Upload Income Proof \(optional\): drag and drop/ }),
    );
  });

  it('a file refused by its content is cleared the same way, in a required slot too', async () => {
    serve([]);
    renderKyc();
    const user = userEvent.setup({ applyAccept: false });
    const script = new File(['#!/bin/sh\necho hi\n'], 'pan.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('kyc-input-pan'), script);
    await screen.findByText('Invalid file type. Only JPEG, PNG, and PDF are allowed.');
    await user.click(screen.getByRole('button', { name: 'Clear PAN Card error' }));
    expect(slot('pan').dataset.status).toBe('idle');
  });

  it('choosing a valid file replaces the error too', async () => {
    serve([]);
    renderKyc();
    const user = userEvent.setup({ applyAccept: false });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'pan.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('kyc-input-pan'), big);
    await screen.findByText('File is too large (max 5MB)');
    await user.upload(
      screen.getByTestId('kyc-input-pan'),
      new File([new Uint8Array(PNG_HEAD)], 'pan.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(slot('pan').dataset.status).toBe('pending'));
    expect(screen.queryByText('File is too large (max 5MB)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear PAN Card error' })).toBeNull();
  });

  it('a server document that failed to load keeps its card and Remove, with no Clear', async () => {
    serve([doc('pan')], { filesFail: true });
    renderKyc();
    await waitFor(() => expect(slot('pan').dataset.status).toBe('error'));
    await screen.findByText('Failed to load document');
    expect(screen.getByRole('button', { name: 'Remove PAN Card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear PAN Card error' })).toBeNull();
  });
});
