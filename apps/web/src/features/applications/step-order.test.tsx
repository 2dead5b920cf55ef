import type { Application } from '@cardwise/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_REFERENCE,
  applicationFixture,
  cardDetailFixture,
  jsonResponse,
  Providers,
  signInForTest,
} from '../../test/fixtures.tsx';
import { EmploymentStep } from './employment-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { UnlessSubmitted } from './unless-submitted.tsx';
import { WizardContext } from './wizard-context.ts';

const REFERENCE = APPLICATION_REFERENCE;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The wizard's step routes, each behind its gate, opened at `step` for an application at `currentStep`. */
function open(
  step: 'personal' | 'employment' | 'kyc' | 'review',
  app: Application,
  forms: Partial<Record<'employment' | 'review', ReactElement>> = {},
) {
  if (!vi.isMockFunction(globalThis.fetch))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(app)),
    );
  const routes = ['personal', 'employment', 'kyc', 'review'] as const;
  render(
    <MemoryRouter initialEntries={[`/apply/${REFERENCE}/${step}`]}>
      <Providers>
        <WizardContext.Provider
          value={{ card: cardDetailFixture(), cardId: 'hdfc_millennia', base: '/apply' }}
        >
          <Routes>
            {routes.map((r) => (
              <Route
                key={r}
                path={`/apply/:applicationId/${r}`}
                element={
                  <UnlessSubmitted step={r}>
                    {r === 'employment' || r === 'review' ? (
                      (forms[r] ?? <p>the {r} form</p>)
                    ) : (
                      <p>the {r} form</p>
                    )}
                  </UnlessSubmitted>
                }
              />
            ))}
          </Routes>
          <Where />
        </WizardContext.Provider>
      </Providers>
      <Toaster />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  signInForTest();
});
afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a step the application has not reached yet (a bookmark, the address bar)', () => {
  it.each([
    ['employment', 'personal_details', 'personal', 'Personal Details'],
    ['kyc', 'personal_details', 'personal', 'Personal Details'],
    ['review', 'employment_details', 'employment', 'Employment & Income'],
    ['review', 'document_upload', 'kyc', 'KYC & Documents'],
  ] as const)('%s at %s goes to the %s step and says why', async (step, currentStep, reached, label) => {
    open(step, applicationFixture({ current_step: currentStep }));
    expect(await screen.findByText(`the ${reached} form`)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/apply/${REFERENCE}/${reached}`);
    expect(await screen.findByText(`Please complete ${label} first.`)).toBeTruthy();
    expect(screen.queryByText(`the ${step} form`)).toBeNull();
  });

  it.each([
    ['personal', 'review'],
    ['employment', 'employment_details'],
    ['kyc', 'document_upload'],
    ['review', 'review'],
  ] as const)(
    '%s stays open for an application at %s (the step or a later one)',
    async (step, currentStep) => {
      open(step, applicationFixture({ current_step: currentStep }));
      expect(await screen.findByText(`the ${step} form`)).toBeTruthy();
      expect(screen.getByTestId('where').textContent).toBe(`/apply/${REFERENCE}/${step}`);
    },
  );
});

describe('a save the server refuses because the application is at an earlier step (another tab)', () => {
  it('takes the user to that step with its reason, instead of "Please try again"', async () => {
    const employment = {
      employment_type: 'RETIRED',
      annual_income: '600000',
      monthly_income: '50000',
      existing_credit_cards: 'NO',
      existing_credit_card_limit: '0',
      existing_loan_emi: '0',
    } as unknown as Application['application_data']['employment_details'];
    let app = applicationFixture({ current_step: 'employment_details' }, { employment_details: employment });
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return jsonResponse(app);
      // Another tab took the application back to its first step meanwhile.
      app = { ...app, current_step: 'personal_details' };
      return jsonResponse(
        {
          detail: 'Please complete Personal Details first.',
          code: 'step_out_of_order',
          current_step: 'personal_details',
        },
        409,
      );
    });
    vi.stubGlobal('fetch', fetch);
    open('employment', app, { employment: <EmploymentStep /> });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Employment Type'), 'RETIRED');
    await user.selectOptions(screen.getByLabelText('Existing Credit Cards'), 'NO');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('the personal form')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/apply/${REFERENCE}/personal`);
    expect(await screen.findByText('Please complete Personal Details first.')).toBeTruthy();
    expect(screen.queryByText('Error saving details')).toBeNull();
  });
});

describe('a save the server refuses because another tab submitted the application', () => {
  const employment = {
    employment_type: 'RETIRED',
    annual_income: '600000',
    monthly_income: '50000',
    existing_credit_cards: 'NO',
    existing_credit_card_limit: '0',
    existing_loan_emi: '0',
  } as unknown as Application['application_data']['employment_details'];
  const personal = { full_name: 'Meera Iyer' } as Application['application_data']['personal_details'];

  /** The server: the application as `at`, and submitted meanwhile once a write arrives. */
  function submittedOnWrite(at: Partial<Application>) {
    let app = applicationFixture(at, { personal_details: personal, employment_details: employment });
    const writes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') === 'GET') return jsonResponse(app);
        writes.push(String(input));
        app = {
          ...app,
          status: 'submitted',
          current_step: 'submitted',
          submitted_at: '2026-11-25T11:00:00Z',
        };
        return jsonResponse(
          {
            detail: 'Your application has already been submitted.',
            code: 'ALREADY_SUBMITTED',
            application_number: app.reference_id,
            reference_id: app.reference_id,
            application_id: app.id,
            status: 'submitted',
            submitted_at: app.submitted_at,
          },
          409,
        );
      }),
    );
    return writes;
  }

  it("a step save: the already-submitted panel takes the form's place, with the focus", async () => {
    submittedOnWrite({ current_step: 'employment_details' });
    open('employment', applicationFixture(), { employment: <EmploymentStep /> });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Employment Type'), 'RETIRED');
    await user.selectOptions(screen.getByLabelText('Existing Credit Cards'), 'NO');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    // The form stayed, said 'There was a problem … Please try again.', and every retry met the
    // same refusal.
    const heading = await screen.findByRole('heading', { name: 'Application Already Submitted' });
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).toBeNull();
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByText('Error saving details')).toBeNull();
  });

  it('the final submit: the same panel, not a review form whose button keeps failing', async () => {
    const writes = submittedOnWrite({ status: 'review', current_step: 'review' });
    open('review', applicationFixture(), { review: <ReviewStep /> });
    const user = userEvent.setup();
    await user.click(
      await screen.findByLabelText('I confirm that the information provided is correct and complete.'),
    );
    await user.click(screen.getByLabelText(/^I authorise HDFC Bank to check my credit report/));
    await user.click(screen.getByRole('button', { name: 'Review and Submit' }));
    await screen.findByRole('heading', { name: 'Application Already Submitted' });
    expect(screen.queryByRole('button', { name: 'Review and Submit' })).toBeNull();
    expect(screen.queryByText('Submission Failed')).toBeNull();
    expect(writes).toHaveLength(1);
  });
});

describe('employment: the existing cards limit', () => {
  it('is "0" while the answer is NO, and empty again for the real limit once it is YES', async () => {
    open('employment', applicationFixture({ current_step: 'employment_details' }), {
      employment: <EmploymentStep />,
    });
    const user = userEvent.setup();
    const cards = await screen.findByLabelText('Existing Credit Cards');
    const limit = screen.getByLabelText<HTMLInputElement>(/Credit Card Limit|Credit Limit/);
    await user.selectOptions(cards, 'YES');
    await user.type(limit, '150000');
    await user.selectOptions(cards, 'NO');
    expect(limit.value).toBe('0');
    expect(limit.disabled).toBe(true);
    await user.selectOptions(cards, 'YES');
    expect(limit.value).toBe('');
    expect(limit.required).toBe(true);
  });
});
