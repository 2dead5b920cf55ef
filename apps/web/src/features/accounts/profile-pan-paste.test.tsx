import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderProfileField, stubProfileAccount } from '../../test/profile-page.tsx';

/**
 * The profile's PAN is cleaned as the wizard's personal step, the referral dialog and the
 * generic form clean theirs (normalisePanInput): a pasted "abcde 1234 f" was kept as pasted, and
 * the save refused it for its pattern.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const stubAccount = () => stubProfileAccount({ pan_number: null });

/** /profile with its Identity (KYC) section drawn. */
async function renderIdentity() {
  const { section, input } = await renderProfileField('Identity (KYC)', 'PAN');
  return { section, pan: input };
}

describe('/profile: PAN', () => {
  it.each(['abcde 1234 f', 'ABCDE 1234 F', 'abcde-1234-f'])(
    'a pasted %j becomes ABCDE1234F, keeps its last letter, and saves',
    async (pasted) => {
      const updates = stubAccount();
      const { section, pan } = await renderIdentity();
      const user = userEvent.setup();
      await user.click(pan);
      await user.paste(pasted);
      expect(pan.value).toBe('ABCDE1234F');
      expect(pan.selectionStart).toBe(10);
      await user.click(within(section).getByRole('button', { name: /^Save/ }));
      await waitFor(() => expect(updates).toEqual([{ pan_number: 'ABCDE1234F' }]));
      expect(within(section).queryByRole('alert')).toBeNull();
    },
  );

  it('keeps the caret where a correction is typed inside the value', async () => {
    stubAccount();
    const { pan } = await renderIdentity();
    const user = userEvent.setup();
    await user.click(pan);
    await user.paste('ABCE1234F');
    pan.setSelectionRange(3, 3);
    await user.keyboard('d');
    expect(pan.value).toBe('ABCDE1234F');
    expect(pan.selectionStart).toBe(4);
  });
});
