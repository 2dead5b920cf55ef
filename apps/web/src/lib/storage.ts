/**
 * Browser storage, behind small helpers: storage can throw (private mode, quota,
 * disabled cookies) and a broken storage must never break a page.
 */
import { pageTenant } from './tenant.ts';

/**
 * Spec §9 storage keys. The session's and the application's are per tenant where tenants
 * share an origin (`sessionKey`); the language choice is the browser's.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  applicationId: 'application_id',
  referenceId: 'reference_id',
  language: 'cardwise:language',
  /** One per card: the cashback reference a proof still has to follow (referrals-api.ts). */
  pendingClaimPrefix: 'cashback_pending:',
} as const;

/**
 * The key of a session or application value for this page's tenant. Tenants under a
 * `/t/{slug}` prefix share one origin, hence one localStorage, and the server refuses one
 * tenant's tokens on another's routes: with the spec's bare names, opening a second partner's
 * pages signed the user out of the first (its refresh failed and cleared the shared keys).
 * Those tenants get `cardwise:{slug}:{name}`; a tenant with its own host (and the product's
 * own) keeps the spec's bare names, alone on its origin anyway.
 */
export function sessionKey(name: string): string {
  const tenant = pageTenant();
  return tenant.source === 'path' && tenant.slug ? tenantKey(tenant.slug, name) : name;
}

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

/** Every key starting with `prefix` in `store` (local storage unless given), best effort. */
export function removeStorageWithPrefix(prefix: string, store?: Storage | null): void {
  try {
    const target = store === undefined ? globalThis.localStorage : store;
    if (!target) return;
    for (const key of Object.keys(target)) if (key.startsWith(prefix)) target.removeItem(key);
  } catch {
    // Nothing stored we could remove.
  }
}

/** Per-tenant key: one browser can visit several white-label sites on one origin (`/t/{slug}`). */
export function tenantKey(tenant: string, name: string): string {
  return `cardwise:${tenant}:${name}`;
}
