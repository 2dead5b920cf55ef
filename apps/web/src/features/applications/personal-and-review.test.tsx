import type { Application, ApplicationDocument, Profile } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasterDidMount } from '../../lib/notify.ts';
import {
  APPLICATION_REFERENCE,
  applicationFixture,
  cardDetailFixture,
  documentFixture,
  jsonResponse,
  Providers,
  profileFixture,
} from '../../test/fixtures.tsx';
import { expectSessionExpiredAlone, tokenRefused } from '../../test/session-ended.ts';
import { renderWizardAt, signInAsApplicant } from '../../test/wizard.tsx';
import { accountMobile, PersonalStep } from './personal-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { WizardContext } from './wizard-context.ts';

const REFERENCE = APPLICATION_REFERENCE;
const CARD = cardDetailFixture({ id: 'hdfc_millennia' });

function application(personal: Application['application_data']['personal_details']): Application {
  return applicationFixture({}, { personal_details: personal });
}

const profile = profileFixture;

const json = (body: unknown) => jsonResponse(body);

/** The server: this application, and this profile (or a promise of it, to answer late). */
function serve(app: Application, account: Profile | Promise<Profile>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('accounts/profile')) return json(await account);
      // By its reference, then by the numeric id the browser keeps once it has it.
      if (url.includes(`leads/applications/${REFERENCE}/`) || url.includes(`leads/applications/${app.id}/`))
        return json(app);
      throw new Error(`unexpected request ${url}`);
    }),
  );
}

const renderStep = (step: 'personal' | 'review') =>
  renderWizardAt(step, { personal: <PersonalStep />, review: <ReviewStep /> }, CARD);

const mobile = () => screen.findByLabelText<HTMLInputElement>('Mobile Number');

/** A personal section with every field filled in but the mobile number. */
const SAVED_PERSONAL = {
  full_name: 'Meera Iyer',
  date_of_birth: '1991-04-12',
  gender: 'FEMALE' as const,
  pan_number: 'ABCPI1234K',
  address_line1: '14 Residency Road',
  state: 'Karnataka',
  city: 'Bengaluru',
  pincode: '560025',
  country: 'India',
  email: 'meera@example.com',
};

/**
 * The personal step of the served draft, its selects chosen (jsdom leaves prefilled selects
 * blank) and 'Save & Continue' pressed once it is enabled.
 */
async function savePersonalDraft() {
  renderStep('personal');
  const user = userEvent.setup();
  const save = await screen.findByRole('button', { name: 'Save & Continue' });
  await user.selectOptions(screen.getByLabelText('Gender'), 'FEMALE');
  await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
  await user.selectOptions(screen.getByLabelText('City'), 'Bengaluru');
  await waitFor(() => expect(save).toHaveProperty('disabled', false));
  await user.click(save);
  return user;
}

beforeEach(() => {
  localStorage.clear();
  signInAsApplicant();
});

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe("personal details: the account's mobile number", () => {
  it('fills an empty Mobile Number from the account', async () => {
    serve(application(null), profile({ phone_number: '9876501234' }));
    renderStep('personal');
    await waitFor(async () => expect((await mobile()).value).toBe('9876501234'));
    // The rest of what the session knows, as before.
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Meera Iyer');
  });

  it("never replaces a saved draft's number", async () => {
    serve(
      application({ full_name: 'Meera Iyer', mobile: '9123456780' }),
      profile({ phone_number: '9876501234' }),
    );
    renderStep('personal');
    expect((await mobile()).value).toBe('9123456780');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(expect.stringContaining('accounts/profile'), expect.anything()),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect((await mobile()).value).toBe('9123456780');
  });

  it('never replaces what the user typed before the account answered, even when cleared again', async () => {
    let answer: (p: Profile) => void = () => {};
    serve(application(null), new Promise<Profile>((r) => (answer = r)));
    renderStep('personal');
    const user = userEvent.setup();
    const field = await mobile();
    await user.type(field, '98');
    answer(profile({ phone_number: '9876501234' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(field.value).toBe('98');
    await user.clear(field);
    await new Promise((r) => setTimeout(r, 50));
    expect(field.value).toBe('');
  });

  it('fills nothing when the account has no mobile number', async () => {
    serve(application(null), profile({ phone_number: null }));
    renderStep('personal');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(expect.stringContaining('accounts/profile'), expect.anything()),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect((await mobile()).value).toBe('');
  });

  it('reads the number as the wizard wants it: 10 digits, or nothing', () => {
    expect(accountMobile(profile({ phone_number: '9876501234' }))).toBe('9876501234');
    expect(accountMobile(profile({ phone_number: '+91 98765 01234' }))).toBe('9876501234');
    expect(accountMobile(profile({ phone_number: '12345' }))).toBeNull();
    expect(accountMobile(profile({ phone_number: null }))).toBeNull();
    expect(accountMobile(undefined)).toBeNull();
  });
});

describe('personal details: what was typed and not saved yet survives a reload', () => {
  it('comes back over the saved values after a reload, and goes once the step is saved', async () => {
    const app = application({ full_name: 'Meera Iyer', mobile: '9123456780', city: 'Pune' });
    let saved: Record<string, unknown> | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('accounts/profile')) return json(profile({ phone_number: null }));
        if (url.endsWith('/submit_step')) {
          saved = (JSON.parse(String(init?.body)) as { data: Record<string, unknown> }).data;
          return json(app);
        }
        return json(app);
      }),
    );
    renderStep('personal');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('PAN Number'), 'abcpi1234k');
    await user.type(screen.getByLabelText('Address Line 1'), '14 Residency Road');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    // A reload (a phone's pull-to-refresh, a tab the phone discarded): the page starts again.
    cleanup();
    renderStep('personal');
    const pan = await screen.findByLabelText<HTMLInputElement>('PAN Number');
    // It came back blank: only a save reached the server.
    expect(pan.value).toBe('ABCPI1234K');
    expect(screen.getByLabelText<HTMLInputElement>('Address Line 1').value).toBe('14 Residency Road');
    expect(
      JSON.parse(sessionStorage.getItem('application_unsaved_personal_details') ?? '{}').values,
    ).toMatchObject({ state: 'Karnataka' });
    // What was saved and not changed here is the server's.
    expect((await mobile()).value).toBe('9123456780');
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Meera Iyer');

    await user.type(screen.getByLabelText('Date of Birth'), '1991-04-12');
    // happy-dom leaves prefilled selects blank (a real browser shows them: see the e2e journey).
    await user.selectOptions(screen.getByLabelText('Gender'), 'FEMALE');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await user.selectOptions(screen.getByLabelText('City'), 'Bengaluru');
    await user.type(screen.getByLabelText('PIN Code'), '560025');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({
      pan_number: 'ABCPI1234K',
      address_line1: '14 Residency Road',
      state: 'Karnataka',
      city: 'Bengaluru',
      mobile: '9123456780',
    });
    // Saved: nothing is kept to stand over the server's copy later.
    expect(sessionStorage.getItem('application_unsaved_personal_details')).toBeNull();
  });

  it("another application's unsaved values never fill this one", async () => {
    sessionStorage.setItem(
      'application_unsaved_personal_details',
      JSON.stringify({ reference_id: 'CW-2026-OTHER000', values: { panNumber: 'ZZZZZ9999Z' }, timestamp: 0 }),
    );
    serve(application(null), profile({ phone_number: null }));
    renderStep('personal');
    expect((await screen.findByLabelText<HTMLInputElement>('PAN Number')).value).toBe('');
  });
});

describe('personal details: a pasted mobile number', () => {
  it.each(['+91 98765 43210', '+91-98765-43210', '098765 43210'])(
    'a pasted %s becomes its 10 digits (the 10-character limit no longer cuts it first)',
    async (pasted) => {
      serve(application(null), profile({ phone_number: null }));
      renderStep('personal');
      const user = userEvent.setup();
      const field = await mobile();
      await user.click(field);
      await user.paste(pasted);
      expect(field.value).toBe('9876543210');
      expect(field.selectionStart).toBe(10);
      // A further digit stays, to be refused by the check, rather than be dropped unseen.
      await user.type(field, '7');
      expect(field.value).toBe('98765432107');
    },
  );

  it('replaces a selected number with the pasted one', async () => {
    serve(application(null), profile({ phone_number: '9123456780' }));
    renderStep('personal');
    const user = userEvent.setup();
    const field = await mobile();
    await waitFor(() => expect(field.value).toBe('9123456780'));
    await user.tripleClick(field);
    await user.paste('+91 98765 43210');
    expect(field.value).toBe('9876543210');
  });
});

describe('personal details: a typed mobile number', () => {
  it('keeps its digits only, so a space between the groups does not cost the last digit', async () => {
    serve(application(null), profile({ phone_number: null }));
    renderStep('personal');
    const user = userEvent.setup();
    const field = await mobile();
    await user.type(field, '98765 43210');
    expect(field.value).toBe('9876543210');
    // A correction inside the number stays where it was typed.
    await user.type(field, '{ArrowLeft}{ArrowLeft}{Backspace}9', { skipClick: true });
    expect(field.value).toBe('9876543910');
  });
});

describe('personal details: a mobile number typed with its country code or trunk 0', () => {
  it.each(['+91 98765 43210', '098765 43210', '91 98765 43210', '9876543210'])(
    'keeps every key of %s and ends at its 10 digits (a 10-character limit kept "9198765432")',
    async (typed) => {
      serve(application(null), profile({ phone_number: null }));
      renderStep('personal');
      const user = userEvent.setup();
      const field = await mobile();
      await user.type(field, typed);
      expect(field.value).toBe('9876543210');
      expect(field.selectionStart).toBe(10);
    },
  );

  it('refuses an 11th digit that is no country code, and a +91 number left unfinished', async () => {
    serve(application(null), profile({ phone_number: null }));
    renderStep('personal');
    const user = userEvent.setup();
    const field = await mobile();
    await user.type(field, '98765432101');
    expect(field.value).toBe('98765432101');
    await user.clear(field);
    await user.type(field, '+91 98765 432');
    // The +91 typed comes off (the field shows one before it): what is left is 8 digits.
    expect(field.value).toBe('98765432');
  });

  it('saves the 10 digits of a number typed as +91 98765 43210', async () => {
    const app = application(SAVED_PERSONAL);
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('accounts/profile')) return json(profile({ phone_number: null }));
        if ((init?.method ?? 'GET') === 'POST' && url.includes('/submit_step')) {
          saved.push(JSON.parse(String(init?.body)));
          return json({ ...app, status: 'personal_details', current_step: 'employment_details' });
        }
        return json(app);
      }),
    );
    renderStep('personal');
    const user = userEvent.setup();
    await user.type(await mobile(), '+91 98765 43210');
    const save = screen.getByRole('button', { name: 'Save & Continue' });
    await user.selectOptions(screen.getByLabelText('Gender'), 'FEMALE');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await user.selectOptions(screen.getByLabelText('City'), 'Bengaluru');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ data: { mobile: '9876543210' } });
  });
});

describe('personal details: the PAN is shown upper-case (spec §5)', () => {
  it('keeps a letter typed inside it, and the caret, where it was typed', async () => {
    serve(application(null), profile());
    renderStep('personal');
    const pan = await screen.findByLabelText<HTMLInputElement>('PAN Number');
    const user = userEvent.setup();
    await user.type(pan, 'abe1234f');
    expect(pan.value).toBe('ABE1234F');
    // Upper-casing rewrote the value and sent the caret to the end: the next key of a
    // correction landed there ("ABCE1234FD" for "ABCDE1234F").
    await user.type(pan, 'cd', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(pan.value).toBe('ABCDE1234F');
    expect(pan.selectionStart).toBe(4);
  });
});

describe('personal details: a PAN pasted with separators', () => {
  it('keeps its last letter', async () => {
    serve(application(null), profile());
    renderStep('personal');
    const pan = await screen.findByLabelText<HTMLInputElement>('PAN Number');
    const user = userEvent.setup();
    await user.click(pan);
    await user.paste('abcde 1234 f');
    expect(pan.value).toBe('ABCDE1234F');
  });
});

describe('personal details: a double-click saves once (spec §4)', () => {
  it('ignores a second Save & Continue in the ~300 ms between the save and the next step', async () => {
    const app = application({ ...SAVED_PERSONAL, mobile: '9876501234' });
    let saves = 0;
    let answered = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('accounts/profile')) return json(profile());
        if ((init?.method ?? 'GET') === 'POST' && url.includes('/submit_step')) {
          saves++;
          answered = true;
          return json({ ...app, status: 'personal_details', current_step: 'employment_details' });
        }
        return json(app);
      }),
    );
    const user = await savePersonalDraft();
    // The save has been answered; the step waits before it moves on.
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    await user.click(screen.getByRole('button', { name: /Save & Continue|Processing/ }));
    await new Promise((r) => setTimeout(r, 400));
    expect(saves).toBe(1);
  });
});

describe('review: identity numbers masked', () => {
  it("shows the PAN as XXXXX1234K, whole at the applicant's click, and the Aadhaar number by its last 4 digits only", async () => {
    serve(
      application({
        full_name: 'Meera Iyer',
        pan_number: 'ABCPI1234K',
        aadhaar_last4: '0124',
        aadhaar_masked: 'XXXXXXXX0124',
        mobile: '9876501234',
      }),
      profile(),
    );
    renderStep('review');
    await screen.findByRole('heading', { name: 'Review Your Application' });
    const pan = screen.getByTestId('review-pan');
    expect(pan.textContent).toBe('XXXXX1234K');
    expect(screen.getByText('Aadhaar').nextElementSibling?.textContent).toBe('XXXX XXXX 0124');
    expect(document.body.textContent).not.toContain('ABCPI');
    // The last look before it goes to the bank: a slip in its first five letters can be read.
    await userEvent.click(screen.getByRole('button', { name: 'Show PAN Number' }));
    expect(pan.textContent).toBe('ABCPI1234K');
    await userEvent.click(screen.getByRole('button', { name: 'Hide PAN Number' }));
    expect(pan.textContent).toBe('XXXXX1234K');
  });

  it('lists the documents in the order of the KYC slots, not of their uploads, titled as the slots are', async () => {
    const doc = (type: ApplicationDocument['document_type'], file_name: string) =>
      documentFixture(type, { file_name });
    const app = application({ full_name: 'Meera Iyer' });
    // The back of the Aadhaar card was replaced last.
    app.application_data.kyc_documents = [
      doc('income_proof', 'slips.pdf'),
      doc('pan', 'pan.png'),
      doc('address_proof', 'bill.png'),
      doc('aadhaar_front', 'front.png'),
      doc('aadhaar_back', 'new-back.png'),
    ];
    serve(app, profile());
    renderStep('review');
    await screen.findByRole('heading', { name: 'Review Your Application' });
    const names = [...document.querySelectorAll('li span.font-medium')].map((n) => n.textContent);
    expect(names).toEqual(['pan.png', 'front.png', 'new-back.png', 'bill.png', 'slips.pdf']);
    // The contracts' titles, which the server's messages use too; an uploaded income proof is
    // not '(optional)' here.
    const titles = [...document.querySelectorAll('li span.text-muted-foreground')].map((n) => n.textContent);
    expect(titles).toEqual([
      'PAN Card',
      'Aadhaar Card (Front)',
      'Aadhaar Card (Back)',
      'Address Proof',
      'Income Proof',
    ]);
  });
});

describe('review: employment answers in the words the form offered them', () => {
  /** The review's row values for an application with these employment answers. */
  async function reviewRows(employment: Record<string, unknown>) {
    serve(
      applicationFixture(
        {},
        {
          personal_details: { full_name: 'Meera Iyer' },
          employment_details: { existing_credit_cards: 'NO', existing_credit_card_limit: '0', ...employment },
        },
      ),
      profile(),
    );
    renderStep('review');
    await screen.findByRole('heading', { name: 'Review Your Application' });
    return (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  }

  it("shows BANKING and MNC as the form offered them ('Banking', 'MNC'), not as 'BANKING' and 'Mnc'", async () => {
    const value = await reviewRows({
      employment_type: 'SELF_EMPLOYED',
      company_name: 'Iyer Traders',
      designation: 'Owner',
      industry: 'BANKING',
      company_type: 'MNC',
      work_experience_years: 6,
      annual_income: '1800000',
      monthly_income: '150000',
    });
    expect(value('Employment Type')).toBe('Self Employed');
    expect(value('Industry')).toBe('Banking');
    expect(value('Company Type')).toBe('MNC');
    expect(value('Existing Credit Cards')).toBe('No');
  });

  it("shows PVT_LTD as the form's 'Private Limited'", async () => {
    const value = await reviewRows({
      employment_type: 'SALARIED',
      industry: 'HEALTHCARE',
      company_type: 'PVT_LTD',
    });
    expect(value('Industry')).toBe('Healthcare');
    expect(value('Company Type')).toBe('Private Limited');
  });
});

/**
 * The review step of an application with this status, confirmed and submitted: reading it works,
 * and every write gets `write`'s answer (or its exception, as fetch throws when none arrives).
 */
async function submitReview(status: Application['status'], write: () => Response) {
  const app = { ...application({ full_name: 'Meera Iyer', mobile: '9876501234' }), status };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if ((init?.method ?? 'GET') === 'GET' && url.includes('leads/applications/')) return json(app);
      return write();
    }),
  );
  renderStep('review');
  render(<Toaster visibleToasts={1} />);
  const user = userEvent.setup();
  await user.click(
    await screen.findByLabelText('I confirm that the information provided is correct and complete.'),
  );
  await user.click(screen.getByLabelText(CONSENT));
  await user.click(screen.getByRole('button', { name: 'Review and Submit' }));
}

/** The review's authorisation, naming the bank of the card applied for. */
const CONSENT = /^I authorise .+ to check my credit report with a credit bureau for this application/;

const REVIEW_CALLS = [
  ["the review step's save", 'draft' as const, 'Failed to submit review'],
  ['the final submit', 'review' as const, 'Submission Failed'],
] as const;

describe('review: a change saved in another tab after this page showed the application', () => {
  it('is shown and confirmed again before anything is submitted', async () => {
    const shown = {
      ...application({ full_name: 'Meera Iyer', mobile: '9876501234', address_line1: '14 Residency Road' }),
      status: 'review' as const,
      current_step: 'review',
    };
    let server = shown;
    const writes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if ((init?.method ?? 'GET') === 'GET') return json(server);
        writes.push(url.slice(url.indexOf('leads/')));
        return json({ ...server, status: 'submitted', submitted_at: '2026-11-25T12:00:00Z' });
      }),
    );
    renderStep('review');
    render(<Toaster />);
    const box = await screen.findByLabelText<HTMLInputElement>(
      'I confirm that the information provided is correct and complete.',
    );
    await screen.findByText('14 Residency Road');
    // Another tab went back to the personal step and saved a new address.
    server = {
      ...shown,
      updated_at: '2026-11-25T11:00:00Z',
      application_data: {
        ...shown.application_data,
        personal_details: { ...shown.application_data.personal_details, address_line1: '7 Lake View' },
      },
    } as typeof shown;
    const user = userEvent.setup();
    const consent = screen.getByLabelText<HTMLInputElement>(CONSENT);
    await user.click(box);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Review and Submit' }));
    // Submitted unseen, with the address this page never showed.
    expect(await screen.findByText('Your application has changed')).toBeTruthy();
    expect(writes).toEqual([]);
    expect(await screen.findByText('7 Lake View')).toBeTruthy();
    expect(box.checked).toBe(false);
    expect(consent.checked).toBe(false);
    // Confirmed and authorised again, it goes.
    await user.click(box);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Review and Submit' }));
    await waitFor(() => expect(writes).toEqual(['leads/applications/7/submit_application']));
  });
});

describe('review: a document too old to submit (ADR 026)', () => {
  it("is marked in the list, and the submit's refusal is shown in the server's words", async () => {
    const old = new Date(Date.now() - 120 * 24 * 60 * 60 * 1000).toISOString();
    const app = {
      ...application({ full_name: 'Meera Iyer', mobile: '9876501234' }),
      status: 'review' as const,
    };
    app.application_data.kyc_documents = [
      documentFixture('pan'),
      documentFixture('address_proof', { file_name: 'bill.pdf', uploaded_at: old }),
    ];
    const detail =
      'Your address proof was uploaded more than 90 days ago. Please upload a current one before submitting.';
    const writes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if ((init?.method ?? 'GET') === 'GET') return json(app);
        writes.push(url.slice(url.indexOf('leads/')));
        return jsonResponse({ detail, code: 'document_too_old' }, 400);
      }),
    );
    renderStep('review');
    render(<Toaster />);
    await screen.findByText('bill.pdf');
    expect(screen.getByTestId('review-too-old-address_proof').textContent).toBe(
      'Uploaded more than 90 days ago: the bank needs a current one. Go back to the documents step to replace it.',
    );
    expect(screen.queryByTestId('review-too-old-pan')).toBeNull();
    const user = userEvent.setup();
    await user.click(
      screen.getByLabelText('I confirm that the information provided is correct and complete.'),
    );
    await user.click(screen.getByLabelText(CONSENT));
    await user.click(screen.getByRole('button', { name: 'Review and Submit' }));
    expect(await screen.findByText('Submission Failed')).toBeTruthy();
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(writes).toEqual(['leads/applications/7/submit_application']);
  });
});

describe("review: a session that cannot be renewed says 'Session Expired' once", () => {
  it.each(REVIEW_CALLS)(
    'when %s meets it, with no toast of its own on top',
    async (_what, status, ownTitle) => {
      await expectSessionExpiredAlone(() => submitReview(status, tokenRefused), ownTitle);
    },
  );
});

describe("review: a save that gets no answer says 'Network Error' (application spec §8)", () => {
  it.each(REVIEW_CALLS)('when %s meets it, instead of its own toast', async (_what, status, ownTitle) => {
    // The app's notifications wait for its own (deferred) Toaster; this one stands in for it.
    toasterDidMount();
    await submitReview(status, () => {
      throw new TypeError('Failed to fetch');
    });
    await screen.findByText(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
    expect(screen.getByText('Network Error')).toBeTruthy();
    expect(screen.queryByText(ownTitle)).toBeNull();
  });
});

describe('personal details: required fields and a refused save', () => {
  it('marks the required fields and says a required one left empty is required', async () => {
    serve(application(null), profile());
    renderStep('personal');
    const name = await screen.findByLabelText<HTMLInputElement>('Full Name');
    expect(name.required).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Address Line 2 (optional)').required).toBe(false);
    const user = userEvent.setup();
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(name, 'Meera Iyer');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    // Date of Birth, where the tab went, was left empty in turn.
    expect(screen.getByLabelText('Date of Birth').getAttribute('aria-invalid')).toBe('true');
  });

  it('moves focus to the first field whose value was refused', async () => {
    serve(
      application({
        full_name: 'Meera Iyer',
        date_of_birth: '1990-04-12',
        pan_number: 'ABC',
        email: 'meera@',
        mobile: '9876501234',
        address_line1: '12 MG Road',
        pincode: '560001',
        country: 'India',
      }),
      profile(),
    );
    await savePersonalDraft();
    // PAN comes before Email in the form: focus goes there, both say what is wrong.
    expect(await screen.findByText('Please enter a valid PAN number (e.g., ABCDE1234F)')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('PAN Number'));
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('submit_step'), expect.anything());
  });
});

describe('personal details: a PIN code of another state (ADR 030)', () => {
  it('is refused on the PIN code, naming its state, and nothing is sent', async () => {
    serve(application({ ...SAVED_PERSONAL, mobile: '9876501234', pincode: '110001' }), profile());
    await savePersonalDraft();
    const message = 'PIN code 110001 is in Delhi, not Karnataka. Check the PIN code or the state.';
    expect(await screen.findByText(message)).toBeTruthy();
    const pincode = screen.getByLabelText('PIN Code');
    expect(pincode.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(pincode);
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('submit_step'), expect.anything());
  });
});

describe('personal details: a save on a slow network', () => {
  const complete = {
    full_name: 'Meera Iyer',
    date_of_birth: '1990-04-12',
    pan_number: 'ABCPI1234K',
    email: 'meera@example.com',
    mobile: '9876501234',
    address_line1: '12 MG Road',
    pincode: '560001',
    country: 'India',
  };

  /** The server: this application, and a submit_step answered once `answer` is called. */
  function slowSave(answer: Promise<Response>) {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('accounts/profile')) return json(profile());
        if (url.endsWith('/submit_step')) {
          sent.push((JSON.parse(String(init?.body)) as { data: Record<string, unknown> }).data);
          return answer;
        }
        return json(application(complete));
      }),
    );
    return sent;
  }

  it('holds the fields while the save is on its way, so no edit is left out of it', async () => {
    let answer: (r: Response) => void = () => {};
    const sent = slowSave(new Promise((r) => (answer = r)));
    const user = await savePersonalDraft();
    await screen.findByText('Processing...');
    const pan = screen.getByLabelText<HTMLInputElement>('PAN Number');
    // Editable, a correction typed now was not in what was sent, and the step moved on without it.
    expect(pan.closest('fieldset')?.disabled).toBe(true);
    await user.type(pan, 'X');
    expect(pan.value).toBe('ABCPI1234K');
    expect(sent).toEqual([expect.objectContaining({ pan_number: 'ABCPI1234K' })]);
    answer(json(application(complete)));
  });

  it('a save answered after the applicant left the step does not pull them back into the wizard', async () => {
    let answer: (r: Response) => void = () => {};
    slowSave(new Promise((r) => (answer = r)));
    function Leave() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/cards')}>
          Credit Cards
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={[`/apply/${REFERENCE}/personal`]}>
        <Providers>
          <WizardContext.Provider value={{ card: CARD, cardId: 'hdfc_millennia', base: '/apply' }}>
            <Leave />
            <Routes>
              <Route path="/apply/:applicationId/personal" element={<PersonalStep />} />
              <Route path="/apply/:applicationId/employment" element={<p>Employment page</p>} />
              <Route path="/cards" element={<p>Cards page</p>} />
            </Routes>
          </WizardContext.Provider>
        </Providers>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save & Continue' });
    await user.selectOptions(screen.getByLabelText('Gender'), 'FEMALE');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await user.selectOptions(screen.getByLabelText('City'), 'Bengaluru');
    await user.click(save);
    await screen.findByText('Processing...');
    await user.click(screen.getByRole('button', { name: 'Credit Cards' }));
    await screen.findByText('Cards page');
    answer(json(application(complete)));
    // The answer's move to the next step took them from the cards page to the employment step.
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.getByText('Cards page')).toBeTruthy();
    expect(screen.queryByText('Employment page')).toBeNull();
  });

  it('opens them again when the server refuses a value, and the focus goes to it', async () => {
    let answer: (r: Response) => void = () => {};
    slowSave(new Promise((r) => (answer = r)));
    await savePersonalDraft();
    await screen.findByText('Processing...');
    answer(
      jsonResponse(
        {
          detail: 'Invalid personal details: pan_number: This PAN is not valid.',
          code: 'invalid',
          errors: [{ path: 'pan_number', message: 'This PAN is not valid.' }],
        },
        400,
      ),
    );
    expect(await screen.findByText('This PAN is not valid.')).toBeTruthy();
    const pan = screen.getByLabelText<HTMLInputElement>('PAN Number');
    expect(pan.closest('fieldset')?.disabled).toBe(false);
    expect(document.activeElement).toBe(pan);
  });
});

describe("review: the required confirmation says 'This field is required.' (application spec §5)", () => {
  const CONFIRM = 'I confirm that the information provided is correct and complete.';
  const reviewOf = async () => {
    serve(application({ full_name: 'Meera Iyer', mobile: '9876501234' }), profile());
    renderStep('review');
    return screen.findByLabelText<HTMLInputElement>(CONFIRM);
  };

  it('when it is left unticked (the gated button never lets the submit-time check run)', async () => {
    const box = await reviewOf();
    expect(screen.getByRole('button', { name: 'Review and Submit' })).toHaveProperty('disabled', true);
    const user = userEvent.setup();
    box.focus();
    await user.tab();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('the authorisation names the bank, is required too, and goes with the review step', async () => {
    const sent: unknown[] = [];
    const app = application({ full_name: 'Meera Iyer', mobile: '9876501234' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') !== 'GET') {
          sent.push(JSON.parse(String(init?.body ?? 'null')));
          return json({ ...app, status: 'submitted', submitted_at: '2026-11-25T12:00:00Z' });
        }
        const url = String(input instanceof Request ? input.url : input);
        return json(url.includes('accounts/profile') ? profile() : app);
      }),
    );
    renderStep('review');
    const box = await screen.findByLabelText<HTMLInputElement>(CONFIRM);
    const consent = screen.getByLabelText<HTMLInputElement>(CONSENT);
    // The card applied for is named (its name holds the bank's, so no "from HDFC Bank").
    expect(screen.getByTestId('review-card').textContent).toBe(`Applying for ${CARD.name}.`);
    expect(consent.labels?.[0]?.textContent).toBe(
      `I authorise ${CARD.bank_name} to check my credit report with a credit bureau for this application, and Cardwise to share this application and its documents with ${CARD.bank_name}.`,
    );
    const user = userEvent.setup();
    await user.click(box);
    const submit = screen.getByRole('button', { name: 'Review and Submit' });
    expect(submit).toHaveProperty('disabled', true);
    consent.focus();
    await user.tab();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    await user.click(consent);
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.click(submit);
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]).toMatchObject({ step: 'review', data: { confirmed: true, consented: true } });
  });

  it('when it is unticked again, and not once it is ticked', async () => {
    const box = await reviewOf();
    const user = userEvent.setup();
    await user.click(box);
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.click(box);
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await user.click(box);
    expect(screen.queryByText('This field is required.')).toBeNull();
  });
});
