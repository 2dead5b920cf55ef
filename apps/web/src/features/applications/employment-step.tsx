import {
  APPLICATION_COMPANY_TYPES,
  APPLICATION_EMPLOYMENT_TYPES,
  APPLICATION_INDUSTRIES,
  type Application,
  EMPLOYMENT_DEPENDENCIES,
  EMPLOYMENT_REQUIRED,
  employmentDetailsSchema,
  fieldApplies,
  toSnakeCase,
} from '@cardwise/contracts';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SelectField, TextField } from '../accounts/form-controls.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { readStoredApplication } from './application-storage.ts';
import { employmentLabel } from './employment-labels.ts';
import { amountAsRead, belowCardMinimum, incomeMismatch } from './income-check.ts';
import { readSavedStep } from './read-saved-step.ts';
import { registerStepField } from './register-step-field.ts';
import { isBlank, StepButtons, StepFieldset, StepHeader, toPayload } from './step-form.tsx';
import { StepGate } from './step-gate.tsx';
import { readUnsaved } from './unsaved-input.ts';
import { useKeepUnsaved } from './use-keep-unsaved.ts';
import { PrefillNote, usePrefill } from './use-prefill.tsx';
import { useStepSubmit } from './use-step-submit.ts';
import { BANK_SLUG, useWizard } from './wizard-context.ts';

const FIELDS = [
  'employmentType',
  'companyName',
  'designation',
  'industry',
  'companyType',
  'workExperienceYears',
  'annualIncome',
  'monthlyIncome',
  'existingCreditCards',
  'existingCreditCardLimit',
  'existingLoanEmi',
] as const;
type Field = (typeof FIELDS)[number];
/** Each field's label, on the form and in the list of what is still to fill in. */
const LABELS: Record<Field, string> = {
  employmentType: 'Employment Type',
  companyName: 'Company Name',
  designation: 'Designation',
  industry: 'Industry',
  companyType: 'Company Type',
  workExperienceYears: 'Work Experience (years)',
  annualIncome: 'Annual Income (₹)',
  monthlyIncome: 'Monthly Income (₹)',
  existingCreditCards: 'Existing Credit Cards',
  existingCreditCardLimit: 'Existing Credit Card Limit (₹)',
  existingLoanEmi: 'Existing Loan EMI (₹, optional)',
};
type EmploymentForm = Record<Field, string>;

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: employmentLabel(v) }));

/** Spec §4: a field applies when one of its dependency rules holds. */
export function applies(field: Field, values: EmploymentForm): boolean {
  return fieldApplies(EMPLOYMENT_DEPENDENCIES[toSnakeCase(field)], toPayload(values));
}
const isRequired = (field: Field) => (EMPLOYMENT_REQUIRED as readonly string[]).includes(toSnakeCase(field));

function initialValues(src: Record<string, unknown>): EmploymentForm {
  const out = {} as EmploymentForm;
  for (const f of FIELDS) {
    const v = src[toSnakeCase(f)];
    out[f] = v === undefined || v === null ? '' : String(v);
  }
  return out;
}

/** Employment & income (spec §2, §4 field dependencies). */
export function EmploymentStep() {
  usePageTitle('Employment & Income');
  return <StepGate>{(app) => <PrefilledEmploymentForm app={app} />}</StepGate>;
}

/** A step with nothing saved starts from the latest other application's answers (ADR 023). */
function PrefilledEmploymentForm({ app }: { app: Application }) {
  const prefill = usePrefill(app, 'employment_details');
  if (prefill.pending) return <p className="text-sm text-muted-foreground">Loading your application...</p>;
  return (
    <EmploymentFormView
      saved={initialValues(prefill.values ?? readSavedStep(app, 'employment_details'))}
      referenceId={app.reference_id}
      prefillNote={<PrefillNote source={prefill.source} />}
    />
  );
}

function EmploymentFormView({
  saved,
  referenceId,
  prefillNote,
}: {
  /** What the server holds (else the prefill), before anything typed here. */
  saved: EmploymentForm;
  referenceId: string;
  /** Where prefilled values came from, shown under the step's heading. */
  prefillNote: ReactNode;
}) {
  const { card, base, cardId } = useWizard();
  const navigate = useNavigate();
  const { register, handleSubmit, watch, getValues, setValue, setError, clearErrors, formState } =
    useForm<EmploymentForm>({
      // What was typed here and not saved yet comes back over the saved values (a reload).
      defaultValues: { ...saved, ...readUnsaved('employment_details', referenceId, FIELDS) },
    });
  const {
    submitting,
    save,
    referenceId: reference,
  } = useStepSubmit<Field>({
    step: 'employment_details',
    fields: FIELDS,
    setError,
    saved: {
      title: 'Employment details saved',
      description: 'Your employment information has been saved successfully.',
    },
    failedDescription: 'There was a problem saving your employment details. Please try again.',
    onSaved: (app) => {
      // Spec §2: the card id from the stored application (default 1), the stored reference id, the built-in slug.
      const stored = readStoredApplication();
      const nextCard = stored?.card_id || cardId || '1';
      const ref = stored?.reference_id || app.reference_id;
      navigate(`/cards/apply/${BANK_SLUG}/${encodeURIComponent(nextCard)}/${ref}/kyc`, { state: { card } });
    },
  });
  useKeepUnsaved(watch, 'employment_details', referenceId, saved);
  const values = watch();
  const enabled = (f: Field) => applies(f, values);
  const unfilled = FIELDS.filter((f) => isRequired(f) && enabled(f) && isBlank(values[f]));
  const missingRequired = unfilled.length > 0;
  const error = (f: Field) => (enabled(f) ? formState.errors[f]?.message : undefined);

  const field = (name: Field) => {
    const f = registerStepField(
      { register, getValues, setError, clearErrors },
      name,
      isRequired(name) && enabled(name),
    );
    return {
      ...f,
      disabled: !enabled(name),
      onChange: async (e: { target: { value: string } }) => {
        const before = getValues('existingCreditCards');
        await f.onChange(e);
        // Spec §4: when existingCreditCards becomes NO, the limit is "0". Back to YES, that "0"
        // was ours, not the user's: the field is empty again for their real limit.
        if (name === 'existingCreditCards' && e.target.value === 'NO')
          setValue('existingCreditCardLimit', '0');
        if (name === 'existingCreditCards' && before === 'NO' && e.target.value === 'YES')
          setValue('existingCreditCardLimit', '');
      },
    };
  };

  const onSubmit = handleSubmit((form) =>
    save(
      toPayload(form, (f) => applies(f as Field, form)),
      FIELDS.filter((f) => isRequired(f) && applies(f, form) && isBlank(form[f])),
      employmentDetailsSchema(),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepHeader
        title="Employment & Income"
        intro="Tell us about your work and income. Fields that do not apply to you stay disabled."
      />
      {prefillNote}
      <StepFieldset submitting={submitting}>
        <SelectField
          label={LABELS.employmentType}
          placeholder="Select employment type"
          options={options(APPLICATION_EMPLOYMENT_TYPES)}
          className="sm:col-span-2"
          error={error('employmentType')}
          {...field('employmentType')}
        />
        <TextField
          label={LABELS.companyName}
          maxLength={100}
          error={error('companyName')}
          {...field('companyName')}
        />
        <TextField
          label={LABELS.designation}
          maxLength={100}
          error={error('designation')}
          {...field('designation')}
        />
        <SelectField
          label={LABELS.industry}
          placeholder="Select industry"
          options={options(APPLICATION_INDUSTRIES)}
          error={error('industry')}
          {...field('industry')}
        />
        <SelectField
          label={LABELS.companyType}
          placeholder="Select company type"
          options={options(APPLICATION_COMPANY_TYPES)}
          error={error('companyType')}
          {...field('companyType')}
        />
        <TextField
          label={LABELS.workExperienceYears}
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
          error={error('workExperienceYears')}
          {...field('workExperienceYears')}
        />
        <TextField
          label={LABELS.annualIncome}
          inputMode="decimal"
          hint={belowCardMinimum(values.annualIncome, card) ?? amountAsRead(values.annualIncome, 'a year')}
          error={error('annualIncome')}
          {...field('annualIncome')}
        />
        <TextField
          label={LABELS.monthlyIncome}
          inputMode="decimal"
          hint={
            incomeMismatch(values.annualIncome, values.monthlyIncome) ??
            amountAsRead(values.monthlyIncome, 'a month')
          }
          error={error('monthlyIncome')}
          {...field('monthlyIncome')}
        />
        <SelectField
          label={LABELS.existingCreditCards}
          placeholder="Select"
          options={options(['YES', 'NO'])}
          error={error('existingCreditCards')}
          {...field('existingCreditCards')}
        />
        <TextField
          label={LABELS.existingCreditCardLimit}
          inputMode="decimal"
          error={error('existingCreditCardLimit')}
          {...field('existingCreditCardLimit')}
        />
        <TextField
          label={LABELS.existingLoanEmi}
          inputMode="decimal"
          error={error('existingLoanEmi')}
          {...field('existingLoanEmi')}
        />
      </StepFieldset>
      <StepButtons
        backTo={`${base}/${reference}/personal`}
        backState={{ card }}
        submitting={submitting}
        disabled={missingRequired}
        missing={unfilled.map((f) => LABELS[f])}
      />
    </form>
  );
}
