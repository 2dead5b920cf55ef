import {
  APPLICATION_COMPANY_TYPES,
  APPLICATION_EMPLOYMENT_TYPES,
  APPLICATION_INDUSTRIES,
  applicationConsentText,
  citiesOf,
  type DependencyRule,
  EMPLOYMENT_DEPENDENCIES,
  employmentDetailsSchema,
  INDIA_STATES,
  normalisePanInput,
  PERSONAL_LIMITS,
  personalDetailsSchema,
  YES_NO,
} from '@cardwise/contracts';
import type { z } from 'zod';

/**
 * The generic config-driven form page (application spec §2 "Generic form page
 * behaviour"), at /form-example?page={id}. A page names its fields, the application step
 * it saves (if any), its previous and next pages, whether it completes the application,
 * and where to go after that. With no next page and no success target it says
 * 'Form Saved!'. The wizard (/cards/apply/…) is the product's real journey; this page
 * shows the configured one on the same API.
 */

export interface FieldConfig {
  name: string;
  label: string;
  type: 'text' | 'email' | 'number' | 'date' | 'select' | 'checkbox';
  /** Required whenever the field applies (see `dependsOn`). */
  required?: boolean;
  maxLength?: number;
  options?: readonly string[];
  hint?: string;
  /** 'tel' makes it a mobile-number field: typed, pasted and shown as every other one is. */
  inputMode?: 'numeric' | 'tel' | 'email';
  /**
   * Cleans each change before it is shown (the PAN: upper case, letters and digits only, at most
   * 10, spec §5). Such a field has no maxLength: that cut a pasted "ABCDE 1234 F" to "ABCDE 1234"
   * before the separators could come off.
   */
  normalise?: (raw: string) => string;
  /**
   * Application spec §4 "Field dependencies": the field is disabled (and not sent) unless one
   * of these rules holds. Rules name the controlling fields in snake case, as the contracts do.
   */
  dependsOn?: DependencyRule[];
  /**
   * Options that depend on another field's value (a state's cities, spec §4): a value that is
   * not among them after that field changes is cleared.
   */
  optionsFrom?: { field: string; options: (value: string | undefined) => readonly string[] };
  /** The empty option's text while the field is disabled (what must be chosen first). */
  disabledPlaceholder?: string;
  /** A value this field takes when another field changes (the credit limit is "0" once the answer is NO). */
  setBy?: { field: string; value: string; to: string };
}

export interface PageConfig {
  title: string;
  intro: string;
  fields: FieldConfig[];
  /** The application step this page saves through submit_step. */
  step?: 'personal_details' | 'employment_details' | 'document_upload' | 'review';
  /**
   * The step's own contract schema (the one the server validates with), run on the page before
   * it sends anything: its messages appear under the fields instead of a failed save.
   */
  schema?: z.ZodType;
  /** After the step: the final submit (submit_application). */
  completes?: boolean;
  next?: string;
  previous?: string;
  /** Where to go once done, when there is no next page. */
  onSuccess?: string;
}

/** Target names of spec §2 that name a page by another word. */
const TARGET_ALIASES: Record<string, string> = { documents: 'kyc_documents', review: 'review_submit' };
// Own keys only: both names come from the URL, and `constructor` or `__proto__` would
// otherwise find Object's own members.
export const pageIdOf = (target: string) =>
  (Object.hasOwn(TARGET_ALIASES, target) ? TARGET_ALIASES[target] : undefined) ?? target;

export const DEFAULT_PAGE = 'example';

export const FORM_PAGES: Record<string, PageConfig> = {
  example: {
    title: 'Form Example',
    intro: 'A form built from its configuration. Fill it in and save it.',
    fields: [
      { name: 'fullName', label: 'Full name', type: 'text', required: true, maxLength: 100 },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'city', label: 'City', type: 'text', maxLength: 100 },
    ],
  },
  personal_details: {
    title: 'Personal Details',
    intro: 'Tell us who you are and where you live.',
    step: 'personal_details',
    schema: personalDetailsSchema,
    next: 'employment_details',
    fields: [
      {
        name: 'fullName',
        label: 'Full name',
        type: 'text',
        required: true,
        maxLength: PERSONAL_LIMITS.full_name,
      },
      { name: 'dateOfBirth', label: 'Date of birth', type: 'date', required: true },
      {
        name: 'gender',
        label: 'Gender',
        type: 'select',
        required: true,
        options: ['MALE', 'FEMALE', 'OTHER'],
      },
      {
        name: 'panNumber',
        label: 'PAN',
        type: 'text',
        required: true,
        normalise: normalisePanInput,
        hint: 'Five letters, four digits, one letter (ABCDE1234F)',
      },
      {
        name: 'mobile',
        label: 'Mobile number',
        type: 'text',
        required: true,
        // No maxLength: every mobile field limits its cleaned value itself (lib/phone-input.ts).
        inputMode: 'tel',
      },
      { name: 'email', label: 'Email', type: 'email', required: true, inputMode: 'email', maxLength: 254 },
      {
        name: 'addressLine1',
        label: 'Address line 1',
        type: 'text',
        required: true,
        maxLength: PERSONAL_LIMITS.address_line1,
      },
      {
        name: 'addressLine2',
        label: 'Address line 2',
        type: 'text',
        maxLength: PERSONAL_LIMITS.address_line2,
      },
      {
        name: 'state',
        label: 'State',
        type: 'select',
        required: true,
        options: INDIA_STATES.map((s) => s.state),
      },
      // Spec §4: City applies once a state is chosen; its options are that state's cities.
      {
        name: 'city',
        label: 'City',
        type: 'select',
        required: true,
        dependsOn: [{ field: 'state', values: [] }],
        optionsFrom: { field: 'state', options: citiesOf },
        disabledPlaceholder: 'Select a state first',
      },
      {
        name: 'pincode',
        label: 'PIN code',
        type: 'text',
        required: true,
        inputMode: 'numeric',
        maxLength: PERSONAL_LIMITS.pincode,
      },
    ],
  },
  employment_details: {
    title: 'Employment & Income',
    intro: 'Tell us about your work and income.',
    step: 'employment_details',
    schema: employmentDetailsSchema(true),
    previous: 'personal_details',
    next: 'documents',
    fields: [
      {
        name: 'employmentType',
        label: 'Employment type',
        type: 'select',
        required: true,
        options: APPLICATION_EMPLOYMENT_TYPES,
      },
      {
        name: 'companyName',
        label: 'Company name',
        type: 'text',
        required: true,
        maxLength: 100,
        dependsOn: EMPLOYMENT_DEPENDENCIES.company_name,
      },
      {
        name: 'designation',
        label: 'Designation',
        type: 'text',
        required: true,
        maxLength: 100,
        dependsOn: EMPLOYMENT_DEPENDENCIES.designation,
      },
      {
        name: 'industry',
        label: 'Industry',
        type: 'select',
        required: true,
        options: APPLICATION_INDUSTRIES,
        dependsOn: EMPLOYMENT_DEPENDENCIES.industry,
      },
      {
        name: 'companyType',
        label: 'Company type',
        type: 'select',
        required: true,
        options: APPLICATION_COMPANY_TYPES,
        dependsOn: EMPLOYMENT_DEPENDENCIES.company_type,
      },
      {
        name: 'workExperienceYears',
        label: 'Work experience (years)',
        type: 'number',
        required: true,
        inputMode: 'numeric',
        dependsOn: EMPLOYMENT_DEPENDENCIES.work_experience_years,
      },
      {
        name: 'annualIncome',
        label: 'Annual income (₹)',
        type: 'number',
        required: true,
        inputMode: 'numeric',
        dependsOn: EMPLOYMENT_DEPENDENCIES.annual_income,
      },
      {
        name: 'monthlyIncome',
        label: 'Monthly income (₹)',
        type: 'number',
        required: true,
        inputMode: 'numeric',
        dependsOn: EMPLOYMENT_DEPENDENCIES.monthly_income,
      },
      {
        name: 'existingCreditCards',
        label: 'Existing credit cards',
        type: 'select',
        required: true,
        options: YES_NO,
      },
      {
        name: 'existingCreditCardLimit',
        label: 'Existing credit card limit (₹)',
        type: 'number',
        required: true,
        inputMode: 'numeric',
        dependsOn: EMPLOYMENT_DEPENDENCIES.existing_credit_card_limit,
        setBy: { field: 'existingCreditCards', value: 'NO', to: '0' },
      },
      {
        name: 'existingLoanEmi',
        label: 'Existing loan EMIs a month (₹)',
        type: 'number',
        inputMode: 'numeric',
      },
    ],
  },
  kyc_documents: {
    title: 'KYC & Documents',
    intro: 'Your documents are uploaded in the application wizard; confirm them here to go on.',
    step: 'document_upload',
    previous: 'employment_details',
    next: 'review',
    fields: [
      {
        name: 'documentsConfirmed',
        label: 'I have uploaded my PAN card, Aadhaar (front and back) and address proof',
        type: 'checkbox',
        required: true,
      },
    ],
  },
  review_submit: {
    title: 'Review & Submit',
    intro: 'Confirm that the details you gave are correct, then submit the application.',
    step: 'review',
    completes: true,
    previous: 'kyc_documents',
    // Spec §2 configures /dashboard, which the route table does not have: a person's
    // applications are listed on the profile page.
    onSuccess: '/profile',
    fields: [
      {
        name: 'confirmed',
        label: 'I confirm that the information I have provided is correct',
        type: 'checkbox',
        required: true,
      },
      {
        // The authorisation the review step needs (ADR 025); this page does not know the card.
        name: 'consented',
        label: applicationConsentText('the bank'),
        type: 'checkbox',
        required: true,
      },
    ],
  },
};

/** Spec §2: the generic form navigates after about 50 ms. */
export const FORM_NAV_DELAY_MS = 50;

/** The page config of an id from the URL, or undefined. */
export const formPageOf = (id: string): PageConfig | undefined =>
  Object.hasOwn(FORM_PAGES, id) ? FORM_PAGES[id] : undefined;
