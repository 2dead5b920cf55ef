import { citiesOf } from '@cardwise/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLocalDateTime } from './already-submitted-dialog.tsx';
import { DRAFT_KEY, readStoredApplication, storedDraftOf } from './application-storage.ts';
import { formatSize } from './document-slot.tsx';
import {
  canSubmitDocuments,
  IDLE,
  KYC_SLOTS,
  previewKind,
  reuseOfferText,
  type SlotState,
  type SlotType,
} from './kyc-slots.ts';
import { progressFor, routeForStep } from './wizard-context.ts';

const slots = (over: Partial<Record<SlotType, Partial<SlotState>>> = {}) =>
  Object.fromEntries(KYC_SLOTS.map((s) => [s.type, { ...IDLE, ...over[s.type] }])) as Record<
    SlotType,
    SlotState
  >;
const ready = { status: 'pending' as const };

describe('wizard frame (spec §2)', () => {
  it('progress: 10% landing, proportional capped at 90, 90% review, 100% success', () => {
    expect(progressFor('landing')).toBe(10);
    expect(progressFor('personal')).toBe(33);
    expect(progressFor('employment')).toBe(50);
    expect(progressFor('kyc')).toBe(67);
    expect(progressFor('review')).toBe(90);
    expect(progressFor('success')).toBe(100);
  });

  it('routes by current_step prefix; anything else is personal', () => {
    expect(routeForStep('personal_details')).toBe('personal');
    expect(routeForStep('employment_details')).toBe('employment');
    expect(routeForStep('kyc_documents')).toBe('kyc');
    expect(routeForStep('document_upload')).toBe('kyc');
    expect(routeForStep('review')).toBe('review');
    expect(routeForStep('financial_details')).toBe('personal');
    expect(routeForStep(undefined)).toBe('personal');
  });
});

describe('KYC rules (spec §5)', () => {
  it("'Submit Documents' needs every required slot pending or success, no error, nothing submitting", () => {
    const all = {
      pan: ready,
      aadhaar_front: ready,
      aadhaar_back: { status: 'success' as const },
      address_proof: ready,
    };
    expect(canSubmitDocuments(slots(all), false)).toBe(true);
    expect(canSubmitDocuments(slots(all), true)).toBe(false);
    expect(canSubmitDocuments(slots({ ...all, address_proof: {} }), false)).toBe(false);
    expect(canSubmitDocuments(slots({ ...all, pan: { status: 'uploading' } }), false)).toBe(false);
    expect(canSubmitDocuments(slots({ ...all, income_proof: { status: 'error' } }), false)).toBe(false);
  });

  it("says a file's size as people read it", () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(300)).toBe('300 bytes');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(250_000)).toBe('244 KB');
    // 1,023.6 KB rounds to a megabyte, not "1024 KB".
    expect(formatSize(1_048_300)).toBe('1.0 MB');
    expect(formatSize(4.5 * 1024 * 1024)).toBe('4.5 MB');
  });

  it("titles the slots with the contracts' names, '(optional)' after the one the step can go without", () => {
    expect(KYC_SLOTS.map((s) => s.label)).toEqual([
      'PAN Card',
      'Aadhaar Card (Front)',
      'Aadhaar Card (Back)',
      'Address Proof',
      'Income Proof (optional)',
    ]);
  });

  it('offers a reused document by the name a sentence gives it', () => {
    const offer = {
      document_type: 'aadhaar_back' as const,
      from_application_id: 7,
      from_reference_id: 'CW-ABC123',
      card_name: null,
      file_name: 'back.png',
      mime_type: 'image/png',
      file_size: 1000,
      uploaded_at: '2026-12-03T06:00:00Z',
    };
    expect(reuseOfferText('aadhaar_back', offer)).toBe(
      'Use the back of the Aadhaar card you uploaded for your application CW-ABC123 on 3 Dec 2026',
    );
    expect(reuseOfferText('pan', { ...offer, card_name: 'HDFC Bank Millennia Credit Card' })).toBe(
      'Use the PAN card you uploaded for HDFC Bank Millennia Credit Card on 3 Dec 2026',
    );
  });

  it('previews images, PDFs and text types; nothing else', () => {
    expect(previewKind('a.png', 'image/png')).toBe('image');
    expect(previewKind('a.pdf', '')).toBe('pdf');
    expect(previewKind('notes.md', '')).toBe('text');
    expect(previewKind('sheet.xlsx', '')).toBe('office');
    expect(previewKind('a.bin', 'application/octet-stream')).toBe('none');
  });
});

describe('reference data and storage (spec §3, §4)', () => {
  afterEach(() => localStorage.clear());

  it('cities of a state match case-insensitively; no match gives an empty list', () => {
    expect(citiesOf('karnataka')).toContain('Bengaluru');
    expect(citiesOf('Atlantis')).toEqual([]);
    expect(citiesOf('')).toEqual([]);
  });

  it("fills a form only from this application's own draft, never another's left in the browser", () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        reference_id: 'CW-2026-ABCDEFGH',
        application_id: 7,
        application_data: { personal_details: { pan_number: 'ABCDE1234F' } },
      }),
    );
    const path = '/cards/apply/hdfc/x/CW-2026-ABCDEFGH/personal';
    expect(storedDraftOf({ id: 7, reference_id: 'CW-2026-ABCDEFGH' }, path)?.application_data).toEqual({
      personal_details: { pan_number: 'ABCDE1234F' },
    });
    expect(storedDraftOf({ id: 8, reference_id: 'CW-2026-ZZZZZZZZ' }, path)).toBeNull();
    expect(storedDraftOf(undefined, path)).toBeNull();
  });

  it('reads the draft only on /apply/ paths, flattens a nested wrapper once and drops empty sections', () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        reference_id: 'CW-2026-ABCDEFGH',
        application_id: 7,
        application_data: {
          application_data: { personal_details: { full_name: 'A' }, employment_details: {} },
          kyc_documents: [{ type: 'pan' }],
        },
      }),
    );
    expect(readStoredApplication('/cards')).toBeNull();
    const app = readStoredApplication('/cards/apply/hdfc/x/CW-2026-ABCDEFGH/personal');
    expect(app).toMatchObject({
      status: 'draft',
      current_step: 'personal_details',
      is_new: true,
      card_id: '1',
    });
    expect(app?.application_data).toEqual({
      personal_details: { full_name: 'A' },
      document_upload: [{ type: 'pan' }],
    });
  });
});

describe('dates shown to applicants', () => {
  it('reads the submitted date the Indian way, or N/A', () => {
    const text = formatLocalDateTime('2026-11-25T11:30:38.000Z');
    expect(text).toMatch(/^\d{1,2} Nov 2026, \d{1,2}:\d{2}\s?(am|pm)$/i);
    expect(formatLocalDateTime(null)).toBe('N/A');
    expect(formatLocalDateTime('not a date')).toBe('N/A');
  });
});
