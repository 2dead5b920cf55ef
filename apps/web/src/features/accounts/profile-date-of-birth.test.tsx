import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderProfileField, stubProfileAccount } from '../../test/profile-page.tsx';

/**
 * The profile's date of birth. A date the browser cannot read (31 Feb typed into the date
 * control, a five-digit year) leaves the control's value '', which the update call takes as
 * "clear it": saving the section then erased the date already saved, also when the person only
 * meant to save their gender. And a bad date said one thing, not two stacked messages.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const stubAccount = () => stubProfileAccount({ date_of_birth: '1990-05-01', gender: 'FEMALE' });

/** /profile with its Personal details section drawn. */
async function renderPersonal() {
  const { section, input } = await renderProfileField('Personal details', 'Date of birth');
  return { section, dob: input };
}

/** What a browser does with a date it cannot read: the value is '', and validity says why. */
function typeUnreadableDate(input: HTMLInputElement) {
  Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: true, valid: false } });
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.blur(input);
}

describe('/profile: date of birth', () => {
  it('keeps the saved date when the form loads and when another field of the section is saved', async () => {
    const updates = stubAccount();
    const { section, dob } = await renderPersonal();
    expect(dob.value).toBe('1990-05-01');
    const user = userEvent.setup();
    await user.selectOptions(within(section).getByLabelText('Gender'), 'MALE');
    await user.click(within(section).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(updates).toEqual([{ gender: 'MALE' }]));
    await waitFor(() => expect(within(section).getByLabelText('Gender')).toHaveProperty('value', 'MALE'));
    expect(dob.value).toBe('1990-05-01');
  });

  it('refuses a date the browser cannot read with one message, and sends nothing that would erase it', async () => {
    const updates = stubAccount();
    const { section, dob } = await renderPersonal();
    const user = userEvent.setup();
    await user.selectOptions(within(section).getByLabelText('Gender'), 'MALE');
    typeUnreadableDate(dob);
    await user.click(within(section).getByRole('button', { name: /^Save/ }));
    await within(section).findByText('Enter a complete date that exists: check the day, month and year.');
    expect(updates).toEqual([]);
    // One message under the field, nothing else in red.
    expect(section.querySelectorAll('.text-red-600')).toHaveLength(1);
  });

  it('says a date in the future is in the future, once', async () => {
    const updates = stubAccount();
    const { section, dob } = await renderPersonal();
    fireEvent.change(dob, { target: { value: '2090-01-01' } });
    fireEvent.blur(dob);
    await within(section).findByText('Date of birth cannot be in the future.');
    expect(section.querySelectorAll('.text-red-600')).toHaveLength(1);
    expect(updates).toEqual([]);
  });

  it.each([
    ['identity', 'Aadhaar number', '12345', 'Please enter a valid 12-digit Aadhaar number'],
    ['identity', 'PAN', 'ABC12', 'Please enter a valid PAN number (e.g., ABCDE1234F)'],
    ['address', 'PIN code', '12', 'Please enter a valid 6-digit PIN code'],
    [
      'identity',
      'Aadhaar number',
      '1234 5678 9012',
      'This is not a valid Aadhaar number: check its 12 digits.',
    ],
    // The shared schema's "must be at most 900" (worded for the API's "credit_score: …") starts as a sentence.
    ['credit', 'Credit score', '950', 'Must be at most 900'],
  ])('%s: a bad %s says one thing, in place of the hint', async (sectionId, label, typed, message) => {
    stubAccount();
    await renderPersonal();
    const section = document.getElementById(sectionId) as HTMLElement;
    const input = within(section).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    await within(section).findByText(message);
    const said = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent);
    expect(said).toEqual([message]);
    expect(section.querySelectorAll('.text-red-600')).toHaveLength(1);
  });
});
