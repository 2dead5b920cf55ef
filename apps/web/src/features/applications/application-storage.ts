import type { Application, CardDetail } from '@cardwise/contracts';
import { clearApplicationDraft, DRAFT_KEY, DRAFT_SESSION_KEYS } from '../../lib/application-draft.ts';
import { readStorage, STORAGE_KEYS, sessionKey, writeStorage } from '../../lib/storage.ts';

/**
 * The browser's copy of the application (application spec §3, §9): local storage holds
 * application_id, reference_id and the draft application; session storage holds the
 * current card, the cached application state (with a timestamp) and one entry per
 * document. A reload of any wizard page resumes from these and the server.
 */

export { DRAFT_KEY };

const SESSION_KEYS = DRAFT_SESSION_KEYS;

export interface StoredApplication {
  reference_id: string;
  application_id: number | string;
  card_id: string;
  status: string;
  current_step: string;
  created_at: string;
  updated_at: string;
  is_new: boolean;
  application_data: Record<string, Record<string, unknown> | unknown[]>;
  card_details?: CardDetail | null;
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function isEmpty(section: unknown): boolean {
  if (section === null || section === undefined) return true;
  if (Array.isArray(section)) return section.length === 0;
  return typeof section === 'object' && Object.keys(section as object).length === 0;
}

/**
 * The stored draft: read only on paths containing /apply/; a nested application_data
 * wrapper is flattened once; empty sections are dropped; defaults filled in.
 */
export function readStoredApplication(
  pathname = globalThis.location?.pathname ?? '',
): StoredApplication | null {
  if (!pathname.includes('/apply/')) return null;
  const raw = readJson(readStorage(sessionKey(DRAFT_KEY)));
  if (!raw || typeof raw !== 'object') return null;
  const app = raw as Partial<StoredApplication> & { application_data?: Record<string, unknown> };
  let data = (app.application_data ?? {}) as Record<string, unknown>;
  if (data.application_data && typeof data.application_data === 'object') {
    const { application_data: inner, ...rest } = data;
    data = { ...rest, ...(inner as Record<string, unknown>) };
  }
  // The old kyc_documents key moves to document_upload (spec §7).
  if (data.kyc_documents !== undefined && data.document_upload === undefined) {
    data.document_upload = data.kyc_documents;
  }
  delete data.kyc_documents;
  const sections: StoredApplication['application_data'] = {};
  for (const [k, v] of Object.entries(data)) {
    if (!isEmpty(v)) sections[k] = v as Record<string, unknown>;
  }
  return {
    reference_id: app.reference_id ?? readStorage(sessionKey(STORAGE_KEYS.referenceId)) ?? '',
    application_id: app.application_id ?? readStorage(sessionKey(STORAGE_KEYS.applicationId)) ?? '',
    card_id: app.card_id ?? '1',
    status: app.status ?? 'draft',
    current_step: app.current_step ?? 'personal_details',
    created_at: app.created_at ?? '',
    updated_at: app.updated_at ?? '',
    is_new: app.is_new ?? true,
    application_data: sections,
    card_details: app.card_details ?? null,
  };
}

/**
 * The stored draft when it is this application's: the browser keeps one draft, and a draft of
 * another application (another card, or another person's on a shared browser) must never fill
 * this one's form.
 */
export function storedDraftOf(
  app: Pick<Application, 'id' | 'reference_id'> | undefined,
  pathname?: string,
): StoredApplication | null {
  const stored = readStoredApplication(pathname);
  if (!stored || !app) return null;
  const same = String(stored.application_id) === String(app.id) || stored.reference_id === app.reference_id;
  return same ? stored : null;
}

/** Keep the browser's copy in step with the server's answer (snake_case keys throughout). */
export function storeApplication(app: Application, isNew?: boolean): void {
  const previous = readJson(readStorage(sessionKey(DRAFT_KEY))) as Partial<StoredApplication> | null;
  const data: StoredApplication['application_data'] = {};
  if (app.application_data.personal_details) data.personal_details = app.application_data.personal_details;
  if (app.application_data.employment_details) {
    const { salary: _salary, ...employment } = app.application_data.employment_details as Record<
      string,
      unknown
    >;
    data.employment_details = employment;
  }
  if (app.application_data.kyc_documents.length) {
    data.document_upload = app.application_data.kyc_documents.map((d) => ({
      type: d.document_type,
      file_name: d.file_name,
      mime_type: d.mime_type,
      file_size: d.file_size,
      uploaded_at: d.uploaded_at,
      status: 'uploaded',
    }));
  }
  const stored: StoredApplication = {
    reference_id: app.reference_id,
    application_id: app.id,
    card_id: app.card,
    status: app.status,
    current_step: app.current_step,
    created_at: app.created_at,
    updated_at: app.updated_at,
    is_new: isNew ?? previous?.is_new ?? true,
    application_data: data,
    card_details: app.card_details,
  };
  writeStorage(sessionKey(DRAFT_KEY), JSON.stringify(stored));
  writeStorage(sessionKey(STORAGE_KEYS.applicationId), String(app.id));
  writeStorage(sessionKey(STORAGE_KEYS.referenceId), app.reference_id);
  try {
    session()?.setItem(
      SESSION_KEYS.applicationState,
      JSON.stringify({ data: stored, timestamp: Date.now() }),
    );
  } catch {
    // Session storage full or disabled: the server still has everything.
  }
}

/** Spec §3: the numeric application id in local storage (required before a step is submitted). */
export function storedApplicationId(): string | null {
  const id = readStorage(sessionKey(STORAGE_KEYS.applicationId));
  return id && /^\d+$/.test(id) ? id : null;
}

export function storedReferenceId(): string | null {
  return readStorage(sessionKey(STORAGE_KEYS.referenceId));
}

export function rememberCard(card: CardDetail): void {
  try {
    session()?.setItem(SESSION_KEYS.currentCard, JSON.stringify(card));
  } catch {
    // Nothing to do: the card is fetched again when needed.
  }
}

export interface StoredDocumentMeta {
  name: string;
  size: number;
  type: string;
  preview: string | null;
  lastModified: number;
  uploaded: boolean;
  timestamp: number;
}

export function rememberDocument(docType: string, meta: StoredDocumentMeta | null): void {
  try {
    if (meta) session()?.setItem(SESSION_KEYS.document(docType), JSON.stringify(meta));
    else session()?.removeItem(SESSION_KEYS.document(docType));
  } catch {
    // Best effort.
  }
}

/**
 * Spec §4: after the final submission the local draft, application id and reference id go. The
 * same removal runs whenever the session ends (lib/session.ts's clearSession).
 */
export const clearStoredApplication = clearApplicationDraft;
