import type { Application } from '@cardwise/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_REFERENCE,
  applicationFixture,
  cardDetailFixture,
  jsonResponse,
  Providers,
  signInForTest,
} from '../../test/fixtures.tsx';
import { SuccessStep } from './success-step.tsx';
import { WizardContext } from './wizard-context.ts';

const REFERENCE = APPLICATION_REFERENCE;
const CARD = cardDetailFixture({ id: 'hdfc_millennia' });

const application = (over: Partial<Application>) => applicationFixture(over);

const json = jsonResponse;

/** The server's answer to reading the application in the address. */
function serve(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('leads/applications/')) return answer();
      throw new Error(`unexpected request ${url}`);
    }),
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSuccess(reference = REFERENCE) {
  render(
    <MemoryRouter initialEntries={[`/apply/${reference}/success`]}>
      <Providers>
        <WizardContext.Provider value={{ card: CARD, cardId: 'hdfc_millennia', base: '/apply' }}>
          <Routes>
            <Route path="/apply/:applicationId/success" element={<SuccessStep />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </WizardContext.Provider>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  signInForTest();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the success page confirms only a submitted application', () => {
  it.each(['submitted', 'approved'] as const)(
    'a %s application: the confirmation and its reference',
    async (status) => {
      serve(() => json(application({ status, current_step: 'review' })));
      renderSuccess();
      const heading = await screen.findByRole('heading', { name: 'Application Submitted Successfully!' });
      // Arriving with the focus nowhere (the Submit button went with the review), the heading has it.
      expect(document.activeElement).toBe(heading);
      expect(screen.getByText('Your application has been received and is being processed.')).toBeTruthy();
      expect(screen.getByTestId('reference-id').textContent).toBe(REFERENCE);
      expect(screen.getByText('Please save this ID for your records.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Cards' }).getAttribute('href')).toBe('/cards');
      // The card it is for, and what happens next.
      expect(screen.getByTestId('submitted-card').textContent).toBe(CARD.name);
      expect(screen.getByTestId('what-next').textContent).toBe(
        'HDFC Bank decides on the application, its credit limit and final terms, and may contact you to verify your details. Its decision will show under your applications.',
      );
      // Its status shows on the profile from now on.
      expect(screen.getByRole('link', { name: 'See your applications' }).getAttribute('href')).toBe(
        '/profile',
      );
    },
  );

  it.each([
    ['personal_details', 'draft', 'personal'],
    ['employment_details', 'personal_details', 'employment'],
    ['document_upload', 'employment_details', 'kyc'],
    ['review', 'document_upload', 'review'],
  ] as const)('a draft at %s goes to its step instead', async (currentStep, status, route) => {
    serve(() => json(application({ status, current_step: currentStep })));
    renderSuccess();
    expect((await screen.findByTestId('where')).textContent).toBe(`/apply/${REFERENCE}/${route}`);
    expect(screen.queryByText('Application Submitted Successfully!')).toBeNull();
  });

  it('an application the server does not find for this user goes to /cards', async () => {
    serve(() => json({ detail: 'Application not found.' }, 404));
    renderSuccess('CW-2026-ZZZZZZZZ');
    expect((await screen.findByTestId('where')).textContent).toBe('/cards');
    expect(screen.queryByText('Application Submitted Successfully!')).toBeNull();
  });

  it('a server that cannot answer: said, with no confirmation', async () => {
    serve(() => json({ detail: 'Service unavailable.' }, 503));
    renderSuccess();
    await screen.findByText("We couldn't load this application.", { exact: false });
    expect(screen.queryByText('Application Submitted Successfully!')).toBeNull();
  });
});
