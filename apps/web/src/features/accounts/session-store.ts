import { clearSession, SESSION_EVENT } from '../../lib/session.ts';
import { readStorage, STORAGE_KEYS, sessionKey, writeStorage } from '../../lib/storage.ts';

/**
 * The stored session (spec §3 "User session": id, email, name, ownedCards, following,
 * access, refresh), written by sign-in and token refresh. Reading it (and the rule that a
 * session is restored only when a user record and an access token both exist) lives in
 * lib/session.ts, shared with the shell.
 *
 * This module stays free of zod and the contracts: the refresh handler that uses it is
 * part of the entry chunk.
 */

export interface SignedIn {
  access: string;
  refresh?: string | undefined;
  user_id?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
}

function announce(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** The stored user record of a sign-in's answer (its owned cards load from the server). */
export function storedUser(answer: SignedIn) {
  return {
    id: answer.user_id,
    email: answer.email,
    name: answer.name,
    ownedCards: [] as string[],
    following: [] as string[],
  };
}

export function saveSession(answer: SignedIn): void {
  writeStorage(sessionKey(STORAGE_KEYS.user), JSON.stringify(storedUser(answer)));
  writeStorage(sessionKey(STORAGE_KEYS.accessToken), answer.access);
  if (answer.refresh) writeStorage(sessionKey(STORAGE_KEYS.refreshToken), answer.refresh);
  announce();
}

export function storeTokens(access: string, refresh: string | undefined): void {
  writeStorage(sessionKey(STORAGE_KEYS.accessToken), access);
  if (refresh) writeStorage(sessionKey(STORAGE_KEYS.refreshToken), refresh);
}

/** Keep the header's name in step after a profile edit. */
export function updateStoredUser(patch: { name?: string }): void {
  const raw = readStorage(sessionKey(STORAGE_KEYS.user));
  if (!raw) return;
  try {
    const user = JSON.parse(raw) as Record<string, unknown>;
    writeStorage(sessionKey(STORAGE_KEYS.user), JSON.stringify({ ...user, ...patch }));
    announce();
  } catch {
    // A broken record is replaced at the next sign-in.
  }
}

/** Spec §4: a half session (user record without token, or the reverse) is not restored; tidy it away. */
export function dropHalfSession(): void {
  const hasUser = readStorage(sessionKey(STORAGE_KEYS.user)) !== null;
  const hasAccess = readStorage(sessionKey(STORAGE_KEYS.accessToken)) !== null;
  if (hasUser !== hasAccess) clearSession();
}

export { clearSession };
