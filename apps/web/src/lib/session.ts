import { clearApplicationDraft, clearDraftWhenSessionEndsElsewhere } from './application-draft.ts';
import { readStorage, removeStorage, removeStorageWithPrefix, STORAGE_KEYS, sessionKey } from './storage.ts';

/** What the header needs of the stored user record (spec §3 "User session"). */
export interface StoredUser {
  id?: string | number;
  email?: string;
  name?: string;
}

/**
 * Spec §4: a session is restored only when both a stored user record and an
 * access token exist. The accounts issue writes these; the shell only reads them.
 */
export function readSession(): StoredUser | null {
  const token = readStorage(sessionKey(STORAGE_KEYS.accessToken));
  const raw = readStorage(sessionKey(STORAGE_KEYS.user));
  if (!token || !raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    if (!user || typeof user !== 'object') return null;
    const record = user as Record<string, unknown>;
    return {
      id: typeof record.id === 'string' || typeof record.id === 'number' ? record.id : undefined,
      email: typeof record.email === 'string' ? record.email : undefined,
      name: typeof record.name === 'string' ? record.name : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * Spec §4: logout clears user, access and refresh. Every end of a session comes here (logout,
 * a renewal the server refused, a half session tidied away at start-up), and the browser's copy
 * of an application draft, personal data included, goes with it (lib/application-draft.ts), as
 * do the cashback references a proof was still to follow: the next person on the device was
 * offered the last one's reference and customer type, and its upload could only fail.
 */
export function clearSession(): void {
  removeStorage(sessionKey(STORAGE_KEYS.user));
  removeStorage(sessionKey(STORAGE_KEYS.accessToken));
  removeStorage(sessionKey(STORAGE_KEYS.refreshToken));
  clearApplicationDraft();
  removeStorageWithPrefix(sessionKey(STORAGE_KEYS.pendingClaimPrefix));
  window.dispatchEvent(new Event(SESSION_EVENT));
}

// A session ended in another tab: this tab's session-storage copies of the draft go too.
if (typeof window !== 'undefined') window.addEventListener('storage', clearDraftWhenSessionEndsElsewhere);

/** Fired when this tab changes the session (the `storage` event covers other tabs). */
export const SESSION_EVENT = 'cardwise:session';
