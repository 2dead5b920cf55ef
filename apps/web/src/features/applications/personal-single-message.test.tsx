import type { Application } from '@cardwise/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationFixture, cardDetailFixture, jsonResponse, profileFixture } from '../../test/fixtures.tsx';
import { renderWizardAt, signInAsApplicant } from '../../test/wizard.tsx';
import { PersonalStep } from './personal-step.tsx';

/**
 * A bad value in the personal step says one thing. The date of birth's hint ('You must be at
 * least 18 years old') stood above its error ('You must be at least 18 years old to apply.'),
 * PAN's and PIN code's hints above their format messages; a date in the future was called
 * underage; and a date the browser cannot read (31 Feb) was called missing.
 */

const _CARD = cardDetailFixture({ id: 'hdfc_millennia' });

function serve(app: Application) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('accounts/profile')) return jsonResponse(profileFixture());
      if (init?.method === 'POST') sent.push(init.body);
      if (url.includes('leads/applications/')) return jsonResponse(app);
      throw new Error(`unexpected request ${url}`);
    }),
  );
  return sent;
}

const renderStep = () => renderWizardAt('personal', { personal: <PersonalStep /> });

/** Everything a field says to the person: the texts its aria-describedby points at. */
function said(label: string): string[] {
  const input = screen.getByLabelText(label);
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing ${id})`);
}

beforeEach(signInAsApplicant);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('personal details: one message per bad value', () => {
  it('says only what is wrong with a future date of birth, a short PAN, PIN code and email', async () => {
    const sent = serve(
      applicationFixture(
        {},
        {
          personal_details: {
            full_name: 'Meera Iyer',
            date_of_birth: '2090-01-01',
            pan_number: 'ABCPI12',
            address_line1: '14 Residency Road',
            pincode: '5600',
            country: 'India',
            email: 'meera@',
            mobile: '9876501234',
          },
        },
      ),
    );
    renderStep();
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save & Continue' });
    await user.selectOptions(screen.getByLabelText('Gender'), 'FEMALE');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await user.selectOptions(screen.getByLabelText('City'), 'Bengaluru');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await screen.findByText('Date of birth cannot be in the future.');
    expect(said('Date of Birth')).toEqual(['Date of birth cannot be in the future.']);
    expect(said('PAN Number')).toEqual(['Please enter a valid PAN number (e.g., ABCDE1234F)']);
    expect(said('PIN Code')).toEqual(['Please enter a valid 6-digit PIN code']);
    expect(said('Email')).toEqual(['Enter a valid email address.']);
    // Nothing else is shown under those fields either: the hints gave way to the errors.
    expect(screen.queryByText('You must be at least 18 years old')).toBeNull();
    expect(screen.queryByText('6-digit postal code')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('calls a date the browser cannot read not a date, rather than missing', async () => {
    serve(applicationFixture({}, { personal_details: { full_name: 'Meera Iyer' } }));
    renderStep();
    const dob = await screen.findByLabelText<HTMLInputElement>('Date of Birth');
    Object.defineProperty(dob, 'validity', { configurable: true, value: { badInput: true, valid: false } });
    fireEvent.change(dob, { target: { value: '' } });
    fireEvent.blur(dob);
    await screen.findByText('Enter a complete date that exists: check the day, month and year.');
    expect(said('Date of Birth')).toEqual([
      'Enter a complete date that exists: check the day, month and year.',
    ]);
    expect(screen.queryByText('This field is required.')).toBeNull();
  });

  it('opens again (a reload) with the saved date of birth, not the unreadable one left blank', async () => {
    const app = applicationFixture(
      {},
      { personal_details: { full_name: 'Meera Iyer', date_of_birth: '1991-04-12' } },
    );
    serve(app);
    renderStep();
    const dob = await screen.findByLabelText<HTMLInputElement>('Date of Birth');
    expect(dob.value).toBe('1991-04-12');
    Object.defineProperty(dob, 'validity', { configurable: true, value: { badInput: true, valid: false } });
    fireEvent.change(dob, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('PAN Number'), { target: { value: 'ABCPI' } });
    cleanup();
    renderStep();
    expect((await screen.findByLabelText<HTMLInputElement>('Date of Birth')).value).toBe('1991-04-12');
    // What was typed elsewhere still comes back.
    expect(screen.getByLabelText<HTMLInputElement>('PAN Number').value).toBe('ABCPI');
  });
});
