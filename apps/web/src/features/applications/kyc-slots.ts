import {
  DOCUMENT_NAMES,
  documentInSentence,
  isDocumentTooOld,
  MAX_DOCUMENT_BYTES,
  REUSABLE_DOCUMENT_MAX_AGE_DAYS,
  type ReusableDocument,
} from '@cardwise/contracts';
import { formatDayInIndia } from '../../lib/format.ts';

/**
 * KYC slots of the wizard (spec §3 documents table), in its order. Their names are the
 * contracts' DOCUMENT_NAMES, which the server's messages use too: what the form calls a
 * document, the review and a refusal call it.
 */
const SLOTS = [
  { type: 'pan', required: true, hint: 'Front side of your PAN card' },
  { type: 'aadhaar_front', required: true, hint: 'Front side with your photo' },
  { type: 'aadhaar_back', required: true, hint: 'Back side with your address' },
  {
    type: 'address_proof',
    required: true,
    hint: 'Aadhaar, Passport or Utility Bill (not older than 3 months)',
  },
  { type: 'income_proof', required: false, hint: 'Salary slips for the last 3 months, Form 16 or ITR' },
] as const;

/** Each slot with its heading: the document's title, '(optional)' after one the step can go without. */
export const KYC_SLOTS = SLOTS.map((s) => ({
  ...s,
  label: `${DOCUMENT_NAMES[s.type].title}${s.required ? '' : ' (optional)'}`,
}));
export type SlotType = (typeof KYC_SLOTS)[number]['type'];

export type SlotStatus = 'idle' | 'uploading' | 'pending' | 'success' | 'error';

/** Client document slot state (spec §3). */
export interface SlotState {
  status: SlotStatus;
  file: File | null;
  file_name: string | null;
  mime_type: string | null;
  uploaded_at: string | null;
  /** The server's file URL when the file came from there. */
  original_file_key: string | null;
  needs_upload: boolean;
  previewUrl: string | null;
  error: string | null;
}

export const IDLE: SlotState = {
  status: 'idle',
  file: null,
  file_name: null,
  mime_type: null,
  uploaded_at: null,
  original_file_key: null,
  needs_upload: false,
  previewUrl: null,
  error: null,
};

/**
 * A slot holding the server's copy of a document, its file still to fetch for the preview: after
 * the step lists the application's documents, and after one is reused from another application.
 */
export function heldOnServer(d: {
  file_name: string;
  mime_type: string;
  uploaded_at: string;
  file_url: string;
}): SlotState {
  return {
    ...IDLE,
    status: 'pending',
    file_name: d.file_name,
    mime_type: d.mime_type,
    uploaded_at: d.uploaded_at,
    original_file_key: d.file_url,
  };
}

/** Under a held document the bank would refuse for its age; the submit refuses it too (ADR 026). */
export const TOO_OLD_NOTE = `Uploaded more than ${REUSABLE_DOCUMENT_MAX_AGE_DAYS} days ago: the bank needs a current one. Remove it and upload a new file.`;
/** The same on the review, which cannot replace a file: its 'Back' leads to the KYC step. */
export const TOO_OLD_REVIEW_NOTE = `Uploaded more than ${REUSABLE_DOCUMENT_MAX_AGE_DAYS} days ago: the bank needs a current one. Go back to the documents step to replace it.`;

/**
 * A document the server holds that is too old to submit: said on its slot, as the final submit
 * would otherwise refuse it only at the last step. A file chosen and not sent yet is new.
 */
export const isTooOldToSubmit = (slot: SlotState, now = new Date()): boolean =>
  !slot.needs_upload && slot.uploaded_at !== null && isDocumentTooOld(slot.uploaded_at, now);

export const ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};
export const MAX_BYTES = MAX_DOCUMENT_BYTES;

/** Spec §5: enabled only when every required slot is pending or success, nothing submits, no slot errs. */
export function canSubmitDocuments(slots: Record<SlotType, SlotState>, submitting: boolean): boolean {
  // One reading of what is missing: the hint under the button says it in words.
  return !submitting && documentsHint(slots) === null;
}

/**
 * Why 'Submit Documents' is disabled, in words, or null when it is not (or a submission is on its
 * way): the other steps' disabled button said what was still empty, this one said nothing.
 */
export function documentsHint(slots: Record<SlotType, SlotState>): string | null {
  const refused = KYC_SLOTS.filter((s) => slots[s.type].status === 'error').map((s) => s.label);
  if (refused.length) return `To continue, replace or remove the file refused for: ${refused.join(', ')}.`;
  const missing = KYC_SLOTS.filter(
    (s) => s.required && slots[s.type].status !== 'pending' && slots[s.type].status !== 'success',
  ).map((s) => s.label);
  return missing.length ? `To continue, add: ${missing.join(', ')}.` : null;
}

/** A file chosen in the slot and not sent yet: only this page holds it (a File cannot be stored). */
export const isChosenNotSent = (slot: SlotState): boolean => slot.needs_upload && slot.file !== null;

/** The KYC step's chosen and unsent files, which the wizard keeps while another step shows. */
export interface ChosenDocuments {
  /** The application they were chosen for: never shown in another one's step. */
  applicationId: string;
  slots: Partial<Record<SlotType, SlotState>>;
}

/** The slots' chosen and unsent files, or null when there are none. */
export function chosenDocumentsOf(
  applicationId: string,
  slots: Record<SlotType, SlotState>,
): ChosenDocuments | null {
  const chosen = KYC_SLOTS.filter((s) => isChosenNotSent(slots[s.type])).map(
    (s) => [s.type, { ...slots[s.type], previewUrl: null }] as const,
  );
  return chosen.length ? { applicationId, slots: Object.fromEntries(chosen) } : null;
}

const TEXT_EXTENSIONS = ['txt', 'csv', 'json', 'log', 'md'];
const OFFICE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'];

/** Which preview a file gets (spec §2): image, pdf, text, office, or none. */
export function previewKind(
  name: string | null,
  mime: string | null,
): 'image' | 'pdf' | 'text' | 'office' | 'none' {
  const ext = (name ?? '').toLowerCase().split('.').pop() ?? '';
  const type = (mime ?? '').toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (type.startsWith('text/') || TEXT_EXTENSIONS.includes(ext) || type === 'application/json') return 'text';
  if (OFFICE_EXTENSIONS.includes(ext)) return 'office';
  return 'none';
}

/**
 * The offer of a document from another of the applicant's applications (ADR 026), as its button
 * says it: 'Use the PAN card you uploaded for HDFC Bank Millennia Credit Card on 3 Dec 2026'.
 */
export function reuseOfferText(type: SlotType, offer: ReusableDocument): string {
  const where = offer.card_name ?? `your application ${offer.from_reference_id}`;
  return `Use ${documentInSentence(type, 'the')} you uploaded for ${where} on ${formatDayInIndia(offer.uploaded_at)}`;
}
