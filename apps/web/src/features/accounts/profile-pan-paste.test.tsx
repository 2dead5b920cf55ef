import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, Providers, profileFixture, signInForTest } from '../../test/fixtures.tsx';
import ProfilePage from './profile-page.tsx';

/**
 * The profile's PAN is cleaned as the wizard's personal step, the referral dialog and the
 * generic form clean theirs (normalisePanInput): a pasted "abcde 1234 f" was kept as pasted, and
 * the save refused it for its pattern.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The account API of a signed-in Meera without a PAN; `updates` collects what was sent. */
function stubAccount() {
  const updates: Record<string, unknown>[] = [];
  let profile = profileFixture({ pan_number: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.startsWith('/api/accounts/user/update') && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        updates.push(body);
        profile = { ...profile, ...body } as typeof profile;
        return jsonResponse(profile);
      }
      if (path.startsWith('/api/accounts/profile')) return jsonResponse(profile);
      if (path.startsWith('/api/accounts/')) return jsonResponse([]);
      if (path.startsWith('/api/cards')) return jsonResponse([]);
      throw new Error(`unexpected ${path}`);
    }),
  );
  return updates;
}

async function renderIdentity() {
  signInForTest();
  render(
    <MemoryRouter>
      <Providers>
        <ProfilePage />
      </Providers>
    </MemoryRouter>,
  );
  const section = await screen.findByRole('region', { name: 'Identity (KYC)' });
  const pan = (await within(section).findByLabelText('PAN')) as HTMLInputElement;
  return { section, pan };
}

describe('/profile: PAN', () => {
  it.each(['abcde 1234 f', 'ABCDE 1234 F', 'abcde-1234-f'])(
    'a pasted %j becomes ABCDE1234F, keeps its last letter, and saves',
    async (pasted) => {
      const updates = stubAccount();
      const { section, pan } = await renderIdentity();
      const user = userEvent.setup();
      await user.click(pan);
      await user.paste(pasted);
      expect(pan.value).toBe('ABCDE1234F');
      expect(pan.selectionStart).toBe(10);
      await user.click(within(section).getByRole('button', { name: /^Save/ }));
      await waitFor(() => expect(updates).toEqual([{ pan_number: 'ABCDE1234F' }]));
      expect(within(section).queryByRole('alert')).toBeNull();
    },
  );

  it('keeps the caret where a correction is typed inside the value', async () => {
    stubAccount();
    const { pan } = await renderIdentity();
    const user = userEvent.setup();
    await user.click(pan);
    await user.paste('ABCE1234F');
    pan.setSelectionRange(3, 3);
    await user.keyboard('d');
    expect(pan.value).toBe('ABCDE1234F');
    expect(pan.selectionStart).toBe(4);
  });
});
