import { INDIA_STATES } from '@cardwise/contracts';
import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderProfileField, stubProfileAccount } from '../../test/profile-page.tsx';

/**
 * The profile's State is a select of the states and union territories the wizard's personal step
 * offers: as free text it held "Karnatka" or "KA". A value saved before the list stays an option
 * of its own, shown and saved as it is, with a hint to choose from the list.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HINT = 'Saved as typed earlier: choose your state from the list.';

/** /profile with its Address section drawn. */
async function renderAddress() {
  const { section, input } = await renderProfileField('Address', 'State');
  return { section, state: input as unknown as HTMLSelectElement };
}

const optionTexts = (select: HTMLSelectElement) => Array.from(select.options, (o) => o.text);

describe('/profile: State', () => {
  it('is a select of the Indian states and union territories, after a "Select state" choice', async () => {
    stubProfileAccount({ state: 'Karnataka' });
    const { section, state } = await renderAddress();
    expect(state.tagName).toBe('SELECT');
    expect(optionTexts(state)).toEqual(['Select state', ...INDIA_STATES.map((s) => s.state)]);
    expect(state.value).toBe('Karnataka');
    expect(within(section).queryByText(HINT)).toBeNull();
    // The cities stay text.
    expect(within(section).getByLabelText('City').tagName).toBe('INPUT');
  });

  it('shows "Select state" when none is saved', async () => {
    stubProfileAccount({ state: null });
    const { state } = await renderAddress();
    expect(state.value).toBe('');
    expect(state.selectedOptions[0]?.text).toBe('Select state');
    expect(optionTexts(state)).toHaveLength(INDIA_STATES.length + 1);
  });

  it('keeps a value saved before the list ("Karnatka") as its own option, with a hint, and saves it unchanged', async () => {
    const updates = stubProfileAccount({ state: 'Karnatka', city: 'Mysore' });
    const { section, state } = await renderAddress();
    expect(state.value).toBe('Karnatka');
    expect(optionTexts(state)).toContain('Karnatka');
    expect(optionTexts(state)).toContain('Karnataka');
    expect(within(section).getByText(HINT)).toBeTruthy();
    expect(state.getAttribute('aria-describedby')).toBe(within(section).getByText(HINT).id);

    const user = userEvent.setup();
    const city = within(section).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Mysuru');
    await user.click(within(section).getByRole('button', { name: /^Save/ }));
    // The untouched state is not sent, so the saved "Karnatka" is neither blanked nor changed.
    await waitFor(() => expect(updates).toEqual([{ city: 'Mysuru' }]));
    await waitFor(() => expect(within(section).getByLabelText('City')).toHaveProperty('value', 'Mysuru'));
    expect((within(section).getByLabelText('State') as HTMLSelectElement).value).toBe('Karnatka');
    expect(within(section).getByText(HINT)).toBeTruthy();
  });

  it('sends the chosen state: "Karnataka" in place of "Karnatka"', async () => {
    const updates = stubProfileAccount({ state: 'Karnatka' });
    const { section, state } = await renderAddress();
    const user = userEvent.setup();
    await user.selectOptions(state, 'Karnataka');
    // The hint goes with the unlisted value; the old value can still be chosen back.
    expect(within(section).queryByText(HINT)).toBeNull();
    expect(optionTexts(state)).toContain('Karnatka');
    await user.click(within(section).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(updates).toEqual([{ state: 'Karnataka' }]));
    // Saved: the list alone is left, with Karnataka chosen.
    await waitFor(() =>
      expect(optionTexts(within(section).getByLabelText('State') as never)).not.toContain('Karnatka'),
    );
    expect((within(section).getByLabelText('State') as HTMLSelectElement).value).toBe('Karnataka');
  });

  it('clears the state as the text field did when "Select state" is chosen', async () => {
    const updates = stubProfileAccount({ state: 'KA' });
    const { section, state } = await renderAddress();
    const user = userEvent.setup();
    await user.selectOptions(state, '');
    await user.click(within(section).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(updates).toEqual([{ state: '' }]));
  });
});

describe('/profile: a PIN code of another state (ADR 030)', () => {
  it('is refused on the PIN code, naming its state, and nothing is sent', async () => {
    const updates = stubProfileAccount({ state: 'Kerala', pincode: '682001' });
    const { section } = await renderAddress();
    const user = userEvent.setup();
    const pincode = within(section).getByLabelText('PIN code');
    await user.clear(pincode);
    await user.type(pincode, '110001');
    await user.click(within(section).getByRole('button', { name: /^Save/ }));
    expect(
      await within(section).findByText(
        'PIN code 110001 is in Delhi, not Kerala. Check the PIN code or the state.',
      ),
    ).toBeTruthy();
    expect(updates).toEqual([]);
  });
});
