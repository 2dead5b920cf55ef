import type { Profile } from '@cardwise/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import ProfilePage from '../features/accounts/profile-page.tsx';
import { jsonResponse, Providers, profileFixture, signInForTest } from './fixtures.tsx';

/**
 * The account API behind /profile for a signed-in Meera with `profile` over the fixture: the
 * profile answers what was last saved, every other account list is empty. Returns the bodies of
 * the updates sent, in order.
 */
export function stubProfileAccount(profile: Partial<Profile>): Record<string, unknown>[] {
  const updates: Record<string, unknown>[] = [];
  let current = profileFixture(profile);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.startsWith('/api/accounts/user/update') && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        updates.push(body);
        current = { ...current, ...body } as typeof current;
        return jsonResponse(current);
      }
      if (path.startsWith('/api/accounts/profile')) return jsonResponse(current);
      if (path.startsWith('/api/accounts/')) return jsonResponse([]);
      if (path.startsWith('/api/cards')) return jsonResponse([]);
      throw new Error(`unexpected ${path}`);
    }),
  );
  return updates;
}

/** /profile, signed in, rendered as the app renders it. */
export function renderProfilePage(): void {
  signInForTest();
  render(
    <MemoryRouter>
      <Providers>
        <ProfilePage />
      </Providers>
    </MemoryRouter>,
  );
}

/** /profile rendered, and one of its sections with one of its fields once they are drawn. */
export async function renderProfileField(
  section: string,
  label: string,
): Promise<{ section: HTMLElement; input: HTMLInputElement }> {
  renderProfilePage();
  const region = await screen.findByRole('region', { name: section });
  const input = (await within(region).findByLabelText(label)) as HTMLInputElement;
  return { section: region, input };
}
