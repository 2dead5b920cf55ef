import { z } from 'zod';

/**
 * The referral and cashback-proof dialog (application spec §2 "Referral and proof-upload
 * dialog", §5, §7 `POST cards/log-apply-redirect`): for cards applied for on the bank's own
 * site. The server validates with these schemas; the web dialog validates its form with the
 * same ones before sending, and shows the same messages.
 */

export const REFERRAL_MESSAGES = {
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid 10-digit phone number',
  pan: 'Please enter a valid PAN number (e.g., ABCDE1234F)',
  referralCode: 'A referral code has letters, digits, - and _ only (at most 40).',
  formInvalid: 'Validation Error: Please fix the errors in the form before submitting.',
  redirectFailed: 'Failed to process your application. Please try again.',
  proofFailed: 'Failed to upload proof. Please try again.',
  proofRequired: 'Please select a file to upload.',
  proofType: 'Invalid file type. Only PNG and JPEG images are allowed.',
  proofTooLarge: 'File is too large (max 5MB)',
  proofEmpty: 'The file is empty. Please choose another file.',
  signInForProof: 'Log in to upload your proof and claim cashback.',
  customerType:
    'Choose whether you are new to the bank, already bank with it, or already hold its credit card.',
  /** The dialog's first step, continued with no type chosen (its Continue is not disabled: WCAG 2.1.1). */
  customerTypeRequired: 'Please select a customer type.',
  cardIdMissing: 'Card ID is missing.',
  cardIdTooLong: 'Card ID must be at most 200 characters.',
} as const;

/** The dialog's choices (spec §2), in its order. */
export const CUSTOMER_TYPES = ['NEW_TO_BANK', 'EXISTING_TO_BANK', 'EXISTING_CREDIT_CARD'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/**
 * Spec §7: the codes are sent lower-case, and the third is `etcc` on the JSON path but `ecc`
 * on the upload path; both must be accepted. The same note spells the JSON one `ettc`
 * ("ntb, etb, and ettc or ecc"), so that spelling is the same type too. The full names are
 * accepted as well. Stored as the full name.
 */
const CUSTOMER_TYPE_CODES: Record<string, CustomerType> = {
  ntb: 'NEW_TO_BANK',
  new_to_bank: 'NEW_TO_BANK',
  etb: 'EXISTING_TO_BANK',
  existing_to_bank: 'EXISTING_TO_BANK',
  etcc: 'EXISTING_CREDIT_CARD',
  ettc: 'EXISTING_CREDIT_CARD',
  ecc: 'EXISTING_CREDIT_CARD',
  existing_credit_card: 'EXISTING_CREDIT_CARD',
};

/** The wire code the client sends for a choice (spec §7: lower-case; `etcc` on the JSON path). */
export const CUSTOMER_TYPE_WIRE: Record<CustomerType, string> = {
  NEW_TO_BANK: 'ntb',
  EXISTING_TO_BANK: 'etb',
  EXISTING_CREDIT_CARD: 'etcc',
};

export const customerTypeSchema = z
  .string({ error: REFERRAL_MESSAGES.customerType })
  .transform((s) => s.trim().toLowerCase())
  .refine((s) => Object.hasOwn(CUSTOMER_TYPE_CODES, s), { message: REFERRAL_MESSAGES.customerType })
  .transform((s) => CUSTOMER_TYPE_CODES[s] as CustomerType);

/** Spec §5: a simple address pattern. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** Spec §5: the PAN field is upper-cased, alphanumerics only, at most 10. */
export const normalisePanInput = (raw: string): string =>
  raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 10);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** The optional tracking fields of the Referral step (spec §5: all optional, checked when given). */
export const referralTrackingSchema = z.object({
  application_tracking_email: optional(
    z
      .string()
      .trim()
      .max(254, { message: REFERRAL_MESSAGES.email })
      .regex(SIMPLE_EMAIL, { message: REFERRAL_MESSAGES.email }),
  ),
  application_tracking_phone: optional(
    z
      .string()
      .trim()
      .regex(/^\d{10}$/, { message: REFERRAL_MESSAGES.phone }),
  ),
  application_tracking_pan: optional(
    z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(PAN, { message: REFERRAL_MESSAGES.pan })),
  ),
  referral_code: optional(
    z.string().trim().regex(REFERRAL_CODE, { message: REFERRAL_MESSAGES.referralCode }),
  ),
});
export type ReferralTracking = z.infer<typeof referralTrackingSchema>;

const cardIdField = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : blankToUndefined(v)),
  // Said only of an id left out (or null, or blank): a string as the schema's error would word
  // every issue of its checks too, and an id over 200 characters or a list read "Card ID is missing.".
  // A number is an id ('123'); 1e400, read as Infinity, is not, and is worded as a number too large.
  z
    .string({ error: (iss) => (iss.input == null ? REFERRAL_MESSAGES.cardIdMissing : undefined) })
    .max(200, { message: REFERRAL_MESSAGES.cardIdTooLong }),
);

/** POST cards/log-apply-redirect, JSON: the user leaves for the bank's site. */
export const logApplyRedirectRequestSchema = referralTrackingSchema
  .extend({
    card_id: cardIdField,
    customer_type: customerTypeSchema,
  })
  // A key it does not know is refused, as on sign-up and the proof upload's form fields: a
  // misspelt `referral_code` was dropped, the departure recorded without it and the referral lost.
  .strict();
export type LogApplyRedirectRequest = z.input<typeof logApplyRedirectRequestSchema>;

export const logApplyRedirectResponseSchema = z.object({
  /** Where to send the user: the card's affiliate link, else the bank's apply page. */
  redirect_url: z.string(),
  /** Quote this with the proof (and to support) so the application can be matched. */
  application_reference: z.string(),
  detail: z.string(),
});
export type LogApplyRedirectResponse = z.infer<typeof logApplyRedirectResponseSchema>;

/** POST cards/log-apply-redirect, multipart: the fields beside `proof_image`. */
export const cashbackProofFieldsSchema = z.object({
  card_id: cardIdField,
  customer_type: customerTypeSchema,
  referral_code: referralTrackingSchema.shape.referral_code,
  application_reference: optional(z.string().trim().max(40)),
});

export const CASHBACK_CLAIM_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export type CashbackClaimStatus = (typeof CASHBACK_CLAIM_STATUSES)[number];

export const cashbackProofResponseSchema = z.object({
  application_reference: z.string(),
  status: z.enum(CASHBACK_CLAIM_STATUSES),
  detail: z.string(),
  received_at: z.string(),
});
export type CashbackProofResponse = z.infer<typeof cashbackProofResponseSchema>;

/** Proof images: PNG or JPEG (spec §5), at most 5 MB. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
export const PROOF_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

/**
 * accounts/cashback-claims: one of the signed-in user's cashback claims, as /profile lists them.
 * The status is the one the operator sets (`npm run referrals -- set-status`); the web says it
 * in words. No storage key or file name: the proof is the user's own, but where it is kept is not.
 * The model keeps no note with the decision, so none is shown.
 */
export const cashbackClaimSummarySchema = z.object({
  application_reference: z.string(),
  card_id: z.string(),
  /**
   * The card's name and bank as when the claim was filed (ADR 010). A claim filed before those
   * were kept has the catalogue's current ones, or null when its card has left the catalogue.
   */
  card_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  status: z.enum(CASHBACK_CLAIM_STATUSES),
  /** When the claim was first filed (a proof sent again later keeps it). */
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
});
export type CashbackClaimSummary = z.infer<typeof cashbackClaimSummarySchema>;
/** The list, newest first. */
export const cashbackClaimSummariesSchema = z.array(cashbackClaimSummarySchema);
