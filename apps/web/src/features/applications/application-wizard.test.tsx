import type { Application } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import {
  APPLICATION_REFERENCE,
  applicationFixture,
  cardDetailFixture,
  jsonResponse,
  Providers,
} from '../../test/fixtures.tsx';
import ApplicationWizard from './application-wizard.tsx';

const CARD = cardDetailFixture({ id: 'hdfc_millennia' });

/** The server: the card, this application (by its reference or its id), no profile. */
function serve(app: Application) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      calls.push(url);
      if (url.includes('/cards/hdfc_millennia/')) return jsonResponse(CARD);
      if (url.includes('accounts/profile')) return jsonResponse({ detail: 'Not found.' }, 404);
      if (
        url.includes(`leads/applications/${APPLICATION_REFERENCE}/`) ||
        url.includes(`leads/applications/${app.id}/`)
      )
        return jsonResponse(app);
      throw new Error(`unexpected request ${url}`);
    }),
  );
  return calls;
}

function openWizardAt(step: 'personal' | 'employment') {
  render(
    <MemoryRouter initialEntries={[`/cards/apply/hdfc/hdfc_millennia/${APPLICATION_REFERENCE}/${step}`]}>
      <Providers>
        <Routes>
          <Route path="/cards/apply/hdfc/:cardId/*" element={<ApplicationWizard />} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'meera@example.com', name: 'Meera' }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the employment step is called what the spec calls it', () => {
  it("'Employment & Income' in the steps, the heading and the tab's title", async () => {
    serve(applicationFixture({ current_step: 'employment_details' }));
    openWizardAt('employment');
    await screen.findByRole('heading', { name: 'Employment & Income' });
    const current = screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]');
    expect(current?.parentElement?.textContent).toBe('Employment & Income');
    await waitFor(() => expect(document.title.split(' | ')[0]).toBe('Employment & Income'));
  });
});
