import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { jsonResponse, Providers, signInForTest, tenantState } from '../../test/fixtures.tsx';
import { stubProfileAccount } from '../../test/profile-page.tsx';
import { CompanyNameContext, TenantContext } from '../tenant/tenant-context.ts';
import ProfilePage from './profile-page.tsx';
import SettingsPage from './settings-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The account API of a signed-in Meera whose profile keeps the language last saved. */
const stubAccount = () => stubProfileAccount({});

const renderSettings = () =>
  render(
    <MemoryRouter>
      <Providers>
        <SettingsPage />
      </Providers>
    </MemoryRouter>,
  );

describe('/settings', () => {
  it('asks for each password field left empty instead of calling the new one too short', async () => {
    stubAccount();
    signInForTest();
    renderSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('Enter a new password.')).toBeTruthy();
    expect(screen.getByText('Confirm your new password.')).toBeTruthy();
    expect(screen.queryByText(/too short/)).toBeNull();
  });

  it("takes the server's last answer away at the next attempt: a corrected password was still called incorrect", async () => {
    stubAccount();
    const answered = vi.fn(async () => jsonResponse({ detail: 'Your current password is incorrect.' }, 400));
    const others = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('password/change') ? answered() : others(input, init),
    );
    signInForTest();
    renderSettings();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'Wrong-pass-2026!');
    await user.type(screen.getByLabelText('New password'), 'Brand-new-pass-2026!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand-new-pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeTruthy();
    expect(answered).toHaveBeenCalledTimes(1);
    // Corrected, with a confirmation that no longer matches: only that is said, nothing is sent.
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Right-pass-2026!');
    await user.type(screen.getByLabelText('Confirm new password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('Your current password is incorrect.')).toBeNull();
    expect(answered).toHaveBeenCalledTimes(1);
  });

  it("names its theme and language selects by their labels (an id shared with the panel's heading took the label)", () => {
    stubAccount();
    signInForTest();
    renderSettings();
    expect(screen.getByLabelText('Page language').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Theme', { selector: 'select' }).tagName).toBe('SELECT');
    expect(screen.getByRole('region', { name: 'Language' })).toBeTruthy();
    expect(new Set([...document.querySelectorAll('[id]')].map((e) => e.id)).size).toBe(
      document.querySelectorAll('[id]').length,
    );
  });

  it('a language saved here is the one /profile then shows, without waiting for its copy to go stale', async () => {
    const saved = stubAccount();
    signInForTest();
    // One app, one query cache: the profile is read first, then the language changed in settings.
    function App() {
      const [page, setPage] = useState<'profile' | 'settings'>('profile');
      return (
        <>
          <button type="button" onClick={() => setPage(page === 'profile' ? 'settings' : 'profile')}>
            switch page
          </button>
          {page === 'profile' ? <ProfilePage /> : <SettingsPage />}
        </>
      );
    }
    // The app's own query client: profile data stays fresh for 5 minutes, so a page shown
    // again reads the cache instead of the server.
    const tenant = tenantState();
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient()}>
          <TenantContext.Provider value={tenant}>
            <CompanyNameContext.Provider value={tenant.companyName}>
              <App />
            </CompanyNameContext.Provider>
          </TenantContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    expect((await screen.findByLabelText<HTMLSelectElement>('Preferred language')).value).toBe('en');
    await user.click(screen.getByRole('button', { name: 'switch page' }));
    const select = document.querySelector<HTMLSelectElement>('select#settings-language');
    if (!select) throw new Error('no language select');
    await user.selectOptions(select, 'hi');
    await waitFor(() => expect(saved).toEqual([{ language_selected: 'hi' }]));
    await user.click(screen.getByRole('button', { name: 'switch page' }));
    await waitFor(async () =>
      expect((await screen.findByLabelText<HTMLSelectElement>('Preferred language')).value).toBe('hi'),
    );
  });
});
