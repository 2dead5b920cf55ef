/**
 * Where the browser keeps its copy of an application draft (application spec §3, §9), and its
 * removal. The draft holds the applicant's personal section (full PAN, date of birth, address,
 * mobile, email): it must not outlive the session it was made in, however that session ends
 * (logout, a refresh the server refused, a half session tidied away), or the next person on a
 * shared computer could read it. The server keeps every saved step, so nothing is lost.
 *
 * It lives here, beside the session (`session.ts`), because the end of a session is the shell's
 * business: the applications feature loads only with the wizard, and a session can end on any
 * page.
 */
import { readStorage, removeStorage, removeStorageWithPrefix, STORAGE_KEYS, sessionKey } from './storage.ts';

/** Local storage: the draft application (beside application_id and reference_id). */
export const DRAFT_KEY = 'application_draft';

/** Session storage: the current card, the cached application state and one entry per document. */
export const DRAFT_SESSION_KEYS = {
  currentCard: 'current_card',
  applicationState: 'application_state',
  document: (type: string) => `kyc_document_${type}`,
  /** What was typed into a step's form and not saved yet (a reload keeps it). */
  unsavedStep: (step: string) => `application_unsaved_${step}`,
} as const;

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * This tab's session-storage copies: the cached application state, the documents' entries and
 * the card being applied for (which card a person applied for is theirs, not the next user's).
 */
function clearTabCopies(): void {
  try {
    const s = tabStorage();
    if (!s) return;
    s.removeItem(DRAFT_SESSION_KEYS.applicationState);
    s.removeItem(DRAFT_SESSION_KEYS.currentCard);
    removeStorageWithPrefix(DRAFT_SESSION_KEYS.document(''), s);
    removeStorageWithPrefix(DRAFT_SESSION_KEYS.unsavedStep(''), s);
  } catch {
    // Best effort.
  }
}

/** The local draft, application id and reference id (spec §4), and this tab's copies. */
export function clearApplicationDraft(): void {
  removeStorage(sessionKey(DRAFT_KEY));
  removeStorage(sessionKey(STORAGE_KEYS.applicationId));
  removeStorage(sessionKey(STORAGE_KEYS.referenceId));
  clearTabCopies();
}

/**
 * Another tab ended the session: local storage, shared, is cleared already, but this tab's
 * session storage is its own. Called for each `storage` event.
 */
export function clearDraftWhenSessionEndsElsewhere(event: StorageEvent): void {
  if (event.storageArea !== null && event.storageArea !== globalThis.localStorage) return;
  const sessionGone =
    event.key === null ||
    ((event.key === sessionKey(STORAGE_KEYS.accessToken) || event.key === sessionKey(STORAGE_KEYS.user)) &&
      event.newValue === null);
  if (!sessionGone) return;
  // A draft left by this tab is gone from local storage with the session: remove ours too.
  if (readStorage(sessionKey(STORAGE_KEYS.accessToken)) === null) clearApplicationDraft();
}
