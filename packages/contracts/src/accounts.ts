import { z } from 'zod';
import { cardSummarySchema, notANumber, plainNumber, textId } from './cards-api.ts';
import { entryFrequencySchema } from './catalog.ts';
import { PIN_CODE_MESSAGES, pincodeStateProblem } from './india-states.ts';
import { LANGUAGE_CODES } from './languages.ts';

/**
 * Accounts: sign-up, sign-in, tokens, profile, owned cards, preferences and the
 * signed-in user's spending entries (platform spec §3, §5, §7 "Accounts").
 * One definition of each payload, read by the server's routes and the web forms.
 */

// ---------------------------------------------------------------------------
// Field rules (India)
// ---------------------------------------------------------------------------

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const AADHAAR_PATTERN = /^[2-9][0-9]{11}$/;
export const INDIAN_MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A person's name has at least this many letters (any script): "A" or "." is not one. */
export const NAME_MIN_LETTERS = 2;

export const ACCOUNT_MESSAGES = {
  passwordTooShort: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordNumeric: 'This password is entirely numeric.',
  passwordCommon: 'This password is too common.',
  passwordLikeEmail: 'This password is too similar to the email address.',
  passwordMismatch: 'Passwords do not match.',
  // A field left empty asks for what belongs there: "too short" or nothing at all read as if
  // something typed were wrong, or as if the field were optional.
  passwordMissing: 'Enter a password.',
  newPasswordMissing: 'Enter a new password.',
  currentPasswordMissing: 'Enter your current password.',
  loginPasswordMissing: 'Enter your password.',
  confirmMissing: 'Confirm your password.',
  confirmNewMissing: 'Confirm your new password.',
  nameMissing: 'Enter your full name.',
  nameTooShort: `Enter your full name: at least ${NAME_MIN_LETTERS} letters.`,
  mobileMissing: 'Enter your mobile number.',
  email: 'Enter a valid email address.',
  emailMissing: 'Enter your email address.',
  pan: 'Please enter a valid PAN number (e.g., ABCDE1234F)',
  aadhaar: 'Please enter a valid 12-digit Aadhaar number',
  // Twelve digits that are not an Aadhaar number (its first digit is 2–9, its last a check
  // digit): "a valid 12-digit" number read as a miscount to someone who had typed twelve.
  aadhaarCheck: 'This is not a valid Aadhaar number: check its 12 digits.',
  mobile: 'Please enter a valid 10-digit Indian mobile number',
  pincode: 'Please enter a valid 6-digit PIN code',
  gstin: 'Please enter a valid GSTIN',
  dateOfBirth: 'Enter a valid date of birth (YYYY-MM-DD).',
  // For a date field the browser itself cannot read (31 Feb, a part left blank): its value is
  // '' and the format above is not what the user sees (Chromium shows dd/mm/yyyy or mm/dd/yyyy
  // by locale), so this names what to check instead.
  unreadableDate: 'Enter a complete date that exists: check the day, month and year.',
  futureBirthDate: 'Date of birth cannot be in the future.',
  birthDateAge: 'You must be between 18 and 100 years old.',
  // Django's words, which the spec's client never quotes: a person reads this one.
  invalidCredentials: 'Email or password is incorrect.',
  invalidResponse: 'Invalid response from server',
} as const;

// Verhoeff (dihedral group D5) tables: Aadhaar's last digit is a Verhoeff check digit.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** True when the digit string's last digit is its Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(digits[n - 1 - i])]!]!;
  }
  return c === 0;
}

/** The Verhoeff check digit to append to a digit string (test data, examples). */
/** Twelve digits that are an Aadhaar number: first digit 2–9, last a Verhoeff check digit. */
export function aadhaarValid(digits: string): boolean {
  return AADHAAR_PATTERN.test(digits) && verhoeffValid(digits);
}

export function verhoeffCheckDigit(digits: string): string {
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    c = VERHOEFF_D[c]![VERHOEFF_P[(i + 1) % 8]![Number(digits[n - 1 - i])]!]!;
  }
  return String(VERHOEFF_INV[c]);
}

const stripSeparators = (v: string) => v.replace(/[\s-]/g, '');

/** PAN, upper-cased: five letters, four digits, one letter. */
export const panSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PAN_PATTERN, { message: ACCOUNT_MESSAGES.pan });

/** Aadhaar: 12 digits (spaces or hyphens allowed in input), first digit 2–9, Verhoeff check digit. */
export const aadhaarSchema = z
  .string()
  .transform(stripSeparators)
  .pipe(
    z
      .string()
      .regex(/^[0-9]{12}$/, { message: ACCOUNT_MESSAGES.aadhaar, abort: true })
      .refine(aadhaarValid, { message: ACCOUNT_MESSAGES.aadhaarCheck }),
  );

/** Indian mobile: 10 digits starting 6–9, optionally +91; normalised to the 10 digits. */
export const indianMobileSchema = z
  .string()
  .transform(stripSeparators)
  .pipe(
    z
      .string()
      .min(1, { message: ACCOUNT_MESSAGES.mobileMissing })
      // Not `abort`: an aborted field stops the sign-up's password comparison (see mismatchIssue).
      .refine((v) => v === '' || /^(?:\+91)?[6-9][0-9]{9}$/.test(v), { message: ACCOUNT_MESSAGES.mobile })
      .transform((v) => v.slice(-10)),
  );

/** PIN code: 6 digits, first 1–9, and two first digits India Post uses (india-states.ts). */
export const pincodeSchema = z
  .string()
  .trim()
  .regex(PINCODE_PATTERN, { message: ACCOUNT_MESSAGES.pincode })
  .refine((v) => pincodeStateProblem(v) !== PIN_CODE_MESSAGES.notIndian, {
    message: PIN_CODE_MESSAGES.notIndian,
  });

export const emailSchema = z
  .string()
  .trim()
  // Left empty, "Enter a valid email address." read as if something typed were wrong.
  // No `abort` needed: the pipe below never runs once this has failed.
  .min(1, { message: ACCOUNT_MESSAGES.emailMissing })
  .max(254, { message: ACCOUNT_MESSAGES.email })
  .pipe(z.email({ message: ACCOUNT_MESSAGES.email }));

/**
 * Length (8–128) and not all digits, checked alike in the form and on the server, which also
 * rejects common passwords. 128 is a limit on what is accepted, never a truncation: argon2
 * hashes the whole string.
 */
export const newPasswordSchema = (missing: string) =>
  z
    .string()
    .min(1, { message: missing })
    .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, {
      message: ACCOUNT_MESSAGES.passwordTooShort,
    })
    .max(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooLong })
    .refine((v) => !/^[0-9]+$/.test(v), { message: ACCOUNT_MESSAGES.passwordNumeric });
export const passwordSchema = newPasswordSchema(ACCOUNT_MESSAGES.passwordMissing);

/** The password typed a second time: asked for when empty, and only then compared. */
const confirmPasswordSchema = (missing: string) =>
  z.string().min(1, { message: missing }).max(PASSWORD_MAX_LENGTH);

/**
 * The confirm field's mismatch, on its own path. An empty confirm already says "Confirm your
 * password." and is not also told it does not match.
 */
const confirmMatches =
  <K extends string>(key: K) =>
  (v: Record<K | 'confirm_password', string>) =>
    v.confirm_password === '' || v[key] === v.confirm_password;
/**
 * Checked even while another field is wrong (an object's refinement is skipped then by
 * default): with the email still empty the form otherwise hid the mismatch until that was fixed.
 * Only the two passwords need to be text for the comparison to mean anything. zod still skips it
 * after a field's check marked `abort`, so the sign-up's fields use none: each field's
 * "missing" check and its other checks exclude each other instead.
 */
const mismatchIssue = (key: string) => ({
  message: ACCOUNT_MESSAGES.passwordMismatch,
  path: ['confirm_password'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | null;
    return typeof v?.[key] === 'string' && typeof v.confirm_password === 'string';
  },
});

/**
 * A person's full name: at least two letters of any script (marks such as Devanagari's vowel
 * signs do not count, letters do), so "A", "." or "  -  " is refused with words saying why.
 */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, { message: ACCOUNT_MESSAGES.nameMissing })
  .max(150)
  .refine((v) => v === '' || (v.match(/\p{L}/gu)?.length ?? 0) >= NAME_MIN_LETTERS, {
    message: ACCOUNT_MESSAGES.nameTooShort,
  });

export const referralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, { message: 'Invalid referral code.' });

// ---------------------------------------------------------------------------
// Sign-up, sign-in, tokens
// ---------------------------------------------------------------------------

/** POST /api/accounts/signup */
export const signupRequestSchema = z
  .object({
    full_name: fullNameSchema,
    email: emailSchema,
    phone_number: indianMobileSchema,
    password: passwordSchema,
    confirm_password: confirmPasswordSchema(ACCOUNT_MESSAGES.confirmMissing),
    referral_code: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      referralCodeSchema.optional(),
    ),
  })
  // A key it does not know is refused, as on the profile: a misspelt `referralCode` would
  // otherwise be dropped, and the friend who referred the user lose the referral unseen.
  .strict()
  .refine(confirmMatches('password'), mismatchIssue('password'));
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const signupResponseSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  referral_code: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** POST /api/accounts/login */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: ACCOUNT_MESSAGES.loginPasswordMissing }).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/accounts/token/refresh: rotation, so a new refresh token comes back too. */
export const tokenRefreshRequestSchema = z.object({ refresh: z.string().min(1).max(2048) });
export const tokenRefreshResponseSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenRefreshResponse = z.infer<typeof tokenRefreshResponseSchema>;

/**
 * POST /api/accounts/logout: ends the session of the bearer token (and of `refresh`, when
 * sent); `everywhere: true` ends every session of the user. Strict: a misspelt `everyWhere` was
 * dropped, only this session ended, and the answer said "Successfully logged out." all the same.
 */
export const logoutRequestSchema = z
  .object({ refresh: z.string().max(2048).optional(), everywhere: z.boolean().optional() })
  .strict()
  // A POST with no body reaches the schema as null: "log me out" needs no body, so that is {}.
  .nullish()
  .transform((body) => body ?? {});

/** POST /api/accounts/password/change */
export const changePasswordRequestSchema = z
  .object({
    current_password: z
      .string()
      .min(1, { message: ACCOUNT_MESSAGES.currentPasswordMissing })
      .max(PASSWORD_MAX_LENGTH),
    new_password: newPasswordSchema(ACCOUNT_MESSAGES.newPasswordMissing),
    confirm_password: confirmPasswordSchema(ACCOUNT_MESSAGES.confirmNewMissing),
  })
  .refine(confirmMatches('new_password'), mismatchIssue('new_password'));
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const detailResponseSchema = z.object({ detail: z.string() });

// ---------------------------------------------------------------------------
// Password reset (ADR 024)
// ---------------------------------------------------------------------------

/** How long a reset link works after it is sent. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to a request, whether or not the email has an account (no enumeration, ADR 002). */
  requested: `If an account exists for this email, we have sent a link to reset your password. It expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  /** An unknown, expired, used or superseded link: one message, nothing said of which. */
  invalidLink: 'This reset link has expired or was already used. Ask for a new one.',
  done: 'Your password has been reset. Sign in with your new password.',
} as const;

/** POST /api/accounts/password-reset/request */
export const passwordResetRequestSchema = z.object({ email: emailSchema }).strict();
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/**
 * POST /api/accounts/password-reset/confirm: the link's token and the new password, typed twice,
 * under the same rules as sign-up and the password change.
 */
export const passwordResetConfirmSchema = z
  .object({
    token: z
      .string()
      .min(1, { message: PASSWORD_RESET_MESSAGES.invalidLink })
      .max(512, { message: PASSWORD_RESET_MESSAGES.invalidLink }),
    password: newPasswordSchema(ACCOUNT_MESSAGES.newPasswordMissing),
    confirm_password: confirmPasswordSchema(ACCOUNT_MESSAGES.confirmNewMissing),
  })
  .strict()
  .refine(confirmMatches('password'), mismatchIssue('password'));
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/**
 * The answer of a reset: the account's email, for the sign-in form to hold. Only whoever opened
 * the link gets it, after setting the account's password, so it tells them nothing new.
 */
export const passwordResetConfirmResponseSchema = z.object({ detail: z.string(), email: z.string() });
export type PasswordResetConfirmResponse = z.infer<typeof passwordResetConfirmResponseSchema>;

// ---------------------------------------------------------------------------
// User and profile
// ---------------------------------------------------------------------------

/** GET /api/accounts/user */
export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  referral_code: z.string(),
  date_joined: z.string(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** Same values as the application wizard's (applications.ts), so a profile can pre-fill it. */
export const PROFILE_GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export const PROFILE_EMPLOYMENT_TYPES = [
  'SALARIED',
  'SELF_EMPLOYED',
  'STUDENT',
  'HOMEMAKER',
  'RETIRED',
  'OTHERS',
] as const;

/** A real calendar day from 1900 on, as YYYY-MM-DD (2021-02-29 is not one; the database refuses it). */
export function validIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

const isoDate = z.string().refine(validIsoDate, { message: 'must be a real date (YYYY-MM-DD)' });

/** GET /api/accounts/profile: every profile field of spec §3. Aadhaar only ever as its last 4 digits. */
export const profileSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), email: z.string(), username: z.string(), full_name: z.string() }),
  referral_code: z.string(),
  phone_number: z.string().nullable(),
  date_of_birth: isoDate.nullable(),
  gender: z.enum(PROFILE_GENDERS).nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  current_address: z.string().nullable(),
  current_city: z.string().nullable(),
  current_pincode: z.string().nullable(),
  years_in_current_address: z.number().nullable(),
  permanent_address_same: z.boolean(),
  permanent_address: z.string().nullable(),
  permanent_city: z.string().nullable(),
  permanent_pincode: z.string().nullable(),
  existing_monthly_emi: z.number().nullable(),
  occupation: z.string().nullable(),
  annual_income: z.number().nullable(),
  monthly_income: z.number().nullable(),
  employment_type: z.enum(PROFILE_EMPLOYMENT_TYPES).nullable(),
  company_name: z.string().nullable(),
  job_title: z.string().nullable(),
  years_in_current_job: z.number().nullable(),
  credit_score: z.number().nullable(),
  credit_card_limit: z.number().nullable(),
  credit_card_utilization: z.number().nullable(),
  existing_loan_emis: z.number().nullable(),
  existing_loans_count: z.number().nullable(),
  preferred_loan_tenure: z.number().nullable(),
  preferred_emi_affordability: z.number().nullable(),
  loan_purpose: z.string().nullable(),
  desired_loan_amount: z.number().nullable(),
  pan_number: z.string().nullable(),
  /** Masked: `XXXXXXXX1234`; the full number never leaves the server. */
  aadhaar_number: z.string().nullable(),
  aadhaar_last4: z.string().nullable(),
  is_kyc_verified: z.boolean(),
  kyc_verified_at: z.string().nullable(),
  itr_filed: z.boolean().nullable(),
  gst_number: z.string().nullable(),
  business_turnover: z.number().nullable(),
  consent_for_credit_check: z.boolean(),
  consent_shared: z.boolean(),
  marketing_consent: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  language_selected: z.enum(LANGUAGE_CODES).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/accounts/employment: the employment and income part of the profile. */
export const employmentSchema = profileSchema.pick({
  occupation: true,
  employment_type: true,
  company_name: true,
  job_title: true,
  years_in_current_job: true,
  annual_income: true,
  monthly_income: true,
  itr_filed: true,
  gst_number: true,
  business_turnover: true,
});
export type Employment = z.infer<typeof employmentSchema>;

// Update fields: '' (an emptied form input) and null both clear; an absent key leaves as is.
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const pattern = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable()).optional();
const text = (max: number) => pattern(z.string().trim().max(max));
const num = (min: number, max: number, opts: { int?: boolean } = {}) => {
  let n = z
    .number({ error: notANumber })
    .finite()
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
  if (opts.int) n = n.int({ message: 'must be a whole number' });
  return pattern(z.preprocess(plainNumber, n));
};
const money = () => num(0, 10_000_000_000);

/**
 * Whole years since `dob` (YYYY-MM-DD) on India's calendar day at `now`: someone whose 18th
 * birthday it is in India is 18 from midnight there, not from 05:30 when UTC's day turns.
 */
export function ageInIndia(dob: string, now: Date = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayInIndia(now).split('-').map(Number) as [number, number, number];
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age--;
  return age;
}
/**
 * One message for each bad date of birth, the first that applies: an impossible date (31 Feb,
 * a five-digit year) is not also "between 18 and 100", and one in the future says so instead
 * of reading as someone too young. Chained refinements each added theirs, and the form and the
 * 400's detail showed two or three at once.
 */
const dateOfBirthSchema = z.string().superRefine((v, ctx) => {
  const message = !validIsoDate(v)
    ? ACCOUNT_MESSAGES.dateOfBirth
    : v > todayInIndia()
      ? ACCOUNT_MESSAGES.futureBirthDate
      : ageInIndia(v) < 18 || ageInIndia(v) > 100
        ? ACCOUNT_MESSAGES.birthDateAge
        : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

/**
 * PATCH /api/accounts/user/update (PUT too) and PATCH /api/accounts/profile: a partial
 * update of the user's name and profile. Read-only fields (ids, KYC status, timestamps,
 * referral code, email) are refused, not ignored.
 */
export const profileUpdateFieldsSchema = z
  .object({
    full_name: fullNameSchema.optional(),
    phone_number: pattern(indianMobileSchema),
    date_of_birth: pattern(dateOfBirthSchema),
    gender: pattern(z.enum(PROFILE_GENDERS)),
    address: text(500),
    city: text(100),
    state: text(100),
    pincode: pattern(pincodeSchema),
    current_address: text(500),
    current_city: text(100),
    current_pincode: pattern(pincodeSchema),
    years_in_current_address: num(0, 100, { int: true }),
    permanent_address_same: z.boolean().optional(),
    permanent_address: text(500),
    permanent_city: text(100),
    permanent_pincode: pattern(pincodeSchema),
    existing_monthly_emi: money(),
    occupation: text(100),
    annual_income: money(),
    monthly_income: money(),
    employment_type: pattern(z.enum(PROFILE_EMPLOYMENT_TYPES)),
    company_name: text(200),
    job_title: text(100),
    years_in_current_job: num(0, 60),
    credit_score: num(300, 900, { int: true }),
    credit_card_limit: money(),
    credit_card_utilization: num(0, 100),
    existing_loan_emis: money(),
    existing_loans_count: num(0, 100, { int: true }),
    preferred_loan_tenure: num(1, 480, { int: true }),
    preferred_emi_affordability: money(),
    loan_purpose: text(200),
    desired_loan_amount: money(),
    pan_number: pattern(panSchema),
    aadhaar_number: pattern(aadhaarSchema),
    itr_filed: z.boolean().nullable().optional(),
    gst_number: pattern(
      z.string().trim().toUpperCase().regex(GSTIN_PATTERN, { message: ACCOUNT_MESSAGES.gstin }),
    ),
    business_turnover: money(),
    consent_for_credit_check: z.boolean().optional(),
    consent_shared: z.boolean().optional(),
    marketing_consent: z.boolean().optional(),
    language_selected: pattern(z.enum(LANGUAGE_CODES)),
  })
  .strict();

/**
 * The profile's State and PIN code, when one update gives both: the wizard prefills its address
 * from the profile, so a Delhi PIN code under Karnataka would reach the bank from here too
 * (ADR 030). Here the pair sent in one update; the update route judges one sent alone against
 * the other as stored. An update touching neither is not refused for a stored mismatch; the
 * profile page judges its address section whole, so its next save of that section says it.
 */
export function checkProfileStateAndPincode(
  v: { state?: string | null | undefined; pincode?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (!v.state || !v.pincode) return;
  const problem = pincodeStateProblem(v.pincode, v.state);
  if (problem !== undefined && problem !== PIN_CODE_MESSAGES.notIndian)
    ctx.addIssue({ code: 'custom', path: ['pincode'], message: problem });
}

/**
 * The update as sent: its fields (profileUpdateFieldsSchema, which the profile page narrows to one
 * section's fields, as zod cannot narrow a refined object) and the checks across them.
 */
export const profileUpdateSchema = profileUpdateFieldsSchema.superRefine(checkProfileStateAndPincode);
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateParsed = z.output<typeof profileUpdateSchema>;

// ---------------------------------------------------------------------------
// Contact, referrals, notifications, applications
// ---------------------------------------------------------------------------

/**
 * POST /api/accounts/contact (signed in or not). Strict, as sign-up and the profile are: a
 * misspelt `phone` or `Subject` was dropped and the message filed without it, unseen.
 */
export const contactRequestSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'Name is required.' }).max(150),
    email: emailSchema,
    phone_number: pattern(indianMobileSchema),
    subject: text(200),
    message: z.string().trim().min(1, { message: 'Message is required.' }).max(5000),
  })
  .strict();
export type ContactRequest = z.input<typeof contactRequestSchema>;
export const contactResponseSchema = z.object({ id: z.string(), detail: z.string() });

/** GET /api/accounts/referred-users: people who signed up with the user's code (email masked). */
export const referredUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  date_joined: z.string(),
});
export type ReferredUser = z.infer<typeof referredUserSchema>;

/** GET /api/accounts/notifications */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type AccountNotification = z.infer<typeof notificationSchema>;

// GET /api/accounts/applications answers `applicationSummariesSchema` (applications.ts), the
// same lines as leads/my-applications: one payload, one schema.

export const uuidParamsSchema = z.object({ id: z.uuid({ message: 'Invalid id.' }) });

// ---------------------------------------------------------------------------
// Owned cards ("my cards")
// ---------------------------------------------------------------------------

/** GET /api/accounts/my-cards: owned card records (spec §3). */
export const ownedCardSchema = z.object({
  id: z.string(),
  /** The card's catalogue summary; null when the card left the tenant's catalogue (clients skip it). */
  credit_card_details: cardSummarySchema.nullable(),
  card_id: z.string(),
  card_number_last4: z.string().nullable(),
  /** MM/YY */
  expiry_date: z.string().nullable(),
  joining_date: isoDate.nullable(),
  is_active: z.boolean(),
  /** The owner's user id. */
  user: z.string(),
});
export type OwnedCard = z.infer<typeof ownedCardSchema>;

export const OWNED_CARD_MESSAGES = {
  card: 'Choose a card.',
  last4: 'Enter the last 4 digits of the card number.',
  expiry: 'Expiry must be MM/YY.',
  expired: 'This card has expired: the expiry month is in the past.',
  joiningFuture: 'The joining date cannot be in the future.',
} as const;

/**
 * Today's calendar date in India (UTC+05:30) as YYYY-MM-DD. Owned-card dates are checked
 * against India's day, not the machine's: the browser and the server then agree on what
 * "today" is whatever their own time zones (a UTC server would otherwise refuse a card
 * joined today between midnight and 05:30 in India).
 */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * "0429", "4/29", "04-29" or "04 / 29" as the MM/YY they mean: a phone's number pad has no "/",
 * and "0429" was refused as "Expiry must be MM/YY." with no way to type the slash. Anything else
 * is left as it is, for the format check to word.
 */
export function normaliseExpiry(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = /^(\d{1,2})[/.-]?(\d{2})$/.exec(value.replace(/\s+/g, ''));
  return m ? `${(m[1] ?? '').padStart(2, '0')}/${m[2]}` : value;
}

/** MM/YY: a card is valid to the end of its expiry month, so only earlier months are past. */
const expirySchema = z
  .string()
  .trim()
  .regex(/^(0[1-9]|1[0-2])\/[0-9]{2}$/, { message: OWNED_CARD_MESSAGES.expiry, abort: true })
  .refine((v) => `20${v.slice(3)}-${v.slice(0, 2)}` >= todayInIndia().slice(0, 7), {
    message: OWNED_CARD_MESSAGES.expired,
  });

/** POST /api/accounts/my-cards. Only the last 4 digits of a card number are ever accepted. */
export const addOwnedCardSchema = z
  .object({
    card_id: z.string().trim().min(1, { message: OWNED_CARD_MESSAGES.card }).max(100),
    card_number_last4: pattern(
      z
        .string()
        .trim()
        .regex(/^[0-9]{4}$/, { message: OWNED_CARD_MESSAGES.last4 }),
    ),
    expiry_date: pattern(z.preprocess(normaliseExpiry, expirySchema)),
    joining_date: pattern(
      isoDate.refine((v) => !validIsoDate(v) || v <= todayInIndia(), {
        message: OWNED_CARD_MESSAGES.joiningFuture,
      }),
    ),
    is_active: z.boolean().optional(),
  })
  .strict();
export type AddOwnedCard = z.input<typeof addOwnedCardSchema>;

/** PATCH /api/accounts/my-cards/{id} */
export const updateOwnedCardSchema = addOwnedCardSchema.omit({ card_id: true }).strict();

// ---------------------------------------------------------------------------
// Preferences and spending entries
// ---------------------------------------------------------------------------

export const DESIRED_CARD_COUNT_MIN = 1;
export const DESIRED_CARD_COUNT_MAX = 10;

/** Spec §5: an integer clamped to 1..10; a non-number becomes 1. */
export function clampDesiredCardCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return DESIRED_CARD_COUNT_MIN;
  return Math.min(DESIRED_CARD_COUNT_MAX, Math.max(DESIRED_CARD_COUNT_MIN, Math.trunc(n)));
}

const cardIdList = z
  .array(textId(100), {
    error: (iss) => (iss.input === undefined ? 'is required (an empty list for none)' : undefined),
  })
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/**
 * The count a client sends. The preferences form clamps what a person types (spec §5,
 * `clampDesiredCardCount`), so a value outside 1..10 reaching the API is a client's bug: it is
 * refused, not silently saved as 1 or 10.
 */
export const desiredCardCountSchema = z
  .number({
    error: (iss) =>
      iss.input === undefined
        ? 'is required (a whole number from 1 to 10)'
        : 'must be a whole number from 1 to 10',
  })
  // Once said, not again by the range below: 1e308 failed both.
  .int({ message: 'must be a whole number from 1 to 10', abort: true })
  .min(DESIRED_CARD_COUNT_MIN, 'must be from 1 to 10')
  .max(DESIRED_CARD_COUNT_MAX, 'must be from 1 to 10');

export const PREFERENCE_CARD_LISTS = ['compareCards', 'excludeCards', 'ownedCards'] as const;
export type PreferenceCardList = (typeof PREFERENCE_CARD_LISTS)[number];

export interface PreferenceListConflict {
  cardId: string;
  /** The two lists naming the card, in PREFERENCE_CARD_LISTS order. */
  lists: [PreferenceCardList, PreferenceCardList];
}

/**
 * Cards named in two of compareCards, excludeCards and ownedCards: each pair contradicts itself
 * (compare and exclude; a held card is never a candidate, so comparing or excluding it means
 * nothing), and which list the user meant cannot be guessed. Each card once, at its first pair.
 */
export function preferenceListConflicts(
  p: Pick<AccountPreferences, PreferenceCardList>,
): PreferenceListConflict[] {
  const out: PreferenceListConflict[] = [];
  const seen = new Set<string>();
  PREFERENCE_CARD_LISTS.forEach((a, i) => {
    for (const b of PREFERENCE_CARD_LISTS.slice(i + 1))
      for (const id of p[a])
        if (!seen.has(id) && p[b].includes(id)) {
          seen.add(id);
          out.push({ cardId: id, lists: [a, b] });
        }
  });
  return out;
}

export const preferenceConflictMessage = (c: PreferenceListConflict): string =>
  `Card '${c.cardId}' is in both ${c.lists[0]} and ${c.lists[1]}; a card can be in only one of compareCards, excludeCards and ownedCards.`;

/**
 * PUT /api/accounts/preferences (spec §3 Preferences): the whole of them, every field required.
 * A PUT replaces what was saved, so a field left out is refused, not saved as its default (`{}`
 * reset the user's choices to none). Strict: a misspelt key (`compare_cards`) would otherwise be
 * dropped. GET answers DEFAULT_PREFERENCES when none were ever saved.
 */
export const accountPreferencesSchema = z
  .object({
    compareCards: cardIdList,
    excludeCards: cardIdList,
    ownedCards: cardIdList,
    desiredCardCount: desiredCardCountSchema,
  })
  .strict()
  .superRefine((p, ctx) => {
    for (const c of preferenceListConflicts(p))
      ctx.addIssue({ code: 'custom', path: [c.lists[1]], message: preferenceConflictMessage(c) });
  });
export type AccountPreferences = z.output<typeof accountPreferencesSchema>;
/**
 * A saved card this site no longer offers: retired by the catalogue (kept, inactive), of a bank
 * this site (tenant) does not list, or unknown to the catalogue. The web's card list holds only
 * offered cards, so without this a saved chip could show nothing but the raw id. The name is the
 * shared catalogue's, public on every site; null when the catalogue does not know the id.
 */
export const unofferedPreferenceCardSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  reason: z.enum(['retired', 'not_on_this_site', 'unknown']),
});
export type UnofferedPreferenceCard = z.output<typeof unofferedPreferenceCardSchema>;
export const accountPreferencesResponseSchema = z.object({
  compareCards: z.array(z.string()),
  excludeCards: z.array(z.string()),
  ownedCards: z.array(z.string()),
  desiredCardCount: z.number().int(),
  /** Present only when some saved card is not offered here (GET and PUT), one entry per id. */
  unofferedCards: z.array(unofferedPreferenceCardSchema).optional(),
});
export type AccountPreferencesResponse = z.output<typeof accountPreferencesResponseSchema>;
/**
 * The PUT's answer: what was saved, and why it differs from what was sent. A card the account
 * records as held counts as owned, so one also sent to compare or exclude is dropped from that
 * list, and said so here, rather than refused (ADR 015).
 */
export const savedPreferencesResponseSchema = accountPreferencesResponseSchema.extend({
  warnings: z.array(z.string()),
});
export type SavedPreferencesResponse = z.output<typeof savedPreferencesResponseSchema>;
export const DEFAULT_PREFERENCES: AccountPreferences = {
  compareCards: [],
  excludeCards: [],
  ownedCards: [],
  desiredCardCount: 1,
};

export const MAX_SPENDING_ENTRIES = 200;

const nodeId = z
  .union([z.string(), z.number(), z.object({ id: z.union([z.string(), z.number()]) })])
  .transform((v) => (typeof v === 'object' ? String(v.id) : String(v)))
  // Node ids are paths of up to six slugs (the demo taxonomy's longest is 108 characters).
  .pipe(z.string().trim().max(400))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** One entry's amount: at most ₹100 crore (a household's spend, with room; the engine's numbers stay well scaled). */
export const MAX_SPENDING_AMOUNT = 1_000_000_000;
/** Spec §5's message for an amount that is missing or does not parse, in the form and from the server. */
export const SPENDING_AMOUNT_MESSAGE = 'Amount is required and must be a number.';
export const MAX_SPENDING_AMOUNT_MESSAGE = 'Amount must be at most ₹1,00,00,00,000.';
/** A minus sign typed into the amount: the spec's parse message ('… must be a number.') would deny it was a number. */
export const NEGATIVE_SPENDING_AMOUNT_MESSAGE = 'Amount cannot be negative.';
/** An amount finer than a paisa (₹0.001): no bill is, and a ₹0.001 entry would be "covered" in full by any card. */
export const SPENDING_AMOUNT_PAISE_MESSAGE = 'Amount can have at most 2 decimal places (paise).';

/**
 * Whether an amount is a whole number of paise. Not `n * 100` compared with its rounding exactly:
 * 0.29 * 100 is 28.999999999999996. The tolerance is a few units in the last place of the paise
 * figure, so an honest two-decimal amount passes at any size and ₹0.001 does not.
 */
export function isWholePaise(n: number): boolean {
  const paise = n * 100;
  return Math.abs(paise - Math.round(paise)) <= Number.EPSILON * 4 * Math.max(1, Math.abs(paise));
}

/**
 * A spending entry as sent to the server (spec §3). Select values that are objects are
 * reduced to their id as text; the amount is a decimal, 0 when empty.
 */
export const accountSpendingEntrySchema = z.object({
  id: textId(100),
  amount: z
    .union([z.number(), z.string().trim()])
    .transform((v) => (v === '' ? 0 : plainNumber(v)))
    .pipe(
      z
        .number({ error: SPENDING_AMOUNT_MESSAGE })
        .finite()
        .min(0, { message: NEGATIVE_SPENDING_AMOUNT_MESSAGE })
        .max(MAX_SPENDING_AMOUNT, { message: MAX_SPENDING_AMOUNT_MESSAGE })
        .refine(isWholePaise, { message: SPENDING_AMOUNT_PAISE_MESSAGE }),
    ),
  spending_mode: nodeId,
  platform_type: nodeId,
  platform_name: nodeId,
  spending_category: nodeId,
  spending_sub_category: nodeId,
  product: nodeId,
  brand: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .optional()
    .transform((v) => v || null),
  frequency: entryFrequencySchema.default('MONTHLY'),
  payment_method: z
    .string()
    .trim()
    .max(50)
    .nullable()
    .optional()
    .transform((v) => v || 'other'),
  transaction_type: z
    .string()
    .trim()
    .max(50)
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type AccountSpendingEntryInput = z.input<typeof accountSpendingEntrySchema>;
export type AccountSpendingEntry = z.output<typeof accountSpendingEntrySchema>;

/** PUT /api/accounts/spending-entries: the whole list (replaces what was stored). */
export const accountSpendingEntriesSchema = z
  .array(accountSpendingEntrySchema)
  .max(MAX_SPENDING_ENTRIES, { message: `At most ${MAX_SPENDING_ENTRIES} spending entries.` })
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((e, i) => {
      if (seen.has(e.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Duplicate entry id.' });
      seen.add(e.id);
    });
  });

export const accountSpendingEntryResponseSchema = z.object({
  id: z.string(),
  amount: z.number(),
  spending_mode: z.string().nullable(),
  platform_type: z.string().nullable(),
  platform_name: z.string().nullable(),
  spending_category: z.string().nullable(),
  spending_sub_category: z.string().nullable(),
  product: z.string().nullable(),
  brand: z.string().nullable(),
  frequency: entryFrequencySchema,
  payment_method: z.string(),
  transaction_type: z.string().nullable(),
});
