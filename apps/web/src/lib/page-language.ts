import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type LanguageCode,
  languageName,
} from '@cardwise/contracts/languages';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../features/layout/use-session.ts';
import { describeError } from './api-errors.ts';
import { notify, notifyFailure } from './notify.ts';
import { readSession, type StoredUser } from './session.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/*
 * The page language (platform spec §1, ADR 014): one setting, shown and changed by the header's
 * picker, the Settings page and the profile's 'Preferred language'. They used to keep three
 * copies that disagreed; now each reads this store and writes through `choosePageLanguage`.
 * The device's choice lives in local storage (a signed-out visitor has nowhere else); a
 * signed-in user's is also the profile's `language_selected`, which wins at sign-in.
 *
 * The account calls are imported on demand: the header's picker uses this module, and its chunk
 * should not carry the contracts' schemas for a call most visitors never make.
 */

const CHANGE_EVENT = 'cardwise:page-language';

// Where storage is unavailable (private mode, disabled), the choice still holds for this page view.
let inMemory: LanguageCode | null = null;

export function currentPageLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  return inMemory ?? DEFAULT_LANGUAGE;
}

/** Shows `code` everywhere on this device, without saving it anywhere else. */
export function showPageLanguage(code: LanguageCode): void {
  inMemory = code;
  writeStorage(STORAGE_KEYS.language, code);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // `storage`: another tab chose a language; CHANGE_EVENT: this tab did.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.language || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const accountsApi = () => import('../features/accounts/accounts-api.ts');

// Saves go one after another: two quick choices sent at once could be answered out of order,
// leaving the profile with the first while the page shows the second.
let lastSave: Promise<unknown> = Promise.resolve();
function inOrder<T>(save: () => Promise<T>): Promise<T> {
  const next = lastSave.then(save, save);
  lastSave = next.catch(() => undefined);
  return next;
}

/**
 * Shows the new language at once and, for a signed-in user, saves it to the profile. A save the
 * server refused takes the shown language back (unless another choice came meanwhile): the
 * controls must not show a setting the account does not have. Resolves true when it stuck.
 */
export async function choosePageLanguage(code: LanguageCode, queryClient: QueryClient): Promise<boolean> {
  const previous = currentPageLanguage();
  if (code === previous) return true;
  showPageLanguage(code);
  if (readSession()) {
    try {
      const { accountKeys, updateProfile } = await accountsApi();
      const profile = await inOrder(() => updateProfile({ language_selected: code }));
      // The answer is the whole profile: /profile's copy stays fresh for 5 minutes otherwise.
      queryClient.setQueryData(accountKeys.profile, profile);
    } catch (error) {
      if (currentPageLanguage() === code) showPageLanguage(previous);
      notifyFailure('Language not saved', describeError(error).message);
      return false;
    }
  }
  notify(
    'Language saved',
    code === 'en'
      ? 'English is your page language.'
      : `Pages are in English for now; ${languageName(code)} will be used once translation is available.`,
  );
  return true;
}

/** The page language and the one way to change it, for every control that shows it. */
export function usePageLanguage(): {
  language: LanguageCode;
  setLanguage: (code: string) => Promise<boolean>;
} {
  const language = useSyncExternalStore(subscribe, currentPageLanguage, () => DEFAULT_LANGUAGE);
  const queryClient = useQueryClient();
  const setLanguage = useCallback(
    (code: string) => (isLanguageCode(code) ? choosePageLanguage(code, queryClient) : Promise.resolve(false)),
    [queryClient],
  );
  return { language, setLanguage };
}

function sessionIdentity(user: StoredUser | null): string | null {
  return user ? String(user.id ?? user.email ?? '') : null;
}

// Whose sign-in this page view has matched with the profile. Undefined until the header first
// looks: a session found then began in an earlier page view, whose sign-in did the matching.
let syncedFor: string | null | undefined;

/**
 * At sign-in, the profile's saved language becomes the page's; a profile that has none gets the
 * device's current choice. A language chosen while the profile was on its way is the user's
 * latest word and is left alone (it is being saved already). A failure changes nothing: the
 * device's choice stays, and the next sign-in tries again.
 */
export async function syncPageLanguageWithProfile(queryClient: QueryClient): Promise<void> {
  const who = sessionIdentity(readSession());
  if (who === null) return;
  const before = currentPageLanguage();
  try {
    const { accountKeys, fetchProfile, updateProfile } = await accountsApi();
    const profile = await fetchProfile();
    if (sessionIdentity(readSession()) !== who) return;
    queryClient.setQueryData(accountKeys.profile, profile);
    if (currentPageLanguage() !== before) return;
    if (profile.language_selected) {
      showPageLanguage(profile.language_selected);
    } else {
      queryClient.setQueryData(accountKeys.profile, await updateProfile({ language_selected: before }));
    }
  } catch (error) {
    console.warn('The page language was not matched with the profile', error);
  }
}

/**
 * Mounted once, beside the header's picker: runs the sync above when someone signs in, in this tab
 * or another (the session arrives by the storage event).
 */
export function usePageLanguageSync(): void {
  const who = sessionIdentity(useSession());
  const queryClient = useQueryClient();
  useEffect(() => {
    // Not on every page load of a standing session: each change since its sign-in was saved, and
    // the profile would be read once more per page for nothing.
    if (syncedFor === undefined || who === null) {
      syncedFor = who;
      return;
    }
    if (syncedFor === who) return;
    syncedFor = who;
    void syncPageLanguageWithProfile(queryClient);
  }, [who, queryClient]);
}

/** For tests: forget which sign-in was synced, as a new page view would. */
export function resetPageLanguageSyncForTest(): void {
  syncedFor = undefined;
  inMemory = null;
}
