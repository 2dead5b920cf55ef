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
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SelectField, TextField } from '../accounts/form-controls.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { readStoredApplication, storedDraftOf } from './application-storage.ts';
import { employmentLabel } from './employment-labels.ts';
import {
  APPLICATION_UNREADABLE,
  isBlank,
  REQUIRED,
  RedError,
  StepButtons,
  StepHeader,
  toPayload,
} from './step-form.tsx';
import { keepUnsaved, readUnsaved } from './unsaved-input.ts';
import { useStepSubmit } from './use-step-submit.ts';
import { BANK_SLUG, useApplication, useWizard } from './wizard-context.ts';

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
type EmploymentForm = Record<Field, string>;

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: employmentLabel(v) }));

/** Spec §4: a field applies when one of its dependency rules holds. */
export function applies(field: Field, values: EmploymentForm): boolean {
  return fieldApplies(EMPLOYMENT_DEPENDENCIES[toSnakeCase(field)], toPayload(values));
}
const isRequired = (field: Field) => (EMPLOYMENT_REQUIRED as readonly string[]).includes(toSnakeCase(field));

function initialValues(app: Application | undefined): EmploymentForm {
  const server = app?.application_data.employment_details as Record<string, unknown> | null | undefined;
  const stored = storedDraftOf(app)?.application_data.employment_details as
    | Record<string, unknown>
    | undefined;
  const src = server ?? stored ?? {};
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
  const { card } = useWizard();
  const { id, query } = useApplication();
  if (!card) return <RedError>Card details are missing. Please start again from the card page.</RedError>;
  if (!id) return <RedError>Application ID is missing.</RedError>;
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading your application...</p>;
  if (query.isError) return <RedError>{APPLICATION_UNREADABLE}</RedError>;
  return <EmploymentFormView saved={initialValues(query.data)} referenceId={query.data.reference_id} />;
}

function EmploymentFormView({
  saved,
  referenceId,
}: {
  /** What the server holds, before anything typed here. */
  saved: EmploymentForm;
  referenceId: string;
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
  useEffect(() => {
    const typed = watch((all, { name }) => {
      if (name) keepUnsaved('employment_details', referenceId, all, saved);
    });
    return () => typed.unsubscribe();
  }, [watch, referenceId, saved]);
  const values = watch();
  const enabled = (f: Field) => applies(f, values);
  const missingRequired = FIELDS.some((f) => isRequired(f) && enabled(f) && isBlank(values[f]));
  const error = (f: Field) => (enabled(f) ? formState.errors[f]?.message : undefined);

  // A required field left empty says so when it is left (the gated button never lets the
  // submit-time check run; ADR 015).
  const field = (name: Field) => {
    const r = register(name);
    const required = isRequired(name) && enabled(name);
    return {
      ...r,
      disabled: !enabled(name),
      required,
      onChange: async (e: { target: { value: string } }) => {
        clearErrors(name);
        const before = getValues('existingCreditCards');
        await r.onChange(e as never);
        // Spec §4: when existingCreditCards becomes NO, the limit is "0". Back to YES, that "0"
        // was ours, not the user's: the field is empty again for their real limit.
        if (name === 'existingCreditCards' && e.target.value === 'NO')
          setValue('existingCreditCardLimit', '0');
        if (name === 'existingCreditCards' && before === 'NO' && e.target.value === 'YES')
          setValue('existingCreditCardLimit', '');
      },
      onBlur: async (e: { target: { value: string } }) => {
        await r.onBlur(e as never);
        if (required && isBlank(getValues(name))) setError(name, { message: REQUIRED });
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
      {/* Held while the save is on its way: an edit made meanwhile was not in what was sent,
          and the step moved on without it. */}
      <fieldset disabled={submitting} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <SelectField
          label="Employment Type"
          placeholder="Select employment type"
          options={options(APPLICATION_EMPLOYMENT_TYPES)}
          className="sm:col-span-2"
          error={error('employmentType')}
          {...field('employmentType')}
        />
        <TextField
          label="Company Name"
          maxLength={100}
          error={error('companyName')}
          {...field('companyName')}
        />
        <TextField
          label="Designation"
          maxLength={100}
          error={error('designation')}
          {...field('designation')}
        />
        <SelectField
          label="Industry"
          placeholder="Select industry"
          options={options(APPLICATION_INDUSTRIES)}
          error={error('industry')}
          {...field('industry')}
        />
        <SelectField
          label="Company Type"
          placeholder="Select company type"
          options={options(APPLICATION_COMPANY_TYPES)}
          error={error('companyType')}
          {...field('companyType')}
        />
        <TextField
          label="Work Experience (years)"
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
          error={error('workExperienceYears')}
          {...field('workExperienceYears')}
        />
        <TextField
          label="Annual Income (₹)"
          inputMode="decimal"
          error={error('annualIncome')}
          {...field('annualIncome')}
        />
        <TextField
          label="Monthly Income (₹)"
          inputMode="decimal"
          error={error('monthlyIncome')}
          {...field('monthlyIncome')}
        />
        <SelectField
          label="Existing Credit Cards"
          placeholder="Select"
          options={options(['YES', 'NO'])}
          error={error('existingCreditCards')}
          {...field('existingCreditCards')}
        />
        <TextField
          label="Existing Credit Card Limit (₹)"
          inputMode="decimal"
          error={error('existingCreditCardLimit')}
          {...field('existingCreditCardLimit')}
        />
        <TextField
          label="Existing Loan EMI (₹, optional)"
          inputMode="decimal"
          error={error('existingLoanEmi')}
          {...field('existingLoanEmi')}
        />
      </fieldset>
      <StepButtons
        backTo={`${base}/${reference}/personal`}
        backState={{ card }}
        submitting={submitting}
        disabled={missingRequired}
      />
    </form>
  );
}
