import { APPLICATION_EMPLOYMENT_TYPES, YES_NO } from '@cardwise/contracts';

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
  type: 'text' | 'email' | 'number' | 'select' | 'checkbox';
  required?: boolean;
  maxLength?: number;
  options?: readonly string[];
  hint?: string;
}

export interface PageConfig {
  title: string;
  intro: string;
  fields: FieldConfig[];
  /** The application step this page saves through submit_step. */
  step?: 'employment_details' | 'document_upload' | 'review';
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
  employment_details: {
    title: 'Employment & Income',
    intro: 'Tell us about your work and income.',
    step: 'employment_details',
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
      { name: 'companyName', label: 'Company name', type: 'text', maxLength: 100 },
      { name: 'designation', label: 'Designation', type: 'text', maxLength: 100 },
      { name: 'annualIncome', label: 'Annual income (₹)', type: 'number' },
      { name: 'monthlyIncome', label: 'Monthly income (₹)', type: 'number' },
      {
        name: 'existingCreditCards',
        label: 'Existing credit cards',
        type: 'select',
        required: true,
        options: YES_NO,
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
    ],
  },
};

/** Spec §2: the generic form navigates after about 50 ms. */
export const FORM_NAV_DELAY_MS = 50;

/** The page config of an id from the URL, or undefined. */
export const formPageOf = (id: string): PageConfig | undefined =>
  Object.hasOwn(FORM_PAGES, id) ? FORM_PAGES[id] : undefined;
