import {
  ACCOUNT_MESSAGES,
  type AccountNotification,
  type AccountPreferences,
  type AccountPreferencesResponse,
  type AccountSpendingEntry,
  type AccountSpendingEntryInput,
  type AccountUser,
  type ApplicationSummary,
  accountPreferencesResponseSchema,
  accountSpendingEntryResponseSchema,
  accountUserSchema,
  applicationSummariesSchema,
  type ChangePasswordRequest,
  type LoginRequest,
  notificationSchema,
  type PasswordResetConfirm,
  type PasswordResetConfirmResponse,
  type PasswordResetRequest,
  type Profile,
  type ProfileUpdate,
  passwordResetConfirmResponseSchema,
  profileSchema,
  type ReferredUser,
  referredUserSchema,
  type SavedPreferencesResponse,
  type SignupRequest,
  type SignupResponse,
  savedPreferencesResponseSchema,
  signupResponseSchema,
} from '@cardwise/contracts';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { readStorage, STORAGE_KEYS, sessionKey } from '../../lib/storage.ts';
import { clearSession, type SignedIn, saveSession } from './session-store.ts';

/** Query keys of the signed-in user's data; all of it is dropped on sign-out. */
export const accountKeys = {
  all: ['accounts'] as const,
  profile: ['accounts', 'profile'] as const,
  user: ['accounts', 'user'] as const,
  preferences: ['accounts', 'preferences'] as const,
  spendingEntries: ['accounts', 'spending-entries'] as const,
  applications: ['accounts', 'applications'] as const,
  cashbackClaims: ['accounts', 'cashback-claims'] as const,
  referredUsers: ['accounts', 'referred-users'] as const,
  notifications: ['accounts', 'notifications'] as const,
};

const detailSchema = z.object({ detail: z.string() });

export const INVALID_LOGIN_RESPONSE = ACCOUNT_MESSAGES.invalidResponse;

/**
 * POST accounts/login. Spec §5: an answer without an access token is an error,
 * 'Invalid response from server'. On success the session is stored.
 */
export async function login(body: LoginRequest): Promise<SignedIn> {
  const data = await apiRequest('accounts/login/', z.unknown(), { method: 'POST', body });
  const answer = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (typeof answer.access !== 'string' || !answer.access) {
    throw new ApiError('parse', 'Error', INVALID_LOGIN_RESPONSE, 200);
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
  const signedIn: SignedIn = {
    access: answer.access,
    refresh: str(answer.refresh),
    user_id: str(answer.user_id),
    email: str(answer.email),
    name: str(answer.name),
  };
  saveSession(signedIn);
  return signedIn;
}

export function signup(body: SignupRequest): Promise<SignupResponse> {
  return apiRequest('accounts/signup/', signupResponseSchema, { method: 'POST', body });
}

/**
 * POST accounts/logout, then spec §4: clear user, access and refresh. The local session
 * ends even when the server cannot be reached (logout must always work on this device).
 * clearSession takes the browser's copy of an application draft (PAN, date of birth, address)
 * too, as every end of a session does: the next person on a shared browser must not find it.
 */
export async function logout(options: { everywhere?: boolean } = {}): Promise<void> {
  const refresh = readStorage(sessionKey(STORAGE_KEYS.refreshToken)) ?? undefined;
  try {
    await apiRequest('accounts/logout/', detailSchema, {
      method: 'POST',
      body: { refresh, everywhere: options.everywhere ?? false },
    });
  } catch (error) {
    if (options.everywhere) {
      clearSession();
      throw error;
    }
  }
  clearSession();
}

export function fetchProfile(): Promise<Profile> {
  return apiRequest('accounts/profile/', profileSchema);
}

export function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return apiRequest('accounts/user/update/', profileSchema, { method: 'PATCH', body });
}

export function fetchUser(): Promise<AccountUser> {
  return apiRequest('accounts/user/', accountUserSchema);
}

export function changePassword(body: ChangePasswordRequest): Promise<{ detail: string }> {
  return apiRequest('accounts/password/change/', detailSchema, { method: 'POST', body });
}

/** POST accounts/password-reset/request: the same answer whether or not the email has an account. */
export function requestPasswordReset(body: PasswordResetRequest): Promise<{ detail: string }> {
  return apiRequest('accounts/password-reset/request/', detailSchema, { method: 'POST', body });
}

/** POST accounts/password-reset/confirm: the link's token and the new password, typed twice. */
export function confirmPasswordReset(body: PasswordResetConfirm): Promise<PasswordResetConfirmResponse> {
  return apiRequest('accounts/password-reset/confirm/', passwordResetConfirmResponseSchema, {
    method: 'POST',
    body,
  });
}

/**
 * Card preferences of the signed-in user (home page); defaults when never saved. The answer's
 * `unofferedCards` names the saved cards this site no longer offers.
 */
export function fetchPreferences(): Promise<AccountPreferencesResponse> {
  return apiRequest('accounts/preferences/', accountPreferencesResponseSchema);
}

/** Saves the four lists and count (the body is strict: `unofferedCards` is the answer's, not sent). */
export function savePreferences(prefs: AccountPreferences): Promise<SavedPreferencesResponse> {
  const body: AccountPreferences = {
    compareCards: prefs.compareCards,
    excludeCards: prefs.excludeCards,
    ownedCards: prefs.ownedCards,
    desiredCardCount: prefs.desiredCardCount,
  };
  // Preferences saved before the server refused a card in two lists (ADR 015) may name an owned
  // card among those compared or excluded: it is owned, and left there it made every save a 400.
  const owned = new Set(body.ownedCards);
  const settled = {
    ...body,
    compareCards: body.compareCards.filter((id) => !owned.has(id)),
    excludeCards: body.excludeCards.filter((id) => !owned.has(id)),
  };
  return apiRequest('accounts/preferences/', savedPreferencesResponseSchema, {
    method: 'PUT',
    body: settled,
  });
}

/** The signed-in user's saved spending entries (home page). */
export function fetchSpendingEntries(): Promise<AccountSpendingEntry[]> {
  return apiRequest('accounts/spending-entries/', z.array(accountSpendingEntryResponseSchema));
}

export function saveSpendingEntries(entries: AccountSpendingEntryInput[]): Promise<AccountSpendingEntry[]> {
  return apiRequest('accounts/spending-entries/', z.array(accountSpendingEntryResponseSchema), {
    method: 'PUT',
    body: entries,
  });
}

/** The signed-in user's card applications, one line each, most recently changed first (/profile). */
export function fetchMyApplications(): Promise<ApplicationSummary[]> {
  return apiRequest('accounts/applications/', applicationSummariesSchema);
}

/** People who signed up with my referral code, newest first (their emails come masked). */
export function fetchReferredUsers(): Promise<ReferredUser[]> {
  return apiRequest('accounts/referred-users/', z.array(referredUserSchema));
}

/** My notifications, newest first (the server keeps the latest 100). */
export function fetchNotifications(): Promise<AccountNotification[]> {
  return apiRequest('accounts/notifications/', z.array(notificationSchema));
}

export function markNotificationRead(id: string): Promise<{ detail: string }> {
  return apiRequest(`accounts/notifications/${encodeURIComponent(id)}/read/`, detailSchema, {
    method: 'POST',
  });
}
