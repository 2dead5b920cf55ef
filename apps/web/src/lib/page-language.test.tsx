import type { Profile } from '@cardwise/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from '../features/accounts/profile-page.tsx';
import SettingsPage from '../features/accounts/settings-page.tsx';
import { LanguagePicker } from '../features/layout/language-picker.tsx';
import { CompanyNameContext, TenantContext } from '../features/tenant/tenant-context.ts';
import { jsonResponse, profileFixture, signInForTest, tenantState } from '../test/fixtures.tsx';
import { notifyFailure } from './notify.ts';
import { resetPageLanguageSyncForTest } from './page-language.ts';
import { createQueryClient } from './query-client.ts';
import { clearSession } from './session.ts';

vi.mock('./notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./notify.ts')>()),
  notify: vi.fn(),
  notifyFailure: vi.fn(),
}));

beforeEach(() => resetPageLanguageSyncForTest());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notifyFailure).mockClear();
  localStorage.clear();
});

/**
 * The account API of a signed-in Meera. `failSaves`: the profile update answers 500.
 * Returns the bodies of the profile updates and a counter of profile reads.
 */
function stubAccount(options: { saved?: Partial<Profile>; failSaves?: boolean } = {}) {
  let profile = profileFixture(options.saved);
  const saves: unknown[] = [];
  const reads = { profile: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.startsWith('/api/accounts/user/update') && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        saves.push(body);
        if (options.failSaves) return jsonResponse({ detail: 'The database is unavailable.' }, 500);
        profile = profileFixture({ ...options.saved, ...body });
        return jsonResponse(profile);
      }
      if (path.startsWith('/api/accounts/profile')) {
        reads.profile += 1;
        return jsonResponse(profile);
      }
      if (path.startsWith('/api/cards')) return jsonResponse([]);
      if (path.startsWith('/api/accounts/')) return jsonResponse([]);
      throw new Error(`unexpected ${path}`);
    }),
  );
  return { saves, reads };
}

/** The header's picker, Settings and /profile on one screen, sharing the app's query cache. */
function renderAll({ profile = true }: { profile?: boolean } = {}) {
  const tenant = tenantState();
  return render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <TenantContext.Provider value={tenant}>
          <CompanyNameContext.Provider value={tenant.companyName}>
            <LanguagePicker />
            <SettingsPage />
            {profile ? <ProfilePage /> : null}
          </CompanyNameContext.Provider>
        </TenantContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const settingsSelect = () => {
  const select = document.querySelector<HTMLSelectElement>('select#settings-language');
  if (!select) throw new Error('no Settings language select');
  return select;
};
const profileSelect = () => screen.findByLabelText<HTMLSelectElement>('Preferred language');
const pickerLabel = () => screen.getByRole('button', { name: /^Page language:/ }).getAttribute('aria-label');

describe('one page-language setting', () => {
  it('a language chosen in Settings shows at once in the header and the profile, and is saved once', async () => {
    const { saves } = stubAccount({ saved: { language_selected: 'en' } });
    signInForTest();
    renderAll();
    const user = userEvent.setup();
    await profileSelect();
    await user.selectOptions(settingsSelect(), 'hi');
    expect(pickerLabel()).toBe('Page language: Hindi');
    expect((await profileSelect()).value).toBe('hi');
    await waitFor(() => expect(saves).toEqual([{ language_selected: 'hi' }]));
    expect(localStorage.getItem('cardwise:language')).toBe('hi');
  });

  it("the profile's 'Preferred language' changes the header's and Settings' too, without the section's Save", async () => {
    const { saves } = stubAccount({ saved: { language_selected: 'en' } });
    signInForTest();
    renderAll();
    const user = userEvent.setup();
    await user.selectOptions(await profileSelect(), 'ta');
    expect(settingsSelect().value).toBe('ta');
    expect(pickerLabel()).toBe('Page language: Tamil');
    await waitFor(() => expect(saves).toEqual([{ language_selected: 'ta' }]));
  });

  it("a save the server refuses puts the shown language back and says 'Language not saved'", async () => {
    const { saves } = stubAccount({ saved: { language_selected: 'en' }, failSaves: true });
    signInForTest();
    renderAll();
    const user = userEvent.setup();
    await profileSelect();
    await user.selectOptions(settingsSelect(), 'bn');
    await waitFor(() => expect(saves).toEqual([{ language_selected: 'bn' }]));
    await waitFor(() => expect(settingsSelect().value).toBe('en'));
    expect((await profileSelect()).value).toBe('en');
    expect(pickerLabel()).toBe('Page language: English');
    expect(localStorage.getItem('cardwise:language')).toBe('en');
    expect(notifyFailure).toHaveBeenCalledWith('Language not saved', expect.any(String));
  });

  it('two quick choices are saved in the order made, whatever order the server would answer in', async () => {
    stubAccount({ saved: { language_selected: 'en' } });
    const landed: string[] = [];
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH') {
        const code = JSON.parse(String(init.body)).language_selected as string;
        // The first choice's save is slow: sent together, it would land last.
        await new Promise((resolve) => setTimeout(resolve, code === 'hi' ? 80 : 5));
        landed.push(code);
      }
      return answer(input, init);
    });
    signInForTest();
    renderAll({ profile: false });
    const user = userEvent.setup();
    await user.selectOptions(settingsSelect(), 'hi');
    await user.selectOptions(settingsSelect(), 'ta');
    await waitFor(() => expect(landed).toEqual(['hi', 'ta']));
    expect(pickerLabel()).toBe('Page language: Tamil');
  });

  it('signed out, a choice stays on the device and calls nobody', async () => {
    const fetchSpy = vi.fn(async () => jsonResponse([]));
    vi.stubGlobal('fetch', fetchSpy);
    renderAll({ profile: false });
    const user = userEvent.setup();
    await user.selectOptions(settingsSelect(), 'ur');
    expect(pickerLabel()).toBe('Page language: Urdu');
    expect(localStorage.getItem('cardwise:language')).toBe('ur');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('at sign-in', () => {
  it("the profile's saved language replaces the device's", async () => {
    stubAccount({ saved: { language_selected: 'ta' } });
    localStorage.setItem('cardwise:language', 'hi');
    renderAll({ profile: false });
    expect(pickerLabel()).toBe('Page language: Hindi');
    act(() => signInForTest());
    await waitFor(() => expect(pickerLabel()).toBe('Page language: Tamil'));
    expect(settingsSelect().value).toBe('ta');
    expect(localStorage.getItem('cardwise:language')).toBe('ta');
  });

  it("a profile without a language is given the device's current one", async () => {
    const { saves } = stubAccount({ saved: { language_selected: null } });
    localStorage.setItem('cardwise:language', 'mr');
    renderAll({ profile: false });
    act(() => signInForTest());
    await waitFor(() => expect(saves).toEqual([{ language_selected: 'mr' }]));
    expect(pickerLabel()).toBe('Page language: Marathi');
  });

  it("a page opened with a session already standing keeps the device's language and reads no profile for it", async () => {
    const { reads } = stubAccount({ saved: { language_selected: 'ta' } });
    localStorage.setItem('cardwise:language', 'hi');
    signInForTest();
    renderAll({ profile: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.profile).toBe(0);
    expect(pickerLabel()).toBe('Page language: Hindi');
  });

  it('reads the profile once per sign-in, and again after signing out and in', async () => {
    const { reads } = stubAccount({ saved: { language_selected: 'gu' } });
    renderAll({ profile: false });
    act(() => signInForTest());
    await waitFor(() => expect(pickerLabel()).toBe('Page language: Gujarati'));
    expect(reads.profile).toBe(1);
    act(() => clearSession());
    const user = userEvent.setup();
    await user.selectOptions(settingsSelect(), 'pa');
    expect(pickerLabel()).toBe('Page language: Punjabi');
    act(() => signInForTest());
    await waitFor(() => expect(pickerLabel()).toBe('Page language: Gujarati'));
    expect(reads.profile).toBe(2);
  });
});
