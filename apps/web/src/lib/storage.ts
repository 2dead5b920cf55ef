/**
 * Browser storage, behind small helpers: storage can throw (private mode, quota,
 * disabled cookies) and a broken storage must never break a page.
 */

/** Spec §9 storage keys. Auth keys are shared with the accounts issue. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  applicationId: 'application_id',
  referenceId: 'reference_id',
  language: 'cardwise:language',
} as const;

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice lasts for this page view only.
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing stored we could remove.
  }
}

/** Per-tenant key: one browser can visit several white-label sites on one origin (`/t/{slug}`). */
export function tenantKey(tenant: string, name: string): string {
  return `cardwise:${tenant}:${name}`;
}
