import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERRAL_MESSAGES } from '@cardwise/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasterDidMount } from '../../lib/notify.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { cardSummary, Providers } from '../../test/fixtures.tsx';
import ReferralDialog from './referral-dialog.tsx';
import { readPendingClaim } from './referrals-api.ts';

/** A real 1×1 PNG, shared with the server's tests: the dialog checks that a proof is whole. */
const PNG = readFileSync(
  join(import.meta.dirname, '../../../../server/test/fixtures/documents/one-by-one.png'),
);

const CARD = cardSummary({
  bank: 'axis',
  bank_name: 'Axis Bank',
  affiliated_url: 'https://aff.example/axis',
});

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <MemoryRouter>
      <Providers>
        <ReferralDialog card={CARD} bankUrl="https://aff.example/axis" open onOpenChange={onOpenChange} />
      </Providers>
    </MemoryRouter>,
  );
  return { onOpenChange };
}

function signIn() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'arjun@example.com', name: 'Arjun' }),
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('<ReferralDialog> (application spec §2, §5)', () => {
  let tab: { opener: unknown; location: { href: string }; close: ReturnType<typeof vi.fn> };
  beforeEach(() => {
    localStorage.clear();
    tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
  });
  afterEach(() => {
    toast.dismiss();
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('warns anonymous visitors, checks the tracking fields with the spec’s messages, and sends nothing until they pass', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(screen.getByRole('note').textContent).toContain('to be eligible for cashback');
    await userEvent.click(screen.getByLabelText(/Existing credit card holder/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Spec §5: the phone keeps digits (and a leading + until a country code comes off), the PAN is
    // upper-cased alphanumerics.
    const phone = screen.getByLabelText('Mobile number (optional)') as HTMLInputElement;
    await userEvent.type(phone, '98a76-5');
    expect(phone.value).toBe('98765');
    const pan = screen.getByLabelText('PAN (optional)') as HTMLInputElement;
    await userEvent.type(pan, 'abc de1234f9');
    expect(pan.value).toBe('ABCDE1234F');
    await userEvent.type(screen.getByLabelText('Email (optional)'), 'arjun@');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Axis Bank/ }));

    expect(screen.getByText(REFERRAL_MESSAGES.phone)).toBeTruthy();
    expect(screen.getByText(REFERRAL_MESSAGES.email)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(REFERRAL_MESSAGES.formInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.open).not.toHaveBeenCalled();
  });

  it('a letter typed inside the PAN or the phone number stays where it was typed, and so does the caret', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderDialog();
    await userEvent.click(screen.getByLabelText(/Existing credit card holder/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Upper-casing (or dropping a refused character) rewrote the value and sent the caret to the
    // end: the next key of a correction landed there ("ABCE1234FD" for "ABCDE1234F").
    const pan = screen.getByLabelText('PAN (optional)') as HTMLInputElement;
    await userEvent.type(pan, 'abe1234f');
    await userEvent.type(pan, 'c-d', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(pan.value).toBe('ABCDE1234F');
    expect(pan.selectionStart).toBe(4);
    const phone = screen.getByLabelText('Mobile number (optional)') as HTMLInputElement;
    await userEvent.type(phone, '98763210');
    await userEvent.type(phone, '5 4', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(phone.value).toBe('9876543210');
    expect(phone.selectionStart).toBe(6);
  });

  /** The dialog on its Referral step (an existing holder, past Customer Type), `fetch` stubbed. */
  async function openReferralStep(fetchMock: ReturnType<typeof vi.fn> = vi.fn()) {
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Existing credit card holder/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    return user;
  }

  it.each(['+91 98765 43210', '+91-98765-43210', '098765 43210'])(
    'a pasted %s becomes its 10 digits (the 10-character limit no longer cuts it first)',
    async (pasted) => {
      const user = await openReferralStep();
      const phone = screen.getByLabelText('Mobile number (optional)') as HTMLInputElement;
      await user.click(phone);
      await user.paste(pasted);
      expect(phone.value).toBe('9876543210');
      expect(phone.selectionStart).toBe(10);
      // A further digit stays, to be refused by the check, rather than be dropped unseen.
      await user.type(phone, '7');
      expect(phone.value).toBe('98765432107');
    },
  );

  it.each(['ABCDE 1234 F', 'abcde-1234-f'])(
    'a pasted PAN %s written with separators keeps its last letter',
    async (pasted) => {
      const user = await openReferralStep();
      const pan = screen.getByLabelText('PAN (optional)') as HTMLInputElement;
      await user.click(pan);
      await user.paste(pasted);
      expect(pan.value).toBe('ABCDE1234F');
    },
  );

  /** The Referral step with `typed` typed into the phone key by key and Continue pressed. */
  async function typePhoneAndContinue(typed: string) {
    const fetchMock = vi.fn(async () =>
      json({
        redirect_url: 'https://aff.example/axis?ref=1',
        application_reference: 'CB-2026-ABCDEFGH',
        detail: 'ok',
      }),
    );
    const user = await openReferralStep(fetchMock);
    const phone = screen.getByLabelText('Mobile number (optional)') as HTMLInputElement;
    await user.type(phone, typed);
    await user.click(screen.getByRole('button', { name: /Continue to Axis Bank/ }));
    return { phone, fetchMock };
  }

  it.each(['+91 98765 43210', '098765 43210', '91 98765 43210', '9876543210'])(
    'sends a phone typed key by key as %s as its 10 digits (a 10-digit limit kept "9198765432")',
    async (typed) => {
      const { phone, fetchMock } = await typePhoneAndContinue(typed);
      expect(phone.value).toBe('9876543210');
      await screen.findByText('CB-2026-ABCDEFGH');
      const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(JSON.parse(String(init.body))).toMatchObject({ application_tracking_phone: '9876543210' });
    },
  );

  it.each([
    ['an 11th digit that is no country code', '98765432101', '98765432101'],
    ['a +91 number left unfinished', '+91 98765 432', '98765432'],
  ])('refuses %s instead of sending another number', async (_what, typed, kept) => {
    const { phone, fetchMock } = await typePhoneAndContinue(typed);
    expect(phone.value).toBe(kept);
    expect(screen.getByText(REFERRAL_MESSAGES.phone)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs the departure, opens the bank in a new tab, and keeps the reference for the proof', async () => {
    const fetchMock = vi.fn(async () =>
      json({
        redirect_url: 'https://aff.example/axis?ref=1',
        application_reference: 'CB-2026-ABCDEFGH',
        detail: 'ok',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await userEvent.click(screen.getByLabelText(/Existing credit card holder/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText('Mobile number (optional)'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Axis Bank/ }));

    await screen.findByText('CB-2026-ABCDEFGH');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/cards/log-apply-redirect');
    // Spec §7: the codes go lower-case; the JSON path's third is etcc.
    expect(JSON.parse(String(init.body))).toEqual({
      card_id: CARD.id,
      customer_type: 'etcc',
      application_tracking_phone: '9876543210',
    });
    expect(tab.location.href).toBe('https://aff.example/axis?ref=1');
    expect(tab.opener).toBeNull();
    expect(readPendingClaim(CARD.id)).toEqual({
      reference: 'CB-2026-ABCDEFGH',
      customer_type: 'EXISTING_CREDIT_CARD',
    });
    // Anonymous: the proof needs a login.
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Proof' })).toBeNull();
  });

  it("starts a signed-in person's tracking email as their account's, still theirs to change", async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    renderDialog();
    await userEvent.click(screen.getByLabelText(/Existing credit card holder/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByLabelText('Email (optional)') as HTMLInputElement;
    expect(email.value).toBe('arjun@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'arjun.work@example.com');
    expect(email.value).toBe('arjun.work@example.com');
  });

  it('shows the server’s message, closes the blank tab and stays on the step when logging fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: 'Card not found.' }, 404)),
    );
    renderDialog();
    await userEvent.click(screen.getByLabelText(/New to the bank/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: /Continue to Axis Bank/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Card not found.');
    expect(tab.close).toHaveBeenCalled();
    expect(readPendingClaim(CARD.id)).toBeNull();
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), 'Network Error'],
    ['a server fault', async () => json({ detail: 'Something went wrong on our side.' }, 503), 'Error 503'],
  ] as const)(
    'says so in the error catalogue’s toast too when the call gets %s',
    async (_what, answer, title) => {
      toasterDidMount();
      vi.stubGlobal('fetch', vi.fn(answer));
      renderDialog();
      render(<Toaster />);
      await userEvent.click(screen.getByLabelText(/New to the bank/));
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await userEvent.click(screen.getByRole('button', { name: /Continue to Axis Bank/ }));
      expect((await screen.findAllByRole('alert'))[0]?.textContent).toBe(REFERRAL_MESSAGES.redirectFailed);
      expect(await screen.findByText(title)).toBeTruthy();
      expect(tab.close).toHaveBeenCalled();
    },
  );

  it('uploads the proof of a signed-in user: Submit Proof waits for an image, then shows the outcome', async () => {
    signIn();
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      if (typeof init.body === 'string') {
        return json({
          redirect_url: 'https://aff.example/axis',
          application_reference: 'CB-2026-ABCDEFGH',
          detail: '',
        });
      }
      return json({
        application_reference: 'CB-2026-ABCDEFGH',
        status: 'pending_review',
        detail: 'Proof received for the card.',
        received_at: '2026-11-25T10:00:00.000Z',
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.click(screen.getByLabelText(/Existing credit card holder/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: /Continue to Axis Bank/ }));

    const submit = await screen.findByRole('button', { name: 'Submit Proof' });
    // What becomes of the claim is said before the screenshot is handed over.
    expect(screen.getByTestId('claim-terms').textContent).toContain(
      "An approved claim's cashback is sent as a gift card to your account's email",
    );
    expect(submit).toHaveProperty('disabled', true);
    // Nothing is wrong yet: the missing proof is said once the person tries without one.
    expect(screen.queryByText(REFERRAL_MESSAGES.proofRequired)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    // The picker emptied: now it is said.
    fireEvent.change(input, { target: { files: [] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(REFERRAL_MESSAGES.proofRequired));
    await userEvent.upload(input, new File(['%PDF-1.4'], 'ack.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(REFERRAL_MESSAGES.proofType));
    expect(submit).toHaveProperty('disabled', true);
    // A 0-byte screenshot is said to be empty, here, before any upload.
    await userEvent.upload(input, new File([], 'ack.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(REFERRAL_MESSAGES.proofEmpty));
    expect(submit).toHaveProperty('disabled', true);
    // A screenshot cut short is said to be damaged, here too.
    await userEvent.upload(
      input,
      new File([new Uint8Array(PNG.subarray(0, 40))], 'ack.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This file is damaged or incomplete. Please choose another file.',
      ),
    );
    expect(submit).toHaveProperty('disabled', true);
    // Its content decides, not the declared type: a whole PNG handed over with none is taken.
    await userEvent.upload(input, new File([new Uint8Array(PNG)], 'ack.png', { type: '' }), {
      applyAccept: false,
    });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await userEvent.click(submit);

    await screen.findByText('Proof received for the card.');
    // Where to find the claim again once the dialog is closed.
    expect(screen.getByRole('link', { name: 'your profile' }).getAttribute('href')).toBe(
      '/profile#cashback-claims',
    );
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    const form = init.body as FormData;
    // The upload path's code for an existing card holder is ecc (spec §7).
    expect(form.get('customer_type')).toBe('ecc');
    expect(form.get('application_reference')).toBe('CB-2026-ABCDEFGH');
    expect((form.get('proof_image') as File).name).toBe('ack.png');
    await waitFor(() => expect(readPendingClaim(CARD.id)).toBeNull());
  });

  it('keeps Continue reachable by Tab before a type is chosen, and says what is missing when it is pressed', async () => {
    renderDialog();
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Your relationship with Axis Bank' });
    const [firstRadio] = screen.getAllByRole('radio');
    const continueButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
    // A disabled Continue was no Tab stop: the dialog's trap went from the radios back to Close.
    expect(continueButton.disabled).toBe(false);
    firstRadio?.focus();
    await user.tab();
    expect(document.activeElement).toBe(continueButton);

    await user.click(continueButton);
    const message = screen.getByText(REFERRAL_MESSAGES.customerTypeRequired);
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(firstRadio);
    expect(screen.queryByLabelText('Email (optional)')).toBeNull();

    await user.click(screen.getByLabelText(/New to the bank/));
    expect(screen.queryByText(REFERRAL_MESSAGES.customerTypeRequired)).toBeNull();
    expect(group.getAttribute('aria-describedby')).toBeNull();
  });

  it('moves the focus to each new step’s heading, and to the first field to fix on an invalid submit', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Existing bank customer/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = screen.getByRole('heading', { name: 'Step 2 of 4: Referral' });
    expect(document.activeElement).toBe(heading);
    // At 320 px the dialog scrolls: the new step's start comes into its view.
    expect(scrolled.mock.contexts.at(-1)).toBe(heading);

    await user.type(screen.getByLabelText('PAN (optional)'), 'ABC');
    await user.type(screen.getByLabelText('Referral code (optional)'), 'bad code!');
    await user.click(screen.getByRole('button', { name: /Continue to Axis Bank/ }));
    expect(document.activeElement).toBe(screen.getByLabelText('PAN (optional)'));
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 1 of 4: Customer Type' }));
    scrolled.mockRestore();
  });

  it('offers a proof for a departure logged earlier on this device', async () => {
    signIn();
    localStorage.setItem(
      `cashback_pending:${CARD.id}`,
      JSON.stringify({ reference: 'CB-2026-ZZZZZZZZ', customer_type: 'NEW_TO_BANK' }),
    );
    renderDialog();
    await userEvent.click(
      screen.getByRole('button', { name: /Already applied\? Upload your proof \(CB-2026-ZZZZZZZZ\)/ }),
    );
    expect(screen.getByRole('button', { name: 'Submit Proof' })).toHaveProperty('disabled', true);
  });
});
