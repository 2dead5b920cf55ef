import type { Application } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { applicationFixture, jsonResponse, Providers } from '../../test/fixtures.tsx';
import { FORM_PAGES } from './form-config.ts';
import FormPage, { applyChange } from './form-page.tsx';

const employment = FORM_PAGES.employment_details?.fields ?? [];
const personal = FORM_PAGES.personal_details?.fields ?? [];

const json = (body: unknown) => jsonResponse(body);

/** Application 7 as the server returns it, with these saved sections. */
const application7 = (sections: Partial<Application['application_data']> = {}) =>
  applicationFixture({}, sections);

describe('applyChange (application spec §4 field dependencies)', () => {
  it('drops the values of fields that stop applying', () => {
    const salaried = {
      employmentType: 'SALARIED',
      companyName: 'Acme',
      industry: 'IT',
      annualIncome: '900000',
    };
    expect(applyChange(employment, salaried, 'employmentType', 'STUDENT')).toEqual({
      employmentType: 'STUDENT',
    });
    // Retired people still have an income, not a company.
    expect(applyChange(employment, salaried, 'employmentType', 'RETIRED')).toEqual({
      employmentType: 'RETIRED',
      annualIncome: '900000',
    });
  });

  it('sets the credit limit to "0" when the answer becomes NO, and drops that "0" when it is YES again', () => {
    const yes = { existingCreditCards: 'YES', existingCreditCardLimit: '150000' };
    const no = applyChange(employment, yes, 'existingCreditCards', 'NO');
    expect(no).toEqual({ existingCreditCards: 'NO', existingCreditCardLimit: '0' });
    expect(applyChange(employment, no, 'existingCreditCards', 'YES')).toEqual({ existingCreditCards: 'YES' });
  });

  it("keeps a city only while it is one of the chosen state's cities", () => {
    const pune = { state: 'Maharashtra', city: 'Pune' };
    expect(applyChange(personal, pune, 'state', 'Karnataka')).toEqual({ state: 'Karnataka' });
    // The same state in other letters still has the city (matched case-insensitively).
    expect(applyChange(personal, pune, 'state', 'maharashtra')).toEqual({
      state: 'maharashtra',
      city: 'Pune',
    });
    expect(applyChange(personal, pune, 'state', '')).toEqual({ state: '' });
  });
});

function renderPage(page: string) {
  render(
    <MemoryRouter initialEntries={[`/form-example?page=${page}`]}>
      <Providers>
        <Routes>
          <Route path="/form-example" element={<FormPage />} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
}

describe('generic form page: the employment page', () => {
  let sent: unknown[] = [];
  beforeEach(() => {
    sent = [];
    localStorage.setItem(STORAGE_KEYS.applicationId, '7');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if ((init?.method ?? 'GET') === 'GET' && url.includes('leads/applications/7/'))
          return json(application7());
        if (!url.includes('leads/applications/7/submit_step')) throw new Error(`unexpected request ${url}`);
        sent.push(JSON.parse(String(init?.body ?? (input instanceof Request ? await input.text() : ''))));
        return json(application7());
      }),
    );
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('has a Back link to the personal page, which has its own configuration', async () => {
    renderPage('employment_details');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/form-example?page=personal_details',
    );
    expect(FORM_PAGES.personal_details?.step).toBe('personal_details');
  });

  it('disables what does not apply, asks for what does, and sends what the server requires', async () => {
    const user = userEvent.setup();
    renderPage('employment_details');
    expect(screen.getByLabelText(/Industry/)).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText(/Employment type/), 'SALARIED');
    expect(screen.getByLabelText(/Industry/)).toHaveProperty('disabled', false);
    await user.type(screen.getByLabelText(/Company name/), 'Acme Industries');
    await user.type(screen.getByLabelText(/Designation/), 'Engineer');
    await user.selectOptions(screen.getByLabelText(/Existing credit cards/), 'NO');
    expect(screen.getByLabelText(/Existing credit card limit/)).toHaveProperty('value', '0');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    // Industry, company type, experience and both incomes apply to a salaried person.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(5));
    expect(sent).toEqual([]);
    // Focus goes to the first field with a message.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Industry/)));

    await user.selectOptions(screen.getByLabelText(/Industry/), 'IT');
    await user.selectOptions(screen.getByLabelText(/Company type/), 'MNC');
    await user.type(screen.getByLabelText(/Work experience/), '75');
    await user.type(screen.getByLabelText(/Annual income/), '1200000');
    await user.type(screen.getByLabelText(/Monthly income/), '100000');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    // The contract's own check, before anything is sent.
    await screen.findByText('Enter a whole number of years between 0 and 60.');
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText(/Work experience/));
    await user.type(screen.getByLabelText(/Work experience/), '6');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      step: 'employment_details',
      is_completed: true,
      data: {
        employment_type: 'SALARIED',
        company_name: 'Acme Industries',
        designation: 'Engineer',
        industry: 'IT',
        company_type: 'MNC',
        work_experience_years: 6,
        annual_income: 1200000,
        monthly_income: 100000,
        existing_credit_cards: 'NO',
      },
    });
  });
});

describe('generic form page: the personal page', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  afterEach(() => vi.unstubAllGlobals());

  it('starts from the saved section (reached by Back), and shows the PAN in upper case as it is typed', async () => {
    localStorage.setItem(STORAGE_KEYS.applicationId, '7');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          application7({
            personal_details: {
              full_name: 'Meera Iyer',
              date_of_birth: '1991-04-12',
              gender: 'FEMALE',
              state: 'Maharashtra',
              city: 'Pune',
            },
          }),
        ),
      ),
    );
    renderPage('personal_details');
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveProperty('value', 'Meera Iyer'));
    expect(screen.getByLabelText(/Date of birth/)).toHaveProperty('value', '1991-04-12');
    expect(screen.getByLabelText(/Gender/)).toHaveProperty('value', 'FEMALE');
    expect(screen.getByLabelText(/State/)).toHaveProperty('value', 'Maharashtra');
    expect(screen.getByLabelText(/City/)).toHaveProperty('value', 'Pune');
    // Arriving, the page's heading has the focus.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Personal Details' }));
    await userEvent.type(screen.getByLabelText(/^PAN/), 'abcpi1234k');
    expect(screen.getByLabelText(/^PAN/)).toHaveProperty('value', 'ABCPI1234K');
  });

  it('calls a date the browser cannot read (31 Feb) not a date, not a missing one', async () => {
    localStorage.setItem(STORAGE_KEYS.applicationId, '7');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(application7())),
    );
    renderPage('personal_details');
    const dob = screen.getByLabelText(/Date of birth/) as HTMLInputElement;
    Object.defineProperty(dob, 'validity', { configurable: true, value: { badInput: true, valid: false } });
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await screen.findByText('Enter a complete date that exists: check the day, month and year.');
    const said = (dob.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent);
    expect(said).toEqual(['Enter a complete date that exists: check the day, month and year.']);
    // The other empty required fields still say so.
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
  });

  it("offers a city only once a state is chosen, from that state's cities (spec §4)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(application7())),
    );
    const user = userEvent.setup();
    renderPage('personal_details');
    const city = () => screen.getByLabelText(/City/) as HTMLSelectElement;
    expect(city().disabled).toBe(true);
    expect(city().options[0]?.text).toBe('Select a state first');
    await user.selectOptions(screen.getByLabelText(/State/), 'Karnataka');
    expect(city().disabled).toBe(false);
    const offered = [...city().options].map((o) => o.value).filter(Boolean);
    expect(offered).toContain('Bengaluru');
    expect(offered).not.toContain('Pune');
    await user.selectOptions(city(), 'Bengaluru');
    await user.selectOptions(screen.getByLabelText(/State/), 'Maharashtra');
    expect(city().value).toBe('');
  });

  it('takes a pasted PAN written with separators as its 10 characters, last letter included', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(application7())),
    );
    const user = userEvent.setup();
    renderPage('personal_details');
    const pan = (await screen.findByLabelText(/^PAN/)) as HTMLInputElement;
    await user.click(pan);
    await user.paste('abcpi 1234 k');
    expect(pan.value).toBe('ABCPI1234K');
  });

  it('takes a pasted mobile number as its 10 digits, not its first 13 characters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(application7())),
    );
    const user = userEvent.setup();
    renderPage('personal_details');
    const mobile = (await screen.findByLabelText(/Mobile number/)) as HTMLInputElement;
    await user.click(mobile);
    await user.paste('+91 98765 43210');
    expect(mobile.value).toBe('9876543210');
  });

  it.each(['+91 98765 43210', '098765 43210', '0091 98765 43210', '9876543210'])(
    'takes a mobile number typed key by key as %s as its 10 digits',
    async (typed) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(application7())),
      );
      const user = userEvent.setup();
      renderPage('personal_details');
      const mobile = (await screen.findByLabelText(/Mobile number/)) as HTMLInputElement;
      await user.type(mobile, typed);
      expect(mobile.value).toBe('9876543210');
    },
  );
});
