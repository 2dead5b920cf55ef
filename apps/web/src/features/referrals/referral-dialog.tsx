import {
  APPLICATION_MESSAGES,
  type CardSummary,
  type CashbackProofResponse,
  CUSTOMER_TYPES,
  type CustomerType,
  isWholeDocument,
  MAX_PROOF_BYTES,
  normalisePanInput,
  REFERRAL_MESSAGES,
  referralTrackingSchema,
  sniffDocumentType,
} from '@cardwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ExternalLink, ImageUp, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { serverReasonOr } from '../../lib/api-errors.ts';
import { normaliseKeepingCaret } from '../../lib/keep-caret.ts';
import { toastUnanswered } from '../../lib/notify.ts';
import { INDIA_CALLING_CODE, normaliseMobileInput, pasteMobileNumber } from '../../lib/phone-input.ts';
import { accountKeys } from '../accounts/accounts-api.ts';
import { TextField } from '../accounts/form-controls.tsx';
import { bankSite } from '../cards/bank-site.ts';
import { ModalDialog } from '../layout/modal-dialog.tsx';
import { Notice } from '../layout/notice.tsx';
import { useSession } from '../layout/use-session.ts';
import { MY_CASHBACK_CLAIMS_SECTION_ID } from './my-cashback-claims-section.tsx';
import {
  clearPendingClaim,
  logApplyRedirect,
  type PendingClaim,
  readPendingClaim,
  savePendingClaim,
  uploadProof,
} from './referrals-api.ts';

/** Spec §2: four steps (internal states select-customer-type → enter-referral → upload-proof → validating-application). */
type Step = 'select-customer-type' | 'enter-referral' | 'upload-proof' | 'validating-application';

/**
 * A step's buttons stay in view at the foot of the dialog while its body scrolls: on a phone the
 * dialog scrolls within 90% of the screen, and "Continue" sat cut off at its bottom edge. The
 * negative margins reach the panel's padding (ModalDialog's p-6), so the bar spans it edge to edge.
 */
const STICKY_ACTIONS = 'sticky -bottom-6 z-10 -mx-6 border-t border-border bg-card px-6 py-3';

const STEPS: { id: Step; label: string }[] = [
  { id: 'select-customer-type', label: 'Customer Type' },
  { id: 'enter-referral', label: 'Referral' },
  { id: 'upload-proof', label: 'Upload Proof' },
  { id: 'validating-application', label: 'Validation' },
];

const CUSTOMER_TYPE_TEXT: Record<CustomerType, { title: string; hint: (bank: string) => string }> = {
  NEW_TO_BANK: { title: 'New to the bank', hint: (bank) => `You have no account or card with ${bank}.` },
  EXISTING_TO_BANK: {
    title: 'Existing bank customer',
    // Not "with {bank}": some issuers are card companies (SBI Card), not the bank holding the account.
    hint: () =>
      'You have a savings or salary account with the bank behind this card, but not its credit card.',
  },
  EXISTING_CREDIT_CARD: {
    title: 'Existing credit card holder',
    hint: (bank) => `You already hold a credit card from ${bank}.`,
  },
};

/**
 * What the chosen proof is, by its content as the server decides it: a screenshot or photo
 * (PNG or JPEG), and whole. The declared type is not asked: a PNG some file pickers hand over
 * with none was refused here though the server takes it.
 */
async function proofProblem(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffDocumentType(bytes.subarray(0, 8));
  if (type !== 'image/png' && type !== 'image/jpeg') return REFERRAL_MESSAGES.proofType;
  return isWholeDocument(type, bytes) ? null : APPLICATION_MESSAGES.damagedFile;
}

type TrackingForm = {
  application_tracking_email: string;
  application_tracking_phone: string;
  application_tracking_pan: string;
  referral_code: string;
};
const EMPTY_FORM: TrackingForm = {
  application_tracking_email: '',
  application_tracking_phone: '',
  application_tracking_pan: '',
  referral_code: '',
};

/** What the referral steps show and record of the card: a list's card or the apply answer's. */
type ReferralCard = Pick<CardSummary, 'id' | 'name' | 'bank_name'>;

interface Props {
  card: ReferralCard;
  /** The bank's application page as the catalogue knows it (opened at once, replaced by the server's answer). */
  bankUrl: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The referral and proof-upload dialog (application spec §2, §4, §5): the customer type,
 * optional tracking details, the bank's site in a new tab, then a screenshot as proof for
 * the cashback. Closing it resets every field (it is mounted only while open).
 */
export default function ReferralDialog({ card, bankUrl, open, onOpenChange }: Props) {
  const bank = card.bank_name;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      width="lg"
      closeButton
      title={`Apply on ${bankSite(bank, 'website')}`}
      description={`${card.name}: tell us how you are applying, finish on ${bankSite(bank, 'site')}, then upload a screenshot of its confirmation to claim your cashback.`}
    >
      {open ? <ReferralFlow card={card} bankUrl={bankUrl} onClose={() => onOpenChange(false)} /> : null}
    </ModalDialog>
  );
}

function ReferralFlow({
  card,
  bankUrl,
  onClose,
}: {
  card: ReferralCard;
  bankUrl: string;
  onClose: () => void;
}) {
  const user = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingClaim | null>(() => readPendingClaim(card.id));
  const [step, setStep] = useState<Step>('select-customer-type');
  const [customerType, setCustomerType] = useState<CustomerType | null>(pending?.customer_type ?? null);
  // A signed-in person's tracking email starts as their account's (the cashback goes to it; the
  // step's warning asks a signed-out one to use it): still theirs to change or clear.
  const [form, setForm] = useState<TrackingForm>(() => ({
    ...EMPTY_FORM,
    application_tracking_email: user?.email ?? '',
  }));
  const [typeError, setTypeError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof TrackingForm, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<
    | { kind: 'sending' }
    | { kind: 'done'; answer: CashbackProofResponse }
    | { kind: 'failed'; message: string }
  >({ kind: 'sending' });
  const bank = card.bank_name;
  const radioName = useId();
  const typeErrorId = useId();
  const firstRadio = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // The button that moved the person on went with its step, and at 320 px the new step began
  // above the dialog's scrolled view: its heading takes the focus, so a screen reader says
  // which step this is, and comes into view (WCAG 2.4.3). Not on opening: Radix focuses the
  // dialog's first control then.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus({ preventScroll: true });
    stepHeading.current?.scrollIntoView({ block: 'nearest' });
  }, [step]);

  const setField = (name: keyof TrackingForm, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    setFormError(null);
  };

  const chooseType = (event: FormEvent) => {
    event.preventDefault();
    if (customerType) return setStep('enter-referral');
    // Rendered before the focus moves, so the group is announced with its message.
    flushSync(() => setTypeError(REFERRAL_MESSAGES.customerTypeRequired));
    firstRadio.current?.focus();
  };

  const proceedToBank = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!customerType || leaving) return;
    const parsed = referralTrackingSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<keyof TrackingForm, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof TrackingForm] ??= issue.message;
      const fields = event.currentTarget;
      // As the register page: the first field to fix takes the focus, its message already wired
      // to it (rendered first), instead of leaving the person on the button.
      flushSync(() => {
        setErrors(next);
        setFormError(REFERRAL_MESSAGES.formInvalid);
      });
      fields.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    // Opened now, inside the click: a window opened after the request would be blocked as a pop-up.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setLeaving(true);
    try {
      const answer = await logApplyRedirect({
        card_id: card.id,
        customer_type: customerType,
        ...parsed.data,
      });
      if (tab) tab.location.href = answer.redirect_url;
      else window.open(answer.redirect_url, '_blank', 'noopener,noreferrer');
      const claim = {
        reference: answer.application_reference,
        customer_type: customerType,
        referral_code: parsed.data.referral_code,
      };
      savePendingClaim(card.id, claim);
      setPending(claim);
      setStep('upload-proof');
    } catch (e) {
      tab?.close();
      setFormError(serverReasonOr(e, REFERRAL_MESSAGES.redirectFailed));
      toastUnanswered(e);
    } finally {
      setLeaving(false);
    }
  };

  /** The latest choice: a slower read of an earlier file does not overwrite it. */
  const choice = useRef(0);
  const chooseFile = async (chosen: File | null) => {
    const mine = ++choice.current;
    setFileError(null);
    setFile(null);
    // The picker emptied (a file taken back): now the missing proof is worth saying.
    if (!chosen) return setFileError(REFERRAL_MESSAGES.proofRequired);
    // A 0-byte file would pass the declared type and be refused by the server as a wrong type.
    if (chosen.size === 0) return setFileError(REFERRAL_MESSAGES.proofEmpty);
    if (chosen.size > MAX_PROOF_BYTES) return setFileError(REFERRAL_MESSAGES.proofTooLarge);
    let problem: string | null;
    try {
      problem = await proofProblem(chosen);
    } catch {
      problem = 'Failed to read file content';
    }
    if (mine !== choice.current) return;
    if (problem) return setFileError(problem);
    setFile(chosen);
  };

  const submitProof = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(REFERRAL_MESSAGES.proofRequired);
    const type = customerType ?? pending?.customer_type;
    if (!type) return setStep('select-customer-type');
    setOutcome({ kind: 'sending' });
    setStep('validating-application');
    try {
      const answer = await uploadProof({
        card_id: card.id,
        customer_type: type,
        referral_code: pending?.referral_code,
        application_reference: pending?.reference,
        proof_image: file,
      });
      clearPendingClaim(card.id);
      // /profile lists it from now on; a list read earlier would miss it.
      void queryClient.invalidateQueries({ queryKey: accountKeys.cashbackClaims });
      setOutcome({ kind: 'done', answer });
    } catch (e) {
      setOutcome({ kind: 'failed', message: serverReasonOr(e, REFERRAL_MESSAGES.proofFailed) });
      toastUnanswered(e);
    }
  };

  const stepIndex = STEPS.findIndex((s) => s.id === step);

  return (
    <>
      <ol
        className="mt-4 grid grid-cols-4 gap-1 text-center text-[11px] font-medium sm:text-xs"
        aria-label="Steps"
      >
        {STEPS.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === stepIndex ? 'step' : undefined}
            className={`rounded-md border-t-4 pt-1.5 ${
              i <= stepIndex ? 'border-primary text-foreground' : 'border-border text-muted-foreground'
            }`}
          >
            {i + 1} {s.label}
          </li>
        ))}
      </ol>

      <h3
        ref={stepHeading}
        tabIndex={-1}
        className="mt-5 scroll-mt-2 text-base font-semibold focus:outline-none"
      >
        Step {stepIndex + 1} of {STEPS.length}: {STEPS[stepIndex]?.label}
      </h3>

      {!user && step !== 'upload-proof' ? (
        <Notice as="div" tone="warning" role="note" icon={AlertTriangle} className="mt-3">
          <p>
            <Link
              to="/login"
              state={{ from: location.pathname + location.search }}
              className="font-semibold underline"
            >
              Log in
            </Link>{' '}
            to be eligible for cashback. Apply with your Aadhaar-registered mobile number and the email of
            your account: the gift card is sent to your registered email.
          </p>
        </Notice>
      ) : null}

      {step === 'select-customer-type' ? (
        <form className="mt-4" onSubmit={chooseType} noValidate>
          <fieldset aria-describedby={typeError ? typeErrorId : undefined}>
            <legend className="text-sm font-semibold">Your relationship with {bank}</legend>
            <div className="mt-2 space-y-2">
              {CUSTOMER_TYPES.map((t, i) => (
                <label
                  key={t}
                  className={`flex cursor-pointer gap-3 rounded-xl border p-3 transition ${
                    customerType === t ? 'border-primary bg-accent' : 'border-border hover:bg-muted'
                  }`}
                >
                  <input
                    ref={i === 0 ? firstRadio : undefined}
                    type="radio"
                    name={radioName}
                    value={t}
                    required
                    checked={customerType === t}
                    onChange={() => {
                      setCustomerType(t);
                      setTypeError(null);
                    }}
                    className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]"
                  />
                  <span>
                    <span className="block text-sm font-semibold">{CUSTOMER_TYPE_TEXT[t].title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {CUSTOMER_TYPE_TEXT[t].hint(bank)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {typeError ? (
              <p id={typeErrorId} className="mt-2 text-xs font-medium text-red-600 dark:text-red-400">
                {typeError}
              </p>
            ) : null}
          </fieldset>
          <div className={`mt-5 flex flex-wrap items-center justify-between gap-3 ${STICKY_ACTIONS}`}>
            {pending ? (
              <button
                type="button"
                className="btn-ghost min-h-11 px-2 text-sm underline"
                onClick={() => setStep('upload-proof')}
              >
                Already applied? Upload your proof ({pending.reference})
              </button>
            ) : (
              <span />
            )}
            {/* Not disabled until a type is chosen: with the radios its only stop, Tab went round
                between the first radio and Close (the dialog traps focus). */}
            <button type="submit" className="btn-primary min-h-11">
              Continue
            </button>
          </div>
        </form>
      ) : null}

      {step === 'enter-referral' ? (
        <form className="mt-4 space-y-3" onSubmit={proceedToBank} noValidate>
          <p className="text-sm text-muted-foreground">
            Optional: the details you will give {bank}, so we can match your application to your cashback.
          </p>
          <TextField
            label="Email (optional)"
            type="email"
            autoComplete="email"
            value={form.application_tracking_email}
            error={errors.application_tracking_email}
            onChange={(e) => setField('application_tracking_email', e.target.value)}
          />
          <TextField
            label="Mobile number (optional)"
            inputMode="numeric"
            autoComplete="tel-national"
            adornment={INDIA_CALLING_CODE}
            value={form.application_tracking_phone}
            error={errors.application_tracking_phone}
            hint="The 10-digit number registered with your Aadhaar."
            onPaste={pasteMobileNumber}
            onChange={(e) =>
              normaliseMobileInput(e.currentTarget, (v) =>
                flushSync(() => setField('application_tracking_phone', v)),
              )
            }
          />
          <TextField
            label="PAN (optional)"
            autoCapitalize="characters"
            // No maxLength: it cut a pasted "ABCDE 1234 F" to "ABCDE 1234" before the separators
            // came off; normalisePanInput keeps the 10 characters once cleaned.
            value={form.application_tracking_pan}
            error={errors.application_tracking_pan}
            placeholder="ABCDE1234F"
            onChange={(e) =>
              normaliseKeepingCaret(e.currentTarget, normalisePanInput, (v) =>
                flushSync(() => setField('application_tracking_pan', v)),
              )
            }
          />
          <TextField
            label="Referral code (optional)"
            maxLength={40}
            value={form.referral_code}
            error={errors.referral_code}
            onChange={(e) => setField('referral_code', e.target.value.trim())}
          />
          {formError ? (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {formError}
            </p>
          ) : null}
          <div className={`flex flex-wrap justify-between gap-3 ${STICKY_ACTIONS}`}>
            <button
              type="button"
              className="btn-outline min-h-11"
              onClick={() => setStep('select-customer-type')}
            >
              Back
            </button>
            <button type="submit" className="btn-primary min-h-11" disabled={leaving}>
              {leaving ? (
                <>
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Opening {bank}…
                </>
              ) : (
                <>
                  Continue to {bank} <ExternalLink className="size-4" aria-hidden="true" />
                </>
              )}
            </button>
          </div>
          <p className="text-xs text-muted-foreground">
            Opens {new URL(bankUrl, window.location.href).host} in a new tab. Approval, limits and final terms
            are decided by {bank}.
          </p>
        </form>
      ) : null}

      {step === 'upload-proof' ? (
        <form className="mt-4 space-y-3" onSubmit={submitProof}>
          {pending ? (
            <p className="text-sm">
              Your reference: <strong className="font-mono">{pending.reference}</strong>
            </p>
          ) : null}
          {user ? (
            <>
              <p className="text-sm text-muted-foreground">
                Once {bank} has received your application, upload a screenshot of its confirmation page or
                email (PNG or JPG, at most 5 MB).
              </p>
              {/* What happens to the claim, said before the PAN and screenshot are handed over: a
                  reviewer found the dialog asked for them for a reward it never described. */}
              <p className="text-sm text-muted-foreground" data-testid="claim-terms">
                We check each proof by hand. An approved claim's cashback is sent as a gift card to your
                account's email, and the claim's status shows on your profile.
              </p>
              <ProofPicker file={file} error={fileError} onChoose={chooseFile} />
              <div className={`flex flex-wrap justify-between gap-3 ${STICKY_ACTIONS}`}>
                <button type="button" className="btn-outline min-h-11" onClick={onClose}>
                  Later
                </button>
                <button type="submit" className="btn-primary min-h-11" disabled={!file}>
                  Submit Proof
                </button>
              </div>
            </>
          ) : (
            <div className="space-y-3">
              <p className="text-sm">
                Log in to upload your proof. Your reference is kept on this device: open Apply on this card
                again after signing in to upload it.
              </p>
              <Link
                to="/login"
                state={{ from: location.pathname + location.search }}
                className="btn-primary min-h-11"
              >
                Sign In
              </Link>
            </div>
          )}
        </form>
      ) : null}

      {step === 'validating-application' ? (
        <div className="mt-4 text-center" aria-live="polite">
          {outcome.kind === 'sending' ? (
            <div className="flex flex-col items-center gap-3 py-4">
              <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
              <p className="text-sm font-medium">Submitting your proof…</p>
            </div>
          ) : outcome.kind === 'done' ? (
            <div className="flex flex-col items-center gap-3 py-2">
              <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
              <p className="text-base font-semibold">Proof received</p>
              <p className="text-sm text-muted-foreground">{outcome.answer.detail}</p>
              <p className="text-sm">
                Reference: <strong className="font-mono">{outcome.answer.application_reference}</strong>
              </p>
              <p className="text-sm text-muted-foreground">
                You can follow this claim on{' '}
                <Link
                  to={`/profile#${MY_CASHBACK_CLAIMS_SECTION_ID}`}
                  className="tap-inline font-medium text-primary underline-offset-2 hover:underline"
                >
                  your profile
                </Link>
                .
              </p>
              <button type="button" className="btn-primary mt-2 min-h-11" onClick={onClose}>
                Done
              </button>
            </div>
          ) : (
            <div className="flex flex-col items-center gap-3 py-2">
              <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
                {outcome.message}
              </p>
              <button type="button" className="btn-primary min-h-11" onClick={() => setStep('upload-proof')}>
                Try again
              </button>
            </div>
          )}
        </div>
      ) : null}
    </>
  );
}

function ProofPicker({
  file,
  error,
  onChoose,
}: {
  file: File | null;
  error: string | null;
  onChoose: (file: File | null) => void;
}) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div>
      <label
        htmlFor={inputId}
        className="flex min-h-28 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border p-4 text-center text-sm transition hover:bg-muted focus-within:ring-2 focus-within:ring-primary/40"
      >
        {preview ? (
          <img src={preview} alt="Your proof" className="max-h-40 rounded-md object-contain" />
        ) : (
          <ImageUp className="size-8 text-muted-foreground" aria-hidden="true" />
        )}
        <span className="font-medium">{file ? file.name : 'Choose a screenshot (PNG or JPG)'}</span>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          className="sr-only"
          aria-invalid={Boolean(error)}
          onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        />
      </label>
      {/* Spec §5's 'Please select a file to upload.' only once the person has tried without a
          file (an emptied picker, a submit): shown as the step opened, it read as a mistake
          before anything was done. 'Submit Proof' stays disabled until a file is chosen. */}
      {error ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
