import type { Application, ApplicationPrefill } from '@cardwise/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_REFERENCE,
  applicationFixture,
  cardDetailFixture,
  jsonResponse,
  profileFixture,
} from '../../test/fixtures.tsx';
import { renderWizardAt, signInAsApplicant } from '../../test/wizard.tsx';
import { EmploymentStep } from './employment-step.tsx';
import { PersonalStep, withPrefill } from './personal-step.tsx';

const _CARD = cardDetailFixture({ id: 'hdfc_millennia' });

const FROM_FIRST: ApplicationPrefill = {
  source: {
    kind: 'application',
    reference_id: 'CW-2026-FIRST001',
    card_name: 'Swiggy HDFC Bank Credit Card',
    updated_at: '2026-11-20T10:00:00Z',
  },
  personal_details: {
    full_name: 'Meera R Iyer',
    date_of_birth: '1991-04-12',
    gender: 'FEMALE',
    pan_number: 'ABCPI1234K',
    address_line1: '14 Residency Road',
    state: 'Karnataka',
    city: 'Bengaluru',
    pincode: '560025',
    country: 'India',
    email: 'meera.iyer@example.com',
    mobile: '9876501234',
  },
  employment_details: { employment_type: 'SALARIED', company_name: 'Infosys', annual_income: 1800000 },
};

const asked: string[] = [];

const BLANK = {
  fullName: '',
  dateOfBirth: '',
  gender: '',
  panNumber: '',
  email: '',
  mobile: '',
  address_line1: '',
  address_line2: '',
  state: '',
  city: '',
  pincode: '',
  country: '',
};

/** The server: this application, this prefill (or a failure), and a profile with no details. */
function serve(app: Application, prefill: ApplicationPrefill | 'fails') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      if (url.includes('accounts/profile'))
        return jsonResponse(profileFixture({ phone_number: '9000000001' }));
      if (url.endsWith('/prefill'))
        return prefill === 'fails' ? jsonResponse({ detail: 'Server error' }, 500) : jsonResponse(prefill);
      if (
        url.includes(`leads/applications/${APPLICATION_REFERENCE}/`) ||
        url.includes(`leads/applications/${app.id}/`)
      )
        return jsonResponse(app);
      throw new Error(`unexpected request ${url}`);
    }),
  );
}

const renderStep = (step: 'personal' | 'employment') =>
  renderWizardAt(step, { personal: <PersonalStep />, employment: <EmploymentStep /> });

const input = (label: string) => screen.findByLabelText<HTMLInputElement>(label);

beforeEach(() => {
  asked.length = 0;
  signInAsApplicant();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('a new application starts from the last one', () => {
  it('fills the empty personal step from it, over the account name and mobile, and says where from', async () => {
    serve(applicationFixture(), FROM_FIRST);
    renderStep('personal');
    expect((await input('PAN Number')).value).toBe('ABCPI1234K');
    expect((await input('Full Name')).value).toBe('Meera R Iyer');
    expect((await input('Address Line 1')).value).toBe('14 Residency Road');
    expect((await input('PIN Code')).value).toBe('560025');
    expect((await input('Email')).value).toBe('meera.iyer@example.com');
    // The account's mobile fills only an empty field: the earlier application's number stays.
    await waitFor(() => expect(asked.some((u) => u.includes('accounts/profile'))).toBe(true));
    expect((await input('Mobile Number')).value).toBe('9876501234');
    expect(screen.getByTestId('prefill-note').textContent).toBe(
      'Filled in from your application for Swiggy HDFC Bank Credit Card (CW-2026-FIRST001). Check each detail is still right before you continue.',
    );
  });

  it('fills the empty employment step from it', async () => {
    serve(applicationFixture({ current_step: 'employment_details' }), FROM_FIRST);
    renderStep('employment');
    expect((await input('Company Name')).value).toBe('Infosys');
    expect(screen.getByTestId('prefill-note').textContent).toContain(
      'your application for Swiggy HDFC Bank Credit Card',
    );
  });

  it('a step with saved details shows them and does not ask for a prefill', async () => {
    serve(
      applicationFixture(
        {},
        { personal_details: { ...FROM_FIRST.personal_details, pan_number: 'ZZZPI9999Z' } },
      ),
      FROM_FIRST,
    );
    renderStep('personal');
    expect((await input('PAN Number')).value).toBe('ZZZPI9999Z');
    expect(screen.queryByTestId('prefill-note')).toBeNull();
    expect(asked.some((u) => u.endsWith('/prefill'))).toBe(false);
  });

  it('from the profile, the note names the profile', async () => {
    serve(applicationFixture(), {
      source: { kind: 'profile' },
      personal_details: { pan_number: 'ABCDE1234F', city: 'Pune', state: 'Maharashtra' },
      employment_details: null,
    });
    renderStep('personal');
    expect((await input('PAN Number')).value).toBe('ABCDE1234F');
    // What the profile lacks still comes from the account.
    expect((await input('Full Name')).value).toBe('Meera Iyer');
    expect(screen.getByTestId('prefill-note').textContent).toBe(
      'Filled in from your profile. Check each detail is still right before you continue.',
    );
  });

  it('a state or city the lists lack is matched to them or left to choose, never kept unseen behind the select', () => {
    const base = { ...BLANK, fullName: 'Meera Iyer', country: 'India' };
    expect(withPrefill(base, { state: ' karnataka', city: 'bengaluru', pan_number: 'ABCPI1234K' })).toEqual({
      ...base,
      state: 'Karnataka',
      city: 'Bengaluru',
      panNumber: 'ABCPI1234K',
    });
    // Mysore is not among Karnataka's cities; Karnatka is no state: chosen again, not sent as typed.
    expect(withPrefill(base, { state: 'Karnataka', city: 'Mysore' })).toMatchObject({
      state: 'Karnataka',
      city: '',
    });
    expect(withPrefill(base, { state: 'Karnatka', city: 'Bengaluru' })).toMatchObject({
      state: '',
      city: '',
    });
    expect(withPrefill(base, null)).toBe(base);
  });

  it('a prefill that fails leaves the form as it was: empty, no note', async () => {
    serve(applicationFixture(), 'fails');
    renderStep('personal');
    expect((await input('PAN Number')).value).toBe('');
    expect((await input('Full Name')).value).toBe('Meera Iyer');
    expect(screen.queryByTestId('prefill-note')).toBeNull();
  });
});
