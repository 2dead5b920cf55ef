import { z } from 'zod';
import { aadhaarValid, ageInIndia, todayInIndia, validIsoDate } from './accounts.ts';
import { cardDetailSchema, errorBodySchema } from './cards-api.ts';
import { citiesOf, INDIA_STATES, PIN_CODE_MESSAGES, pincodeStateProblem } from './india-states.ts';

/**
 * The in-product card application (application spec §2–§5, §7): steps, the personal and
 * employment sections with their rules, KYC document types, and every request and answer
 * of /api/leads/applications/*. The server validates with these schemas; the web wizard
 * validates its forms with the same ones before sending.
 */

// ---------------------------------------------------------------------------
// Steps and statuses (spec §4)
// ---------------------------------------------------------------------------

/** Statuses in order. A new application is draft at personal_details. */
export const APPLICATION_STATUSES = [
  'draft',
  'personal_details',
  'employment_details',
  'document_upload',
  'review',
  'submitted',
  'approved',
  'rejected',
] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** The steps a user completes, in order. `current_step` names the next one to do. */
export const APPLICATION_STEPS = [
  'personal_details',
  'employment_details',
  'document_upload',
  'review',
] as const;
export const applicationStepSchema = z.enum(APPLICATION_STEPS);
export type ApplicationStep = z.infer<typeof applicationStepSchema>;

/** current_step is one of the steps, or `submitted` once done. */
export const currentStepSchema = z.enum([...APPLICATION_STEPS, 'submitted']);
export type CurrentStep = z.infer<typeof currentStepSchema>;

/** Statuses from which nothing the applicant sends changes the application. */
export const FINAL_STATUSES: readonly ApplicationStatus[] = ['submitted', 'approved', 'rejected'];

/** Names the client may use for a step (spec §2 "kyc_documents or document_upload", §2 form targets). */
export const STEP_ALIASES: Record<string, ApplicationStep> = {
  personal: 'personal_details',
  personal_details: 'personal_details',
  employment: 'employment_details',
  employment_details: 'employment_details',
  kyc: 'document_upload',
  kyc_documents: 'document_upload',
  documents: 'document_upload',
  document_upload: 'document_upload',
  review: 'review',
  review_submit: 'review',
};

export const APPLICATION_MESSAGES = {
  required: 'This field is required.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  dateOfBirth: 'Enter a valid date of birth (YYYY-MM-DD).',
  /** A date after today: a typo in the year, not someone under 18. */
  futureBirthDate: 'Date of birth cannot be in the future.',
  underage: 'You must be at least 18 years old to apply.',
  /** A well-formed date 120 or more years ago: a typo in the year, not a format error. */
  implausibleBirthYear: 'Please check the year of your date of birth.',
  email: 'Enter a valid email address.',
  amount: 'Enter a valid amount in rupees.',
  years: 'Enter a whole number of years between 0 and 60.',
  pincode: 'Please enter a valid 6-digit PIN code',
  pan: 'Please enter a valid PAN number (e.g., ABCDE1234F)',
  mobile: 'Please enter a valid 10-digit Indian mobile number',
  aadhaar: 'Please enter a valid 12-digit Aadhaar number',
  aadhaarCheck: 'This is not a valid Aadhaar number: check its 12 digits.',
  cardIdMissing: 'Card ID is missing.',
  fileTooLarge: 'File is too large (max 5MB)',
  invalidFileType: 'Invalid file type. Only JPEG, PNG, and PDF are allowed.',
  /** A 0-byte file (a failed download, a cloud placeholder) is no wrong type: it says what it is. */
  emptyFile: 'The file is empty. Please choose another file.',
  /** Cut short or garbled behind a valid header (document-structure.ts): no reviewer could open it. */
  damagedFile: 'This file is damaged or incomplete. Please choose another file.',
  alreadySubmitted: 'Your application has already been submitted.',
  confirmRequired: 'Please confirm that the information you provided is correct.',
  /** The wizard offers states and their cities from one list (india-states.ts); a client sending others is refused. */
  state: 'Select your state from the list.',
  city: 'Select a city of the state you chose.',
  consentRequired:
    'Please authorise the credit check and the sharing of your application with the bank: the bank cannot consider it without them.',
} as const;

export const ALREADY_SUBMITTED = 'ALREADY_SUBMITTED';

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const PINCODE = /^[1-9][0-9]{5}$/;

// ---------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------

const emptyToUndefined = (v: unknown) => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : t;
  }
  return v;
};

/**
 * `message` for a value left out only. A value of another type (a list where text goes) is not
 * missing: `other` words it, or else the server's readableIssue ("must be text, not a list"); a
 * string as a schema's error would word every issue of it and its checks. The form only ever
 * sends text, so what it shows is unchanged.
 */
const whenLeftOut =
  (message: string, other?: string) =>
  (iss: { input?: unknown }): string | undefined =>
    iss.input === undefined ? message : other;
const requiredOr = (other?: string) => whenLeftOut(APPLICATION_MESSAGES.required, other);

const requiredText = (max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.string({ error: requiredOr() }).max(max, { message: APPLICATION_MESSAGES.tooLong(max) }),
  );
const optionalText = (max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(max, { message: APPLICATION_MESSAGES.tooLong(max) })
      .optional(),
  );

/** Rupee amounts: a non-negative number or numeric text; kept as a decimal string ("0", "1200000.50"). */
const amountValue = z.preprocess(
  (v) => {
    const e = emptyToUndefined(v);
    if (typeof e === 'number' && Number.isFinite(e)) return String(e);
    return typeof e === 'string' ? e.replace(/[,\s₹]/g, '') : e;
  },
  z
    .string({ error: requiredOr(APPLICATION_MESSAGES.amount) })
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: APPLICATION_MESSAGES.amount })
    .transform((s) => s.replace(/^0+(?=\d)/, '')),
);

/** Field limits of spec §5 / §9. */
export const PERSONAL_LIMITS = {
  full_name: 100,
  address_line1: 100,
  address_line2: 100,
  pan_number: 10,
  pincode: 6,
  mobile: 10,
} as const;

export const MIN_APPLICANT_AGE = 18;

/** True when someone born on `isoDate` is at least `years` old on India's calendar day at `now`. */
export function isAtLeastYearsOld(isoDate: string, years: number, now = new Date()): boolean {
  return ageInIndia(isoDate, now) >= years;
}

/** Spec §3: M or MALE → MALE, F or FEMALE → FEMALE, O or OTHER → OTHER, anything else → nothing. */
export function normaliseGender(v: unknown): 'MALE' | 'FEMALE' | 'OTHER' | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toUpperCase();
  if (s === 'M' || s === 'MALE') return 'MALE';
  if (s === 'F' || s === 'FEMALE') return 'FEMALE';
  if (s === 'O' || s === 'OTHER') return 'OTHER';
  return undefined;
}

/** camelCase → snake_case (spec §7: step data keys are converted before sending). */
export function toSnakeCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export function snakeKeys(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[toSnakeCase(k)] = v;
  return out;
}

function firstOf(data: Record<string, unknown>, keys: string[]): unknown {
  for (const k of keys) {
    const v = data[k];
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')) return v;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Personal section (spec §3, §5)
// ---------------------------------------------------------------------------

/** Alias spellings accepted for each personal field (snake case, camel case, dob, zip, phone). */
export const PERSONAL_ALIASES: Record<string, string[]> = {
  full_name: ['full_name', 'name'],
  date_of_birth: ['date_of_birth', 'dob', 'birth_date'],
  gender: ['gender', 'sex'],
  pan_number: ['pan_number', 'pan', 'pan_no'],
  address_line1: ['address_line1', 'address_line_1', 'address1', 'address'],
  address_line2: ['address_line2', 'address_line_2', 'address2'],
  state: ['state'],
  city: ['city'],
  pincode: ['pincode', 'pin_code', 'pin', 'zip', 'zipcode', 'zip_code', 'postal_code'],
  country: ['country'],
  email: ['email', 'email_address'],
  mobile: ['mobile', 'mobile_number', 'phone', 'phone_number'],
  aadhaar_number: ['aadhaar_number', 'aadhaar', 'aadhar_number'],
};

/** Accept any of the alias spellings; full name also from first / middle / last. */
export function normalisePersonalInput(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const data = snakeKeys(raw as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [field, keys] of Object.entries(PERSONAL_ALIASES)) {
    const v = firstOf(data, keys);
    if (v !== undefined) out[field] = v;
  }
  if (out.full_name === undefined) {
    const parts = ['first_name', 'middle_name', 'last_name']
      .map((k) => data[k])
      .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
      .map((p) => p.trim());
    if (parts.length) out.full_name = parts.join(' ');
  }
  if ('gender' in out) out.gender = normaliseGender(out.gender);
  return out;
}

const panField = z.preprocess(
  (v) => (typeof v === 'string' ? emptyToUndefined(v.toUpperCase()) : emptyToUndefined(v)),
  z
    .string({ error: requiredOr() })
    .max(PERSONAL_LIMITS.pan_number, { message: APPLICATION_MESSAGES.tooLong(PERSONAL_LIMITS.pan_number) })
    // Not again for a value already too long: one message per bad value.
    .refine((s) => s.length > PERSONAL_LIMITS.pan_number || PAN.test(s), {
      message: APPLICATION_MESSAGES.pan,
    }),
);

const dobField = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: requiredOr() })
    .refine(validIsoDate, { message: APPLICATION_MESSAGES.dateOfBirth })
    .refine((s) => !validIsoDate(s) || s <= todayInIndia(), { message: APPLICATION_MESSAGES.futureBirthDate })
    .refine((s) => !validIsoDate(s) || s > todayInIndia() || isAtLeastYearsOld(s, MIN_APPLICANT_AGE), {
      message: APPLICATION_MESSAGES.underage,
    })
    .refine((s) => !validIsoDate(s) || !isAtLeastYearsOld(s, 120), {
      message: APPLICATION_MESSAGES.implausibleBirthYear,
    }),
);

const personalShape = {
  full_name: requiredText(PERSONAL_LIMITS.full_name),
  date_of_birth: dobField,
  gender: z.enum(['MALE', 'FEMALE', 'OTHER'], { error: APPLICATION_MESSAGES.required }),
  pan_number: panField,
  address_line1: requiredText(PERSONAL_LIMITS.address_line1),
  address_line2: optionalText(PERSONAL_LIMITS.address_line2),
  state: requiredText(100),
  city: requiredText(100),
  pincode: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : emptyToUndefined(v)),
    z
      .string({ error: requiredOr() })
      .max(PERSONAL_LIMITS.pincode, { message: APPLICATION_MESSAGES.tooLong(PERSONAL_LIMITS.pincode) })
      .refine((s) => s.length > PERSONAL_LIMITS.pincode || PINCODE.test(s), {
        message: APPLICATION_MESSAGES.pincode,
      })
      .refine((s) => pincodeStateProblem(s) !== PIN_CODE_MESSAGES.notIndian, {
        message: PIN_CODE_MESSAGES.notIndian,
      }),
  ),
  country: z.preprocess(emptyToUndefined, z.string().max(60).default('India')),
  email: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: requiredOr() })
      .max(254, { message: APPLICATION_MESSAGES.tooLong(254) })
      .refine((s) => s.length > 254 || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), {
        message: APPLICATION_MESSAGES.email,
      })
      .transform((s) => s.toLowerCase()),
  ),
  mobile: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : emptyToUndefined(v)),
    z
      .string({ error: requiredOr() })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^(?:\+91)?[6-9][0-9]{9}$/, { message: APPLICATION_MESSAGES.mobile })
          .transform((v) => v.slice(-10)),
      ),
  ),
  /** Optional (the legacy KYC form asks for it); stored encrypted, only its last 4 digits ever shown. */
  aadhaar_number: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.replace(/[\s-]/g, '')) : emptyToUndefined(v)),
    z
      .string()
      // A short number is one wrong number, not two messages; twelve wrong digits are a mistyping.
      .regex(/^[0-9]{12}$/, { message: APPLICATION_MESSAGES.aadhaar, abort: true })
      .refine(aadhaarValid, { message: APPLICATION_MESSAGES.aadhaarCheck })
      .optional(),
  ),
};

/**
 * State and City as the wizard offers them (application spec §3: a state's cities): a client that
 * sent 'Karnataka' with 'Mumbai' reached the bank with an address no post reaches. Checked only
 * where both are given, so a draft saving one of them is not refused for the other; the PIN code
 * likewise against the state (ADR 030).
 */
function checkStateAndCity(
  v: { state?: string | undefined; city?: string | undefined; pincode?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.state === undefined) return;
  if (!INDIA_STATES.some((s) => s.state.toLowerCase() === v.state?.trim().toLowerCase())) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: APPLICATION_MESSAGES.state });
    return;
  }
  const key = v.city?.trim().toLowerCase();
  if (key !== undefined && !citiesOf(v.state).some((c) => c.toLowerCase() === key))
    ctx.addIssue({ code: 'custom', path: ['city'], message: APPLICATION_MESSAGES.city });
  // A Delhi PIN code under a Karnataka address reached the bank, whose KYC refuses or delays it.
  // The field's own check already said a PIN code that is no Indian one.
  const pin = v.pincode === undefined ? undefined : pincodeStateProblem(v.pincode, v.state);
  if (pin !== undefined && pin !== PIN_CODE_MESSAGES.notIndian)
    ctx.addIssue({ code: 'custom', path: ['pincode'], message: pin });
}

/** The personal section as stored and returned (snake_case). */
export const personalDetailsSchema = z.preprocess(
  normalisePersonalInput,
  z.object(personalShape).superRefine(checkStateAndCity),
);
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

/** A save that does not complete the step: every field optional, each still checked. */
export const personalDetailsDraftSchema = z.preprocess(
  normalisePersonalInput,
  z.object(personalShape).partial().superRefine(checkStateAndCity),
);

// ---------------------------------------------------------------------------
// Employment section (spec §3, §4 field dependencies)
// ---------------------------------------------------------------------------

export const APPLICATION_EMPLOYMENT_TYPES = [
  'SALARIED',
  'SELF_EMPLOYED',
  'STUDENT',
  'HOMEMAKER',
  'RETIRED',
  'OTHERS',
] as const;
export const APPLICATION_INDUSTRIES = [
  'IT',
  'BANKING',
  'MANUFACTURING',
  'HEALTHCARE',
  'EDUCATION',
  'RETAIL',
  'OTHERS',
] as const;
export const APPLICATION_COMPANY_TYPES = [
  'PVT_LTD',
  'PVT',
  'PUBLIC',
  'GOVT',
  'MNC',
  'LLP',
  'PROPRIETORSHIP',
  'PARTNERSHIP',
  'OTHERS',
] as const;
export const YES_NO = ['YES', 'NO'] as const;

export type EmploymentType = (typeof APPLICATION_EMPLOYMENT_TYPES)[number];

/** A dependency rule: the field applies when `field`'s value is in `values` (empty list: any value). */
export interface DependencyRule {
  field: string;
  values: string[];
}

/** Spec §4 "Field dependencies", as data: the web form disables, the server drops and requires by it. */
export const EMPLOYMENT_DEPENDENCIES: Record<string, DependencyRule[]> = {
  company_name: [{ field: 'employment_type', values: ['SALARIED', 'SELF_EMPLOYED'] }],
  designation: [{ field: 'employment_type', values: ['SALARIED', 'SELF_EMPLOYED'] }],
  industry: [{ field: 'employment_type', values: ['SALARIED', 'SELF_EMPLOYED'] }],
  company_type: [{ field: 'employment_type', values: ['SALARIED', 'SELF_EMPLOYED'] }],
  work_experience_years: [{ field: 'employment_type', values: ['SALARIED', 'SELF_EMPLOYED'] }],
  annual_income: [{ field: 'employment_type', values: ['SALARIED', 'SELF_EMPLOYED', 'RETIRED'] }],
  monthly_income: [{ field: 'employment_type', values: ['SALARIED', 'SELF_EMPLOYED', 'RETIRED'] }],
  existing_credit_card_limit: [{ field: 'existing_credit_cards', values: ['YES'] }],
};

/** A field with no rules always applies; otherwise at least one rule must hold. */
export function fieldApplies(rules: DependencyRule[] | undefined, values: Record<string, unknown>): boolean {
  if (!rules || rules.length === 0) return true;
  return rules.some((r) => {
    const v = values[r.field];
    const has = v !== undefined && v !== null && v !== '';
    if (!has) return false;
    return r.values.length === 0 || r.values.includes(String(v));
  });
}

/** Employment fields that must be filled whenever they apply (existing_loan_emi is optional). */
export const EMPLOYMENT_REQUIRED = [
  'employment_type',
  'company_name',
  'designation',
  'industry',
  'company_type',
  'work_experience_years',
  'annual_income',
  'monthly_income',
  'existing_credit_cards',
  'existing_credit_card_limit',
] as const;

const upperEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.toUpperCase()) : emptyToUndefined(v)),
    z.enum(values, {
      error: (iss) =>
        iss.input === undefined ? APPLICATION_MESSAGES.required : `Choose one of: ${values.join(', ')}.`,
    }),
  );

const employmentFieldSchemas = {
  employment_type: upperEnum(APPLICATION_EMPLOYMENT_TYPES),
  company_name: requiredText(100),
  designation: requiredText(100),
  industry: upperEnum(APPLICATION_INDUSTRIES),
  company_type: upperEnum(APPLICATION_COMPANY_TYPES),
  work_experience_years: z.preprocess(
    (v) => {
      const e = emptyToUndefined(v);
      return typeof e === 'string' && /^\d+$/.test(e) ? Number(e) : e;
    },
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? APPLICATION_MESSAGES.required : APPLICATION_MESSAGES.years,
      })
      .int({ message: APPLICATION_MESSAGES.years })
      .min(0, { message: APPLICATION_MESSAGES.years })
      .max(60, { message: APPLICATION_MESSAGES.years }),
  ),
  annual_income: amountValue,
  monthly_income: amountValue,
  existing_credit_cards: upperEnum(YES_NO),
  existing_credit_card_limit: amountValue,
  existing_loan_emi: amountValue,
} as const;

export type EmploymentField = keyof typeof employmentFieldSchemas;

export interface EmploymentDetails {
  employment_type: EmploymentType;
  company_name?: string;
  designation?: string;
  industry?: (typeof APPLICATION_INDUSTRIES)[number];
  company_type?: (typeof APPLICATION_COMPANY_TYPES)[number];
  work_experience_years?: number;
  annual_income?: string;
  monthly_income?: string;
  existing_credit_cards: 'YES' | 'NO';
  /** "0" when existing_credit_cards is NO (spec §4). */
  existing_credit_card_limit: string;
  existing_loan_emi?: string;
}

/**
 * The employment section: keys snake_cased (nested `salary` dropped), fields that do not
 * apply removed, fields that apply required, the credit-limit set to "0" when the answer is NO.
 * With `complete: false` (a draft save) nothing is required, but what is given is checked.
 */
export function employmentDetailsSchema(complete = true) {
  return z.unknown().transform((raw, ctx): EmploymentDetails => {
    const input =
      raw && typeof raw === 'object' && !Array.isArray(raw) ? snakeKeys(raw as Record<string, unknown>) : {};
    delete input.salary;
    const out: Record<string, unknown> = {};
    // Controlling fields first, so dependants can be judged on clean values.
    const order = Object.keys(employmentFieldSchemas) as EmploymentField[];
    for (const field of order) {
      if (!fieldApplies(EMPLOYMENT_DEPENDENCIES[field], out)) continue;
      const value = emptyToUndefined(input[field]);
      if (value === undefined) {
        if (complete && (EMPLOYMENT_REQUIRED as readonly string[]).includes(field)) {
          ctx.addIssue({ code: 'custom', path: [field], message: APPLICATION_MESSAGES.required });
        }
        continue;
      }
      const parsed = employmentFieldSchemas[field].safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        }
        continue;
      }
      out[field] = parsed.data;
    }
    if (out.existing_credit_cards === 'NO') out.existing_credit_card_limit = '0';
    return out as unknown as EmploymentDetails;
  });
}

// ---------------------------------------------------------------------------
// Documents (spec §3, §5, §9)
// ---------------------------------------------------------------------------

export const DOCUMENT_TYPES = [
  'pan',
  'aadhaar_front',
  'aadhaar_back',
  'address_proof',
  'income_proof',
  'bank_statement',
  'photograph',
  'signature',
] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** Spec §3: the KYC screen requires all but income_proof (address_proof included). */
export const REQUIRED_DOCUMENT_TYPES: readonly DocumentType[] = [
  'pan',
  'aadhaar_front',
  'aadhaar_back',
  'address_proof',
];

/**
 * The documents the wizard's KYC step has a slot for. Only these are held to the age rule at
 * submission (ADR 026): another type, uploaded through the API, has no slot where a web applicant
 * could replace it, and refusing on it would leave the application stuck for good.
 */
export const WIZARD_DOCUMENT_TYPES: readonly DocumentType[] = [...REQUIRED_DOCUMENT_TYPES, 'income_proof'];

/**
 * What each document is called, one table for the wizard's slots, its review and the server's
 * messages, so a 400 names a document as the form does. `title` is the slot's heading (the spec's
 * landing list quotes 'PAN Card'); `noun` is how a sentence names it, `side` the part of it an
 * Aadhaar slot holds (documentInSentence puts them together).
 */
export const DOCUMENT_NAMES: Record<DocumentType, { title: string; noun: string; side?: 'front' | 'back' }> =
  {
    pan: { title: 'PAN Card', noun: 'PAN card' },
    aadhaar_front: { title: 'Aadhaar Card (Front)', noun: 'Aadhaar card', side: 'front' },
    aadhaar_back: { title: 'Aadhaar Card (Back)', noun: 'Aadhaar card', side: 'back' },
    address_proof: { title: 'Address Proof', noun: 'address proof' },
    income_proof: { title: 'Income Proof', noun: 'income proof' },
    bank_statement: { title: 'Bank Statement', noun: 'bank statement' },
    photograph: { title: 'Photograph', noun: 'photograph' },
    signature: { title: 'Signature', noun: 'signature' },
  };

/**
 * A document inside a sentence, 'the' one or the applicant's own: 'your PAN card', 'the front of
 * your Aadhaar card', 'the back of the Aadhaar card'.
 */
export function documentInSentence(type: DocumentType, whose: 'the' | 'your'): string {
  const { noun, side } = DOCUMENT_NAMES[type];
  return side ? `the ${side} of ${whose} ${noun}` : `${whose} ${noun}`;
}

/** Wizard field names and older server names → the server's document_type. */
export const DOCUMENT_TYPE_ALIASES: Record<string, DocumentType> = {
  pan_document: 'pan',
  pan_card: 'pan',
  aadhaar_card_front: 'aadhaar_front',
  aadhaar_card_back: 'aadhaar_back',
};

/** The server's document_type for a name the client sent, or undefined when unknown. */
export function canonicalDocumentType(name: string): DocumentType | undefined {
  const key = name.trim().toLowerCase();
  const alias = Object.hasOwn(DOCUMENT_TYPE_ALIASES, key) ? DOCUMENT_TYPE_ALIASES[key] : undefined;
  if (alias) return alias;
  const parsed = documentTypeSchema.safeParse(key);
  return parsed.success ? parsed.data : undefined;
}

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentMimeType = (typeof ACCEPTED_DOCUMENT_MIME_TYPES)[number];

/** The type a file really is, from its first bytes (never its name or declared type). */
export function sniffDocumentType(head: Uint8Array): DocumentMimeType | undefined {
  // No real JPEG, PNG or PDF is shorter than 8 bytes: `FF D8 FF` alone is three bytes of nothing.
  if (head.length < 8) return undefined;
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

/** One stored document (spec §3 "Document record from the server"). */
export const applicationDocumentSchema = z.object({
  document_type: documentTypeSchema,
  /** API path of the file (owner only, served as an attachment). */
  file_url: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  file_size: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
  is_verified: z.boolean(),
});
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

export const applicationDocumentsSchema = z.array(applicationDocumentSchema);

/** POST upload_documents answer. */
export const uploadDocumentsResponseSchema = z.object({
  detail: z.string(),
  uploaded: z.array(applicationDocumentSchema),
  documents: z.array(applicationDocumentSchema),
  missing_required: z.array(documentTypeSchema),
});
export type UploadDocumentsResponse = z.infer<typeof uploadDocumentsResponseSchema>;

/**
 * How old an uploaded document may be, from its first upload, to be offered again to another
 * application or sent to the bank with a submitted one (ADR 026).
 */
export const REUSABLE_DOCUMENT_MAX_AGE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest upload time a document may have to be reused or submitted (ADR 026). */
export const documentCurrentSince = (now: Date): Date =>
  new Date(now.getTime() - REUSABLE_DOCUMENT_MAX_AGE_DAYS * DAY_MS);

/**
 * Whether a document uploaded at `uploadedAt` is too old for the bank (ADR 026): one rule for
 * server and wizard, so the slot the wizard marks is the one the submit refuses.
 */
export function isDocumentTooOld(uploadedAt: Date | string, now: Date = new Date()): boolean {
  const at = typeof uploadedAt === 'string' ? new Date(uploadedAt) : uploadedAt;
  return at.getTime() < documentCurrentSince(now).getTime();
}

/**
 * GET leads/applications/{id}/reusable_documents: one offer per document type this application
 * does not hold yet, the latest of the applicant's own other applications in this tenant,
 * uploaded within REUSABLE_DOCUMENT_MAX_AGE_DAYS (ADR 026). Nothing is copied until asked.
 */
export const reusableDocumentSchema = z.object({
  document_type: documentTypeSchema,
  from_application_id: z.number().int(),
  from_reference_id: z.string(),
  /** The source application's card, for 'Use the PAN card you uploaded for {card} on {date}'. */
  card_name: z.string().nullable(),
  file_name: z.string(),
  mime_type: z.string(),
  file_size: z.number().int(),
  /** When the file was first uploaded (a copy keeps its source's date). */
  uploaded_at: z.string(),
});
export type ReusableDocument = z.infer<typeof reusableDocumentSchema>;
export const reusableDocumentsSchema = z.array(reusableDocumentSchema);

/**
 * POST leads/applications/{id}/documents/reuse: copy `document_type` from another of my
 * applications (its numeric id or CW- reference) into this one. Answered as an upload is
 * (uploadDocumentsResponseSchema). The type is a string judged by the handler, so an unknown one
 * is told with the list of types, as an upload's is.
 */
export const reuseDocumentRequestSchema = z.object({
  document_type: z.string().min(1).max(40),
  from_application_id: z.union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z.string().min(1).max(40),
  ]),
});
export type ReuseDocumentRequest = z.infer<typeof reuseDocumentRequestSchema>;

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/** POST leads/applications/start_application */
export const startApplicationRequestSchema = z.object({
  card_id: z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : emptyToUndefined(v)),
    // Said only of an id left out (or null, or blank): a string as the schema's error would word
    // every issue of its checks too, and an id over 200 characters or a list read "Card ID is missing.".
    // A number is an id ('123'); 1e400, read as Infinity, is not, and is worded as a number too large.
    z
      .string({ error: whenLeftOut(APPLICATION_MESSAGES.cardIdMissing) })
      .max(200, { message: APPLICATION_MESSAGES.tooLong(200) }),
  ),
});
export type StartApplicationRequest = z.infer<typeof startApplicationRequestSchema>;

/** POST leads/applications/{id}/submit_step */
export const submitStepRequestSchema = z.object({
  step: z
    .string({ error: whenLeftOut('step is required.') })
    .transform((s) => s.trim().toLowerCase())
    .pipe(
      z
        .string()
        // Own keys only: `in` also accepts inherited names (constructor, __proto__), whose
        // "step" reached the database and broke every later read of the application.
        .refine((s) => Object.hasOwn(STEP_ALIASES, s), {
          message: `Unknown step. Use one of: ${APPLICATION_STEPS.join(', ')}.`,
        })
        .transform((s) => STEP_ALIASES[s] as ApplicationStep),
    ),
  is_completed: z.boolean().default(true),
  reference_id: z.string().max(40).optional(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type SubmitStepRequest = z.input<typeof submitStepRequestSchema>;

/** Review data: the fetched application may ride along; only the confirmation is read. */
export const reviewStepDataSchema = z.object({
  confirmed: z.literal(true, { error: APPLICATION_MESSAGES.confirmRequired }),
  /**
   * The applicant's authorisation, given on the review screen (ADR 025): the bank checks their
   * credit report with a bureau, and Cardwise shares the application and its documents with the
   * bank. Without it nothing may be sent, so the review step is refused.
   */
  consented: z.literal(true, { error: APPLICATION_MESSAGES.consentRequired }),
});

/** The review screen's authorisation, naming the bank that receives the application. */
export function applicationConsentText(bankName: string): string {
  return `I authorise ${bankName} to check my credit report with a credit bureau for this application, and Cardwise to share this application and its documents with ${bankName}.`;
}

/** POST leads/applications/{id}/submit_application (the client's submitted_at is informative only). */
export const submitApplicationRequestSchema = z.object({
  submitted_at: z.string().max(64).optional(),
  status: z.literal('submitted', { error: "status must be 'submitted'." }).optional(),
  reference_id: z.string().max(40).optional(),
});
export type SubmitApplicationRequest = z.infer<typeof submitApplicationRequestSchema>;

/** `{id}` in a path: the numeric application id or the reference id. */
export const applicationIdParamsSchema = z.object({ id: z.string().min(1).max(40) });
export const applicationDocumentParamsSchema = z.object({
  id: z.string().min(1).max(40),
  document_type: z.string().min(1).max(40),
});

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** Personal section as returned to its owner: PAN in full, Aadhaar only as its last 4 digits. */
export const personalDetailsViewSchema = z
  .object({
    full_name: z.string().optional(),
    date_of_birth: z.string().optional(),
    gender: z.enum(['MALE', 'FEMALE', 'OTHER']).optional(),
    pan_number: z.string().optional(),
    address_line1: z.string().optional(),
    address_line2: z.string().optional(),
    state: z.string().optional(),
    city: z.string().optional(),
    pincode: z.string().optional(),
    country: z.string().optional(),
    email: z.string().optional(),
    mobile: z.string().optional(),
    aadhaar_last4: z.string().optional(),
    /** "XXXXXXXX1234" */
    aadhaar_masked: z.string().optional(),
  })
  .strict();
export type PersonalDetailsView = z.infer<typeof personalDetailsViewSchema>;

export const employmentDetailsViewSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const stepLogSchema = z.object({ step: applicationStepSchema, completed_at: z.string() });

/** The server application (spec §3). */
export const applicationSchema = z.object({
  id: z.number().int(),
  reference_id: z.string(),
  /** Same as reference_id: what the already-submitted dialog calls the application number. */
  application_number: z.string(),
  card: z.string(),
  card_details: cardDetailSchema.nullable(),
  status: applicationStatusSchema,
  current_step: currentStepSchema,
  application_data: z.object({
    personal_details: personalDetailsViewSchema.nullable(),
    employment_details: employmentDetailsViewSchema.nullable(),
    kyc_documents: z.array(applicationDocumentSchema),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  /** The owner's user id. */
  user: z.string(),
  /** Completed steps, in order. */
  steps: z.array(applicationStepSchema),
  step_logs: z.array(stepLogSchema),
});
export type Application = z.infer<typeof applicationSchema>;

/** start_application answer: the application plus whether it was new or resumed. */
export const startApplicationResponseSchema = applicationSchema.extend({
  is_new: z.boolean(),
  is_existing: z.boolean(),
});
export type StartApplicationResponse = z.infer<typeof startApplicationResponseSchema>;

/** The ALREADY_SUBMITTED error body of start_application. */
export const alreadySubmittedErrorSchema = z.object({
  detail: z.string(),
  code: z.literal(ALREADY_SUBMITTED),
  application_number: z.string(),
  reference_id: z.string(),
  application_id: z.number().int(),
  status: applicationStatusSchema,
  submitted_at: z.string().nullable(),
});
export type AlreadySubmittedError = z.infer<typeof alreadySubmittedErrorSchema>;

/**
 * A 400 of submit_application: `incomplete_application` (a step not completed yet) or
 * `incomplete_section` (a stored section a completed step would not accept: `errors` name its
 * fields) carry the step to go back to as `current_step` (and `step` for a section).
 */
export const submitApplicationErrorSchema = errorBodySchema.extend({
  step: applicationStepSchema.optional(),
  current_step: currentStepSchema.optional(),
});
export type SubmitApplicationError = z.infer<typeof submitApplicationErrorSchema>;

/** leads/my-applications and accounts/applications: one line per application. */
export const applicationSummarySchema = z.object({
  id: z.number().int(),
  reference_id: z.string(),
  card: z.string(),
  card_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  status: applicationStatusSchema,
  current_step: currentStepSchema,
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;
export const applicationSummariesSchema = z.array(applicationSummarySchema);

/**
 * leads/applications/{id}/prefill: what a new application's empty steps can start from, so a
 * second application does not ask for the same name, PAN and address again. Taken from the
 * applicant's most recently updated other application with personal details, else from their
 * profile; `source` says which, so the form can say where the values came from. Aadhaar never
 * travels (only its last 4 digits are readable), nor anything of another user.
 */
export const applicationPrefillSchema = z.object({
  source: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('application'),
        reference_id: z.string(),
        card_name: z.string().nullable(),
        updated_at: z.string(),
      }),
      z.object({ kind: z.literal('profile') }),
    ])
    .nullable(),
  personal_details: personalDetailsViewSchema.nullable(),
  employment_details: employmentDetailsViewSchema.nullable(),
});
export type ApplicationPrefill = z.infer<typeof applicationPrefillSchema>;
