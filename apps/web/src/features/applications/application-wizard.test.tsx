import type { Application } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { storeApplication, storedApplicationId } from './application-storage.ts';
import ApplicationWizard, { headerBackLabel } from './application-wizard.tsx';

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
      if (url.includes('/upload_documents')) return jsonResponse([]);
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

function openWizardAt(step: 'personal' | 'employment' | 'kyc') {
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

/** The GETs of the application itself (not of its documents) among the requests made. */
const applicationReads = (calls: string[]) => calls.filter((u) => /leads\/applications\/[^/]+\/$/.test(u));

/** Long enough for a second request, had one been started, to be made. */
const settle = () => new Promise((r) => setTimeout(r, 100));

describe('arriving at a step asks the server for the application once', () => {
  const HEADINGS = {
    personal: 'Personal Details',
    employment: 'Employment & Income',
    kyc: 'KYC Document Upload',
  };
  const CURRENT = {
    personal: 'personal_details',
    employment: 'employment_details',
    kyc: 'document_upload',
  } as const;

  it.each(['personal', 'employment', 'kyc'] as const)(
    '%s, after Start (the browser has the numeric id)',
    async (step) => {
      const app = applicationFixture({ current_step: CURRENT[step] });
      const calls = serve(app);
      storeApplication(app, true);
      openWizardAt(step);
      await screen.findByRole('heading', { name: HEADINGS[step] });
      await settle();
      expect(applicationReads(calls)).toEqual(['/api/leads/applications/7/']);
    },
  );

  it('resumed from a link (the browser has nothing yet): one request, by the reference, and the form shows what the server holds', async () => {
    const calls = serve(
      applicationFixture({}, { personal_details: { full_name: 'Meera Iyer', mobile: '9123456780' } }),
    );
    openWizardAt('personal');
    await waitFor(() =>
      expect((screen.getByLabelText('Mobile Number') as HTMLInputElement).value).toBe('9123456780'),
    );
    await settle();
    expect(applicationReads(calls)).toEqual([`/api/leads/applications/${APPLICATION_REFERENCE}/`]);
    // The numeric id the steps' saves need is kept, as before.
    expect(storedApplicationId()).toBe('7');
  });

  it('each arrival still asks afresh: Back from employment reads it again, once', async () => {
    const app = applicationFixture({ current_step: 'employment_details' });
    const calls = serve(app);
    storeApplication(app, true);
    openWizardAt('employment');
    await screen.findByRole('heading', { name: 'Employment & Income' });
    await settle();
    expect(applicationReads(calls)).toHaveLength(1);
    // The wizard frame's Back, named for where it goes (the form's own is 'Back to the previous step').
    await userEvent.click(screen.getByRole('button', { name: 'Back to Personal Details' }));
    await screen.findByRole('heading', { name: 'Personal Details' });
    await settle();
    expect(applicationReads(calls)).toHaveLength(2);
  });
});

describe("the header's Back and the form's Back", () => {
  it('have distinct names, each saying where it goes', async () => {
    expect(headerBackLabel('landing', undefined)).toBe('Back to all cards');
    expect(headerBackLabel('personal', '/card/axis_ace')).toBe('Back to the card');
    expect(headerBackLabel('personal', undefined)).toBe('Back to all cards');
    expect(headerBackLabel('personal', '/compare')).toBe('Back to where you started the application');
    expect(headerBackLabel('employment', undefined)).toBe('Back to Personal Details');
    expect(headerBackLabel('kyc', undefined)).toBe('Back to Employment & Income');
    expect(headerBackLabel('review', undefined)).toBe('Back to KYC & Documents');

    const app = applicationFixture({ current_step: 'employment_details' });
    serve(app);
    storeApplication(app, true);
    openWizardAt('employment');
    await screen.findByRole('heading', { name: 'Employment & Income' });
    const backs = screen.getAllByRole('button', { name: /^Back/ });
    expect(backs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Back to Personal Details',
      'Back to the previous step',
    ]);
    // Seen, both read as the spec's 'Back'.
    expect(backs.map((b) => b.textContent?.trim())).toEqual(['Back', 'Back']);
  });
});
