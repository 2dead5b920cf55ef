import {
  type Application,
  citiesOf,
  INDIA_STATES,
  indianMobileSchema,
  normalisePanInput,
  type Profile,
  personalDetailsSchema,
} from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { normaliseKeepingCaret } from '../../lib/keep-caret.ts';
import {
  INDIA_CALLING_CODE,
  MOBILE_HINT,
  normaliseMobileInput,
  pasteMobileNumber,
} from '../../lib/phone-input.ts';
import { isUnreadableDate, UNREADABLE_DATE_MESSAGE } from '../../lib/unreadable-date.ts';
import { accountKeys, fetchProfile } from '../accounts/accounts-api.ts';
import { SelectField, TextField } from '../accounts/form-controls.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { useSession } from '../layout/use-session.ts';
import { readSavedStep } from './read-saved-step.ts';
import { registerStepField } from './register-step-field.ts';
import { isBlank, StepButtons, StepFieldset, StepHeader, toPayload } from './step-form.tsx';
import { StepGate } from './step-gate.tsx';
import { readUnsaved } from './unsaved-input.ts';
import { useKeepUnsaved } from './use-keep-unsaved.ts';
import { PrefillNote, usePrefill } from './use-prefill.tsx';
import { useStepSubmit } from './use-step-submit.ts';
import { useWizard } from './wizard-context.ts';

const FIELDS = [
  'fullName',
  'dateOfBirth',
  'gender',
  'panNumber',
  'email',
  'mobile',
  'address_line1',
  'address_line2',
  'state',
  'city',
  'pincode',
  'country',
] as const;
type Field = (typeof FIELDS)[number];
/** Each field's label, on the form and in the list of what is still to fill in. */
const LABELS: Record<Field, string> = {
  fullName: 'Full Name',
  dateOfBirth: 'Date of Birth',
  gender: 'Gender',
  panNumber: 'PAN Number',
  mobile: 'Mobile Number',
  email: 'Email',
  address_line1: 'Address Line 1',
  address_line2: 'Address Line 2 (optional)',
  state: 'State',
  city: 'City',
  pincode: 'PIN Code',
  country: 'Country',
};
type PersonalForm = Record<Field, string>;
const OPTIONAL: readonly Field[] = ['address_line2'];
/** A date of birth the browser could not read is '' and must not erase the saved one (unsaved-input.ts). */
const BLANK_IS_NOT_TYPED: readonly Field[] = ['dateOfBirth'];

const GENDERS = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
  { value: 'OTHER', label: 'Other' },
];

function initialValues(
  app: Application | undefined,
  user: { name?: string | undefined; email?: string | undefined } | null,
): PersonalForm {
  const src = readSavedStep(app, 'personal_details');
  const get = (k: string) => (typeof src[k] === 'string' ? (src[k] as string) : '');
  return {
    fullName: get('full_name') || user?.name || '',
    dateOfBirth: get('date_of_birth'),
    gender: get('gender'),
    panNumber: get('pan_number'),
    email: get('email') || user?.email || '',
    mobile: get('mobile'),
    address_line1: get('address_line1'),
    address_line2: get('address_line2'),
    state: get('state'),
    city: get('city'),
    pincode: get('pincode'),
    country: get('country') || 'India',
  };
}

/**
 * The mobile number of the account (sign-up asks for one; the profile can change it) as the
 * wizard's 10 digits, or null when the account has none or it is no Indian mobile number.
 */
export function accountMobile(profile: Pick<Profile, 'phone_number'> | undefined): string | null {
  if (!profile?.phone_number) return null;
  const parsed = indianMobileSchema.safeParse(profile.phone_number);
  return parsed.success ? parsed.data : null;
}

/** Personal details (spec §2, §5). */
export function PersonalStep() {
  usePageTitle('Personal Details');
  const user = useSession();
  // The account's profile (shared with /profile's query), for its mobile number.
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: fetchProfile, enabled: user !== null });
  return (
    <StepGate>
      {(app) => <PrefilledPersonalForm app={app} user={user} accountPhone={accountMobile(profile.data)} />}
    </StepGate>
  );
}

/** The step's keys of the personal section (snake_case on the server). */
const SECTION_KEYS: Record<Field, string> = {
  fullName: 'full_name',
  dateOfBirth: 'date_of_birth',
  gender: 'gender',
  panNumber: 'pan_number',
  email: 'email',
  mobile: 'mobile',
  address_line1: 'address_line1',
  address_line2: 'address_line2',
  state: 'state',
  city: 'city',
  pincode: 'pincode',
  country: 'country',
};

/**
 * The form's starting values with a prefill's over them (ADR 023). State and City are chosen from
 * lists here, while a profile's may be older free text ("karnataka", "Mysore"): a value the list
 * lacks would sit in the form unseen behind the select's placeholder and be sent as it is, so it
 * is matched to the list or left to choose.
 */
export function withPrefill(base: PersonalForm, section: Record<string, unknown> | null): PersonalForm {
  if (!section) return base;
  const out = { ...base };
  for (const f of FIELDS) {
    const v = section[SECTION_KEYS[f]];
    if (typeof v === 'string' && v.trim() !== '') out[f] = v;
  }
  const state = INDIA_STATES.find((s) => s.state.toLowerCase() === out.state.trim().toLowerCase())?.state;
  out.state = state ?? '';
  out.city = citiesOf(state).find((c) => c.toLowerCase() === out.city.trim().toLowerCase()) ?? '';
  return out;
}

/**
 * A step with nothing saved starts from the latest other application or the profile (ADR 023);
 * those values win over the account's name and email, which are only a guess at the PAN's name.
 */
function PrefilledPersonalForm({
  app,
  user,
  accountPhone,
}: {
  app: Application;
  user: { name?: string | undefined; email?: string | undefined } | null;
  accountPhone: string | null;
}) {
  const prefill = usePrefill(app, 'personal_details');
  if (prefill.pending) return <p className="text-sm text-muted-foreground">Loading your application...</p>;
  const saved = withPrefill(initialValues(app, user), prefill.values);
  return (
    <PersonalForm
      saved={saved}
      referenceId={app.reference_id}
      accountPhone={accountPhone}
      prefillNote={<PrefillNote source={prefill.source} />}
    />
  );
}

function PersonalForm({
  saved,
  referenceId,
  accountPhone,
  prefillNote,
}: {
  /** What the server holds (else the prefill, else the account's name and email), before anything typed here. */
  saved: PersonalForm;
  referenceId: string;
  accountPhone: string | null;
  /** Where prefilled values came from, shown under the step's heading. */
  prefillNote: ReactNode;
}) {
  const { card, base } = useWizard();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && from.startsWith('/') ? from : '/cards';
  const { register, handleSubmit, watch, getValues, setValue, setError, clearErrors, formState } =
    useForm<PersonalForm>({
      // What was typed here and not saved yet comes back over the saved values (a reload).
      defaultValues: { ...saved, ...readUnsaved('personal_details', referenceId, FIELDS) },
    });
  // The account's mobile number fills an empty Mobile Number once it is known (the profile may
  // arrive after the form): never over a saved draft's number, nor once the user has typed in it.
  const mobileTyped = useRef(false);
  useEffect(() => {
    if (!accountPhone || mobileTyped.current || getValues('mobile') !== '') return;
    setValue('mobile', accountPhone);
  }, [accountPhone, getValues, setValue]);
  const { submitting, save } = useStepSubmit<Field>({
    step: 'personal_details',
    fields: FIELDS,
    setError,
    saved: {
      title: 'Personal details saved',
      description: 'Your personal information has been saved successfully.',
    },
    failedDescription: 'There was a problem saving your personal details. Please try again.',
    onSaved: (app) => navigate(`${base}/${app.reference_id}/employment`, { state: { card } }),
  });
  useKeepUnsaved(watch, 'personal_details', referenceId, saved, BLANK_IS_NOT_TYPED);
  const values = watch();
  const cities = citiesOf(values.state);
  const unfilled = FIELDS.filter((f) => !OPTIONAL.includes(f) && isBlank(values[f]));
  const missingRequired = unfilled.length > 0;
  const error = (f: Field) => formState.errors[f]?.message;

  const field = (name: Field) => {
    const f = registerStepField(
      { register, getValues, setError, clearErrors },
      name,
      !OPTIONAL.includes(name),
      (target) => (isUnreadableDate(target) ? UNREADABLE_DATE_MESSAGE : undefined),
    );
    return {
      ...f,
      onChange: async (e: { target: { value: string } }) => {
        if (name === 'mobile') mobileTyped.current = true;
        await f.onChange(e);
      },
    };
  };

  const onSubmit = handleSubmit((form) =>
    save(
      toPayload(form),
      FIELDS.filter((f) => !OPTIONAL.includes(f) && isBlank(form[f])),
      personalDetailsSchema,
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepHeader
        title="Personal Details"
        intro="Please provide your personal information to proceed with the application."
      />
      {prefillNote}
      <StepFieldset submitting={submitting}>
        <TextField
          label={LABELS.fullName}
          autoComplete="name"
          maxLength={100}
          hint="Must match the name on your PAN card"
          error={error('fullName')}
          className="sm:col-span-2"
          {...field('fullName')}
        />
        <TextField
          label={LABELS.dateOfBirth}
          type="date"
          hint="You must be at least 18 years old"
          error={error('dateOfBirth')}
          {...field('dateOfBirth')}
        />
        <SelectField
          label={LABELS.gender}
          placeholder="Select gender"
          options={GENDERS}
          error={error('gender')}
          {...field('gender')}
        />
        <TextField
          label={LABELS.panNumber}
          // No maxLength: it cut a pasted "ABCDE 1234 F" to "ABCDE 1234" before it could be
          // cleaned; normalisePanInput keeps the 10 characters once separators are gone.
          autoCapitalize="characters"
          hint="ABCDE1234F"
          placeholder="ABCDE1234F"
          className="[&_input]:uppercase"
          error={error('panNumber')}
          {...field('panNumber')}
          onChange={(e) => {
            clearErrors('panNumber');
            normaliseKeepingCaret(e.target, normalisePanInput, (v) =>
              setValue('panNumber', v, { shouldDirty: true }),
            );
          }}
        />
        <TextField
          label={LABELS.mobile}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          adornment={INDIA_CALLING_CODE}
          hint={MOBILE_HINT}
          error={error('mobile')}
          {...field('mobile')}
          onChange={(e) => {
            mobileTyped.current = true;
            clearErrors('mobile');
            normaliseMobileInput(e.target, (v) => setValue('mobile', v, { shouldDirty: true }));
          }}
          onPaste={pasteMobileNumber}
        />
        <TextField
          label={LABELS.email}
          type="email"
          autoComplete="email"
          className="sm:col-span-2"
          error={error('email')}
          {...field('email')}
        />
        <TextField
          label={LABELS.address_line1}
          autoComplete="address-line1"
          maxLength={100}
          className="sm:col-span-2"
          error={error('address_line1')}
          {...field('address_line1')}
        />
        <TextField
          label={LABELS.address_line2}
          autoComplete="address-line2"
          maxLength={100}
          className="sm:col-span-2"
          error={error('address_line2')}
          {...field('address_line2')}
        />
        <SelectField
          label={LABELS.state}
          placeholder="Select state"
          options={INDIA_STATES.map((s) => ({ value: s.state, label: s.state }))}
          error={error('state')}
          {...field('state')}
          onChange={(e) => {
            clearErrors('state');
            setValue('state', e.target.value, { shouldDirty: true });
            setValue('city', '');
          }}
        />
        <SelectField
          label={LABELS.city}
          placeholder={values.state ? 'Select city' : 'Select a state first'}
          options={cities.map((c) => ({ value: c, label: c }))}
          disabled={!values.state}
          error={error('city')}
          {...field('city')}
        />
        <TextField
          label={LABELS.pincode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          hint="6-digit postal code"
          error={error('pincode')}
          {...field('pincode')}
        />
        <TextField
          label={LABELS.country}
          autoComplete="country-name"
          error={error('country')}
          {...field('country')}
        />
      </StepFieldset>
      <StepButtons
        backTo={backTo}
        // The first step's 'Back' leaves the wizard for the page the application began from.
        backLabel="Back to the previous page"
        submitting={submitting}
        disabled={missingRequired}
        missing={unfilled.map((f) => LABELS[f])}
      />
    </form>
  );
}
