import {
  type Application,
  applicationConsentText,
  DOCUMENT_NAMES,
  type DocumentType,
  FINAL_STATUSES,
  isDocumentTooOld,
} from '@cardwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Loader2 } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { describeError, isApiError } from '../../lib/api-errors.ts';
import { toastCallFailure } from '../../lib/failure-toast.ts';
import { formatDay, formatInr, maskAadhaar, maskPan } from '../../lib/format.ts';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { CheckboxField } from '../accounts/form-controls.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { clearStoredApplication } from './application-storage.ts';
import { fetchApplication, submitApplication, submitStep } from './applications-api.ts';
import { employmentLabel } from './employment-labels.ts';
import { KYC_SLOTS, TOO_OLD_REVIEW_NOTE } from './kyc-slots.ts';
import { reportFailedSubmission } from './report-failed-submission.ts';
import { PREVIOUS_STEP_LABEL, REQUIRED, RedError, StepHeader } from './step-form.tsx';
import { StepGate } from './step-gate.tsx';
import { applicationKey, useApplication, useWizard } from './wizard-context.ts';

export const NO_DATA = 'No application data found. Please complete previous steps.';
export const CHANGED_ELSEWHERE = 'Your application has changed';
const CHECK_AGAIN =
  'It was changed in another tab or on another device. Please check it again, then confirm and submit.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border border-border">
      <Collapsible.Trigger className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold">
        {title}
        <ChevronDown className={`size-4 transition ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </Collapsible.Trigger>
      <Collapsible.Content className="border-t border-border px-4 py-3">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, v]) => v !== undefined && v !== null && v !== '');
  if (!shown.length) return <p className="text-sm text-muted-foreground">Nothing entered.</p>;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {shown.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="font-medium break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The PAN, masked as banks show it (the page may be seen over a shoulder or in a screenshot), with
 * a button to read it whole: this is the applicant's last look before it goes to the bank, and a
 * slip in its first five letters could not be seen anywhere.
 */
function RevealablePan({ pan }: { pan: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums" data-testid="review-pan">
        {shown ? pan : maskPan(pan)}
      </span>
      <button
        type="button"
        className="text-xs font-semibold text-primary underline-offset-2 hover:underline"
        aria-label={shown ? 'Hide PAN Number' : 'Show PAN Number'}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}

const humanize = (v: unknown) =>
  typeof v === 'string'
    ? v
        .replace(/_/g, ' ')
        .toLowerCase()
        .replace(/\b\w/g, (c) => c.toUpperCase())
    : String(v ?? '');
/** A document as its slot titles it, without the slot's '(optional)': here it is uploaded. */
const documentTitle = (type: string) =>
  Object.hasOwn(DOCUMENT_NAMES, type) ? DOCUMENT_NAMES[type as DocumentType].title : humanize(type);
/** A choice of the employment form, in the form's own words. */
const chosen = (v: unknown) => (typeof v === 'string' ? employmentLabel(v) : undefined);
const rupees = (v: unknown) => (v === undefined || v === '' ? undefined : formatInr(Number(v)));

/** Review Your Application (spec §2, §4 submission sequence). */
export function ReviewStep() {
  usePageTitle('Review Your Application');
  return (
    <StepGate needsCard={false}>
      {(app, id) =>
        !app.application_data.personal_details && !app.application_data.employment_details ? (
          <div>
            <StepHeader
              title="Review Your Application"
              intro="Check everything once more before you submit."
            />
            <RedError>{NO_DATA}</RedError>
          </div>
        ) : (
          <ReviewView id={id} app={app} />
        )
      }
    </StepGate>
  );
}

function ReviewView({ id, app }: { id: string; app: Application }) {
  const { card, base } = useWizard();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { query, update } = useApplication({ nested: true });
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [consented, setConsented] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const issuer = card?.bank_name || app.card_details?.bank_name || null;
  const bankName = issuer ?? 'the bank';
  const cardName = card?.name || app.card_details?.name || null;
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  // One key and one body per visit: a retried submit is the same request, stored once.
  const attempt = useRef({ key: randomUuid(), submittedAt: new Date().toISOString() });
  const p = app.application_data.personal_details ?? {};
  const e = (app.application_data.employment_details ?? {}) as Record<string, string | number>;
  // In the order of the KYC step's slots, not of their uploads (a replaced one came last).
  const slotOrder = (type: string) => KYC_SLOTS.findIndex((slot) => slot.type === type);
  const docs = [...app.application_data.kyc_documents].sort(
    (a, b) => slotOrder(a.document_type) - slotOrder(b.document_type),
  );

  const refetch = () => query.refetch();
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    if (!confirmed || !consented) {
      if (!confirmed) setConfirmError(REQUIRED);
      if (!consented) setConsentError(REQUIRED);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      // What the applicant confirmed is what the bank receives: a change saved meanwhile in another
      // tab or on another device (this page does not see it) was submitted unseen. Changed, the
      // page shows the new version and asks for the confirmation again. (Submitted already, the
      // submit below answers: a retry of this page's own submit is replayed.)
      let fresh: Application;
      try {
        fresh = await fetchApplication(id);
      } catch (err) {
        toastCallFailure(err, 'Submission Failed', describeError(err).message);
        return;
      }
      if (!FINAL_STATUSES.includes(fresh.status) && fresh.updated_at !== app.updated_at) {
        update(fresh);
        setConfirmed(false);
        setConsented(false);
        toast.info(CHANGED_ELSEWHERE, { description: CHECK_AGAIN, duration: TOAST_DURATION_MS });
        return;
      }
      if (app.status !== 'review') {
        try {
          // Shown from here on: a retry after a failed submit compares against it, not against
          // the version before this page's own review step.
          const reviewed = await submitStep(id, {
            step: 'review',
            is_completed: true,
            reference_id: app.reference_id,
            data: {
              confirmed: true,
              consented: true,
              application: {
                id: app.id,
                reference_id: app.reference_id,
                status: app.status,
                current_step: app.current_step,
              },
            },
          });
          update(reviewed);
        } catch (err) {
          reportFailedSubmission(err, refetch, 'Failed to submit review', describeError(err).message);
          return;
        }
      }
      let submitted: Application;
      try {
        submitted = await submitApplication(
          id,
          { submitted_at: attempt.current.submittedAt, status: 'submitted', reference_id: app.reference_id },
          attempt.current.key,
        );
      } catch (err) {
        reportFailedSubmission(
          err,
          refetch,
          'Submission Failed',
          isApiError(err) ? err.message : 'An unexpected error occurred.',
        );
        return;
      }
      clearStoredApplication();
      navigate(`${base}/${app.reference_id}/success`, {
        replace: true,
        state: { referenceId: app.reference_id, card },
      });
      // After leaving (refetched here, the submitted application would swap this step for the
      // already-submitted panel for a moment before the success page): the Back button then
      // finds the steps as submitted at once. The success page reads it by its reference (the
      // numeric id left the browser's storage above) and shows only a submitted application.
      queryClient.setQueryData(applicationKey(id), submitted);
      queryClient.setQueryData(applicationKey(submitted.reference_id), submitted);
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepHeader title="Review Your Application" intro="Check everything once more before you submit." />
      {/* Which card this is for: the page listed the applicant's details and never the card. */}
      {cardName ? (
        <p className="-mt-3 mb-6 text-sm" data-testid="review-card">
          Applying for <span className="font-semibold">{cardName}</span>
          {issuer && !cardName.includes(issuer) ? ` from ${issuer}` : ''}.
        </p>
      ) : null}
      <div className="space-y-4">
        <Section title="Personal Details">
          <Rows
            rows={[
              ['Full Name', p.full_name],
              ['Date of Birth', p.date_of_birth ? formatDay(p.date_of_birth) : undefined],
              ['Gender', humanize(p.gender)],
              ['PAN Number', p.pan_number ? <RevealablePan key="pan" pan={p.pan_number} /> : undefined],
              ['Aadhaar', maskAadhaar(p.aadhaar_masked ?? p.aadhaar_last4)],
              ['Mobile', p.mobile],
              ['Email', p.email],
              ['Address', [p.address_line1, p.address_line2].filter(Boolean).join(', ')],
              ['City', p.city],
              ['State', p.state],
              ['PIN Code', p.pincode],
              ['Country', p.country],
            ]}
          />
        </Section>
        <Section title="Employment Details">
          <Rows
            rows={[
              ['Employment Type', chosen(e.employment_type)],
              ['Company Name', e.company_name],
              ['Designation', e.designation],
              ['Industry', chosen(e.industry)],
              ['Company Type', chosen(e.company_type)],
              [
                'Work Experience',
                e.work_experience_years !== undefined ? `${e.work_experience_years} years` : undefined,
              ],
              ['Annual Income', rupees(e.annual_income)],
              ['Monthly Income', rupees(e.monthly_income)],
              ['Existing Credit Cards', chosen(e.existing_credit_cards)],
              ['Existing Credit Card Limit', rupees(e.existing_credit_card_limit)],
              ['Existing Loan EMI', rupees(e.existing_loan_emi)],
            ]}
          />
        </Section>
        <Section title="KYC Documents">
          {docs.length ? (
            <ul className="space-y-1.5 text-sm">
              {docs.map((d) => (
                <li key={d.document_type} className="flex flex-wrap justify-between gap-2">
                  <span className="text-muted-foreground">{documentTitle(d.document_type)}</span>
                  <span className="font-medium break-all">{d.file_name}</span>
                  {/* Said before the submit refuses it (ADR 026): 'Back' leads to its slot. */}
                  {isDocumentTooOld(d.uploaded_at) ? (
                    <span
                      className="basis-full text-xs text-amber-700 dark:text-amber-400"
                      data-testid={`review-too-old-${d.document_type}`}
                    >
                      {TOO_OLD_REVIEW_NOTE}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No documents uploaded.</p>
          )}
        </Section>
      </div>
      <div className="mt-6 rounded-xl bg-muted p-4">
        <CheckboxField
          label="I confirm that the information provided is correct and complete."
          checked={confirmed}
          required
          aria-invalid={confirmError ? true : undefined}
          // The gated button never lets the submit-time check run: the box says it is required
          // when it is unticked or left unticked (as the other steps' fields do; ADR 015).
          onChange={(ev) => {
            setConfirmed(ev.target.checked);
            setConfirmError(ev.target.checked ? null : REQUIRED);
          }}
          onBlur={(ev) => {
            if (!ev.target.checked) setConfirmError(REQUIRED);
          }}
        />
        {confirmError ? (
          <p className="mt-2 text-xs font-medium text-red-600 dark:text-red-400">{confirmError}</p>
        ) : null}
        {/* The authorisation the bank needs before it may look at the application (ADR 025):
            asked here, where the applicant sends it, naming the bank that receives it. */}
        <div className="mt-4">
          <CheckboxField
            label={applicationConsentText(bankName)}
            checked={consented}
            required
            aria-invalid={consentError ? true : undefined}
            onChange={(ev) => {
              setConsented(ev.target.checked);
              setConsentError(ev.target.checked ? null : REQUIRED);
            }}
            onBlur={(ev) => {
              if (!ev.target.checked) setConsentError(REQUIRED);
            }}
          />
          {consentError ? (
            <p className="mt-2 text-xs font-medium text-red-600 dark:text-red-400">{consentError}</p>
          ) : null}
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          className="btn-outline"
          onClick={() => navigate(`${base}/${app.reference_id}/kyc`, { replace: true, state: { card } })}
          aria-label={PREVIOUS_STEP_LABEL}
        >
          Back
        </button>
        <button type="submit" className="btn-primary" disabled={!confirmed || !consented || submitting}>
          {submitting ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          Review and Submit
        </button>
      </div>
    </form>
  );
}
