import {
  INDIA_STATES,
  normalisePanInput,
  PROFILE_EMPLOYMENT_TYPES,
  PROFILE_GENDERS,
  type Profile,
  type ProfileUpdate,
} from '@cardwise/contracts';
import { MOBILE_HINT } from '../../lib/phone-input.ts';

/** How the profile (spec §3) is split into sections on /profile, and how each field is edited. */

/**
 * 'page-language': not a form field but the page-language setting itself (lib/page-language.ts),
 * saved the moment it changes as the header's picker and Settings save it, so the three never
 * disagree; the section's Save leaves it out.
 */
export type FieldKind =
  | 'text'
  | 'tel'
  | 'number'
  | 'date'
  | 'select'
  | 'checkbox'
  | 'textarea'
  | 'tristate'
  | 'page-language';
export type ProfileField = keyof ProfileUpdate & string;

export interface FieldDef {
  name: ProfileField;
  label: string;
  kind: FieldKind;
  options?: readonly { value: string; label: string }[];
  hint?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text';
  autoCapitalize?: 'characters';
  placeholder?: string;
  wide?: boolean;
  /** Never prefilled (Aadhaar: only its last 4 digits are known to the page). */
  writeOnly?: boolean;
  /**
   * How typed or pasted text is cleaned as it arrives, the caret kept where the person was
   * typing (lib/keep-caret.ts): the same rule as the field's twins elsewhere in the product.
   */
  normalise?: (raw: string) => string;
  /**
   * A select whose saved value may predate its list (the State was free text, so a profile can
   * hold "Karnatka" or "KA"): such a value stays an option of its own, shown and saved as it is,
   * never blanked; while it is chosen, this hint asks for one from the list instead.
   */
  unlistedHint?: string;
}

export interface SectionDef {
  id: string;
  title: string;
  description: string;
  fields: FieldDef[];
}

const humanize = (v: string) =>
  v
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());
const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));
const money = (name: ProfileField, label: string, hint?: string): FieldDef => ({
  name,
  label: `${label} (₹)`,
  kind: 'number',
  inputMode: 'decimal',
  ...(hint ? { hint } : {}),
});

export const PROFILE_SECTIONS: SectionDef[] = [
  {
    id: 'personal',
    title: 'Personal details',
    description: 'Your name and contact details.',
    fields: [
      { name: 'full_name', label: 'Full name', kind: 'text', autoComplete: 'name' },
      {
        name: 'phone_number',
        label: 'Mobile number',
        kind: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel-national',
        hint: MOBILE_HINT,
      },
      { name: 'date_of_birth', label: 'Date of birth', kind: 'date', autoComplete: 'bday' },
      { name: 'gender', label: 'Gender', kind: 'select', options: optionsOf(PROFILE_GENDERS) },
      {
        name: 'language_selected',
        label: 'Preferred language',
        kind: 'page-language',
        hint: 'The page language, as in the header and Settings. Saved as soon as you choose.',
      },
    ],
  },
  {
    id: 'address',
    title: 'Address',
    description:
      'A new card application starts from your last one, or from this address if there is none. An application does not change it.',
    fields: [
      { name: 'address', label: 'Address', kind: 'textarea', wide: true, autoComplete: 'street-address' },
      { name: 'city', label: 'City', kind: 'text', autoComplete: 'address-level2' },
      {
        name: 'state',
        label: 'State',
        kind: 'select',
        // The wizard's personal step and the generic form offer the same list.
        options: INDIA_STATES.map(({ state }) => ({ value: state, label: state })),
        placeholder: 'Select state',
        autoComplete: 'address-level1',
        unlistedHint: 'Saved as typed earlier: choose your state from the list.',
      },
      { name: 'pincode', label: 'PIN code', kind: 'text', inputMode: 'numeric', autoComplete: 'postal-code' },
      { name: 'current_address', label: 'Current address', kind: 'textarea', wide: true },
      { name: 'current_city', label: 'Current city', kind: 'text' },
      { name: 'current_pincode', label: 'Current PIN code', kind: 'text', inputMode: 'numeric' },
      {
        name: 'years_in_current_address',
        label: 'Years at current address',
        kind: 'number',
        inputMode: 'numeric',
      },
      {
        name: 'permanent_address_same',
        label: 'Permanent address is the same as current address',
        kind: 'checkbox',
        wide: true,
      },
      { name: 'permanent_address', label: 'Permanent address', kind: 'textarea', wide: true },
      { name: 'permanent_city', label: 'Permanent city', kind: 'text' },
      { name: 'permanent_pincode', label: 'Permanent PIN code', kind: 'text', inputMode: 'numeric' },
    ],
  },
  {
    id: 'employment',
    title: 'Employment and income',
    description: 'Banks check income and employment for eligibility.',
    fields: [
      {
        name: 'employment_type',
        label: 'Employment type',
        kind: 'select',
        options: optionsOf(PROFILE_EMPLOYMENT_TYPES),
      },
      { name: 'occupation', label: 'Occupation', kind: 'text' },
      { name: 'company_name', label: 'Company name', kind: 'text', autoComplete: 'organization' },
      { name: 'job_title', label: 'Job title', kind: 'text', autoComplete: 'organization-title' },
      { name: 'years_in_current_job', label: 'Years in current job', kind: 'number', inputMode: 'decimal' },
      money('annual_income', 'Annual income'),
      money('monthly_income', 'Monthly income'),
      { name: 'itr_filed', label: 'Income tax return filed', kind: 'tristate' },
      { name: 'gst_number', label: 'GST number', kind: 'text', placeholder: '22AAAAA0000A1Z5' },
      money('business_turnover', 'Business turnover'),
    ],
  },
  {
    id: 'credit',
    title: 'Credit and loans',
    description: 'Helps us suggest cards and loans you are likely to get.',
    fields: [
      {
        name: 'credit_score',
        label: 'Credit score',
        kind: 'number',
        inputMode: 'numeric',
        hint: '300 to 900.',
      },
      money('credit_card_limit', 'Total credit card limit'),
      {
        name: 'credit_card_utilization',
        label: 'Credit card utilisation (%)',
        kind: 'number',
        inputMode: 'decimal',
      },
      money('existing_monthly_emi', 'Existing monthly EMI'),
      money('existing_loan_emis', 'Existing loan EMIs'),
      {
        name: 'existing_loans_count',
        label: 'Number of existing loans',
        kind: 'number',
        inputMode: 'numeric',
      },
      {
        name: 'preferred_loan_tenure',
        label: 'Preferred loan tenure (months)',
        kind: 'number',
        inputMode: 'numeric',
      },
      money('preferred_emi_affordability', 'EMI you can afford'),
      { name: 'loan_purpose', label: 'Loan purpose', kind: 'text' },
      money('desired_loan_amount', 'Desired loan amount'),
    ],
  },
  {
    id: 'identity',
    title: 'Identity (KYC)',
    description: 'Stored encrypted. Only the last 4 digits of your Aadhaar are ever shown.',
    fields: [
      {
        name: 'pan_number',
        label: 'PAN',
        kind: 'text',
        // As the wizard's personal step, the referral dialog and the generic form clean it: a
        // pasted "ABCDE 1234 F" or "abcde-1234-f" is refused by the save's pattern otherwise.
        normalise: normalisePanInput,
        autoCapitalize: 'characters',
        placeholder: 'ABCDE1234F',
        hint: 'Five letters, four digits, one letter.',
      },
      {
        name: 'aadhaar_number',
        label: 'Aadhaar number',
        kind: 'text',
        inputMode: 'numeric',
        autoComplete: 'off',
        writeOnly: true,
      },
    ],
  },
  {
    id: 'consents',
    title: 'Consents',
    description: 'You can change these at any time.',
    fields: [
      {
        name: 'consent_for_credit_check',
        label: 'Allow a credit check when I apply',
        kind: 'checkbox',
        wide: true,
      },
      {
        name: 'consent_shared',
        label: 'Share my details with the bank I apply to',
        kind: 'checkbox',
        wide: true,
      },
      {
        name: 'marketing_consent',
        label: 'Send me offers and product news',
        kind: 'checkbox',
        wide: true,
      },
    ],
  },
];

export type FormValue = string | boolean;
export type SectionValues = Record<string, FormValue>;

/** A profile value as a form control holds it. */
export function toFormValue(profile: Profile, field: FieldDef): FormValue {
  if (field.writeOnly) return '';
  const value =
    field.name === 'full_name' ? profile.user.full_name : (profile as Record<string, unknown>)[field.name];
  if (field.kind === 'checkbox') return value === true;
  if (field.kind === 'tristate') return value === true ? 'yes' : value === false ? 'no' : '';
  return value === null || value === undefined ? '' : String(value);
}

/** A form control's value as the update call takes it ('' clears the field). */
export function toPayloadValue(field: FieldDef, value: FormValue): unknown {
  if (field.kind === 'tristate') return value === 'yes' ? true : value === 'no' ? false : null;
  return value;
}

/**
 * A select's options: with `unlistedHint`, a saved value that is not among them comes first as
 * its own option (shown as saved), so the select neither blanks nor changes it.
 */
export function selectOptions(
  field: FieldDef,
  saved: FormValue,
): readonly { value: string; label: string }[] {
  const options = field.options ?? [];
  if (!field.unlistedHint || typeof saved !== 'string' || saved === '') return options;
  if (options.some((o) => o.value === saved)) return options;
  return [{ value: saved, label: saved }, ...options];
}

/** The fields the section's form holds and its Save sends (the page language saves itself). */
export function formFields(section: SectionDef): FieldDef[] {
  return section.fields.filter((f) => f.kind !== 'page-language');
}

export function sectionValues(profile: Profile, section: SectionDef): SectionValues {
  return Object.fromEntries(formFields(section).map((f) => [f.name, toFormValue(profile, f)]));
}
