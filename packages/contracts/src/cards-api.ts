import { z } from 'zod';
import {
  capGroupSchema,
  feeFrequencySchema,
  milestoneSchema,
  ruleSchema,
  sectionSchema,
  slugSchema,
  uncertainFactSchema,
} from './catalog.ts';

/** Every error answer: `{detail, code?, errors?}` (architecture.md "Errors"). */
export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const tagDtoSchema = z.object({ slug: z.string(), name: z.string(), icon: z.string().nullable() });
export type TagDto = z.infer<typeof tagDtoSchema>;

/** A card in lists (tiles, preference pickers, hero carousel): small on purpose. */
export const cardSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  bank: z.string(),
  bank_name: z.string(),
  issuer_name: z.string(),
  bank_color: z.string(),
  network: z.string().nullable(),
  fee: z.number(),
  annual_fee: z.number(),
  fee_frequency: feeFrequencySchema,
  joining_fee: z.number(),
  image_url: z.string().nullable(),
  apply_url: z.string().nullable(),
  /** The affiliate link; null: none, apply at apply_url; false: not applied for on the bank's site. */
  affiliated_url: z.union([z.string(), z.literal(false)]).nullable(),
  highlights: z.array(z.string()),
  tags: z.array(tagDtoSchema),
  sections: z.array(sectionSchema),
  status: z.number().int(),
  card_type: z.string(),
  is_active: z.boolean(),
  /** Its bank issues it only to those it invites (`issuedByInvitation` of its eligibility). */
  by_invitation: z.boolean(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

/**
 * A card its bank offers only to those it invites, as the catalogue's eligibility says ("invite
 * only": HDFC Infinia, ICICI Emeralde). The demo catalogue gives such a card affiliated_url: false
 * (the bank's site takes no application for it); where the bank has the in-product journey,
 * applying stays open there, and the apply dialog says first that an invitation is needed.
 */
export function issuedByInvitation(eligibility: string | null): boolean {
  return /\binvit(?:e|ation)[- ]only\b|\bby invitation\b/i.test(eligibility ?? '');
}

/** A card's page: everything a user weighs, with where the facts come from. */
export const cardDetailSchema = cardSummarySchema.extend({
  fee_waiver_annual_spend: z.number().nullable(),
  waiver_condition: z.string().nullable(),
  milestones: z.array(milestoneSchema),
  rules: z.array(ruleSchema),
  cap_groups: z.array(capGroupSchema),
  interest_rate: z.string().nullable(),
  min_income: z.number().nullable(),
  credit_score: z.number().nullable(),
  bank_page_url: z.string().nullable(),
  know_more_urls: z.array(z.string()),
  benefits: z.array(z.string()),
  description: z.string().nullable(),
  eligibility: z.string().nullable(),
  welcome_bonus: z.string().nullable(),
  lounge_access: z.string().nullable(),
  fuel_surcharge_waiver: z.string().nullable(),
  reward_point_value_inr: z.number().nullable(),
  /**
   * Where the card's points can only be spent (ADR 029, 033): the slugs (platform names or
   * platform types; one for IRCTC), the place's name ("IRCTC"; for several, the catalogue's words
   * or the names listed), and what the points buy there in words (`spent_on`: "IRCTC bookings",
   * "IndianOil (IOCL) fuel" for a platform whose only category is fuel, or the catalogue's own
   * words, "flight and hotel bookings"). `named`: the name is one platform's, so a reason
   * may say "Your IRCTC spend"; otherwise it says "Your spend on …" the `spent_on` words.
   */
  points_redeemable_only_on: z
    .object({ slugs: z.array(z.string()), name: z.string(), spent_on: z.string(), named: z.boolean() })
    .nullable(),
  /** What those points are worth anywhere else, below `reward_point_value_inr` (ADR 031); null: nothing. */
  points_value_elsewhere_inr: z.number().nullable(),
  /** The card's markup on foreign-currency spend before GST (0.035 for 3.5%; ADR 034); null: not known. */
  forex_markup_rate: z.number().nullable(),
  reward_type: z.string(),
  editorial_rationale: z.string().nullable(),
  sources: z.array(z.string()),
  as_of: z.string(),
  uncertain: z.array(uncertainFactSchema),
});
export type CardDetail = z.infer<typeof cardDetailSchema>;

/**
 * The `error` of a coerced number: zod 4 applies a schema's own error to the issues of its
 * checks too, so a plain string would call 100000 "not a number" where it is only too large.
 * Only a value that is no number gets this text (a fraction where a whole number is wanted
 * says so); ranges keep the messages of their checks.
 */
export const notANumber = (iss: { code: string; expected?: string; input?: unknown }): string | undefined => {
  if (iss.code !== 'invalid_type') return undefined;
  // Text plainNumber could not read ("1e5", "12abc") is not "no number" to whoever wrote it: the
  // words say how to write one. Any other value (a list from a repeated query parameter, 1e400) is
  // worded by readableIssue, as every field's is ("must be a number, not a list").
  if (typeof iss.input !== 'string') return undefined;
  return `${iss.expected === 'int' ? 'must be a whole number' : 'must be a number'}, written in digits (like 2500)`;
};

/**
 * For z.preprocess: text written as a plain decimal number ("12", "-3.5", "1,25,000.50")
 * becomes that number; anything else is left for the number schema to refuse. z.coerce.number
 * (Number()) also turned arrays, booleans and hex into numbers: [] → 0, true → 1, "0x1F" → 31.
 */
export const plainNumber = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const text = v.trim().replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : v;
};

/** Text ids: a string, or a number written as text (12 → "12"); never an object's "[object Object]". */
export const textId = (max: number) =>
  z
    .union([z.string(), z.number()], { error: 'must be text' })
    .transform(String)
    .pipe(z.string().trim().min(1).max(max));

const boolFromQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const moneyFromQuery = z.preprocess(
  plainNumber,
  z.number({ error: notANumber }).finite().min(0, 'must be 0 or more').max(10_000_000),
);

/**
 * Orders of the card list (GET /api/cards?sort=). `relevance`, the default, is the catalogue's
 * order, with cards whose name holds the search first. Fees are the ones the tiles show, before
 * GST; the annual fee is compared a year at a time, as the fee filter compares it.
 */
export const CARD_SORTS = [
  'relevance',
  'annual_fee_asc',
  'annual_fee_desc',
  'joining_fee_asc',
  'name_asc',
] as const;
export const cardSortSchema = z.enum(CARD_SORTS);
export type CardSort = z.infer<typeof cardSortSchema>;

/** GET /api/cards query. Unknown parameters are ignored (clients add cache-busters). */
export const listCardsQuerySchema = z
  .object({
    tag: z.union([slugSchema, z.array(slugSchema)]).optional(),
    section: sectionSchema.optional(),
    bank: z.union([slugSchema, z.array(slugSchema)]).optional(),
    fee_min: moneyFromQuery.optional(),
    fee_max: moneyFromQuery.optional(),
    /** A category slug (any level) that a card's earn rules favour. */
    category: slugSchema.optional(),
    search: z.string().trim().max(100).optional(),
    sort: cardSortSchema.default('relevance'),
    page: z
      .preprocess(
        plainNumber,
        // The bounds first and final: .int() also bounds to a safe integer, and 1e20 read "must be
        // at most 9007199254740991; must be at most 10000".
        z
          .number({ error: notANumber })
          .min(1, { error: 'must be at least 1', abort: true })
          .max(10_000, { error: 'must be at most 10000', abort: true })
          .int(),
      )
      .default(1),
    page_size: z
      .preprocess(
        plainNumber,
        z
          .number({ error: notANumber })
          .min(1, { error: 'must be at least 1', abort: true })
          .max(100, { error: 'must be at most 100', abort: true })
          .int(),
      )
      .default(20),
    no_pagination: boolFromQuery.optional(),
  })
  .refine((q) => q.fee_min === undefined || q.fee_max === undefined || q.fee_min <= q.fee_max, {
    message: 'fee_min must not exceed fee_max',
    path: ['fee_min'],
  });
export type ListCardsQuery = z.infer<typeof listCardsQuerySchema>;

export const paginatedCardsSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(cardSummarySchema),
});
export type PaginatedCards = z.infer<typeof paginatedCardsSchema>;

export const cardIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Featured and sponsored lists: `{results}` (spec §7). */
export const cardResultsSchema = z.object({ results: z.array(cardSummarySchema) });

export interface CategoryNodeDto {
  id: string;
  slug: string;
  name: string;
  level: number;
  children: CategoryNodeDto[];
}
export const categoryNodeDtoSchema: z.ZodType<CategoryNodeDto> = z.lazy(() =>
  z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    level: z.number().int(),
    children: z.array(categoryNodeDtoSchema),
  }),
);
export const CATEGORY_LEVELS = [
  'mode',
  'platform_type',
  'platform_name',
  'category',
  'sub_category',
  'product',
] as const;

export const bankDtoSchema = z.object({
  code: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  description: z.string().nullable(),
});
export type BankDto = z.infer<typeof bankDtoSchema>;

/**
 * The product's own brand, which the tenant's bank list carries last (spec §3: "bank list entries
 * ... plus the product's own brand"). It issues no card: never a filter choice.
 */
export const OWN_BRAND_CODE = 'cardwise';

export const THEME_NAMES = ['default', 'corporate', 'vibrant', 'minimal', 'ocean', 'sunset'] as const;
export const themeNameSchema = z.enum(THEME_NAMES);
export type ThemeName = z.infer<typeof themeNameSchema>;

export const themeColorsSchema = z.object({
  primary: z.string(),
  primaryForeground: z.string(),
  background: z.string(),
  foreground: z.string(),
  muted: z.string(),
  mutedForeground: z.string(),
  card: z.string(),
  border: z.string(),
  accent: z.string(),
});
export type ThemeColors = z.infer<typeof themeColorsSchema>;

export const themeDtoSchema = z.object({
  name: themeNameSchema,
  description: z.string(),
  primaryColor: z.string(),
  light: themeColorsSchema,
  dark: themeColorsSchema,
});
export type ThemeDto = z.infer<typeof themeDtoSchema>;

/** GET /api/tenant: what the web app needs to brand itself. */
export const tenantConfigSchema = z.object({
  slug: z.string(),
  branding: z.object({
    logo: z.string().nullable(),
    companyName: z.string(),
    customCSS: z.string(),
    description: z.string(),
  }),
  theme: themeDtoSchema,
  themes: z.array(themeDtoSchema),
  banks: z.array(bankDtoSchema),
  /** Banks with the complete in-product journey (spec §4), comma-separated as configured. */
  completeJourneyBanks: z.string(),
  supportEmail: z.string(),
});
export type TenantConfig = z.infer<typeof tenantConfigSchema>;

/**
 * GET /api/cards/apply/{id}/ params. Catalogue card ids are slugs (the catalogue refuses any
 * other), so an id that cannot be one is the client's mistake (400), not an unknown card (404).
 */
export const cardApplyParamsSchema = z.object({
  id: z
    .string()
    .min(1, 'must be a card id')
    .max(80, 'must be a card id (at most 80 characters)')
    .regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, 'must be a card id (lowercase letters, digits and underscores)'),
});

/**
 * GET /api/cards/apply/{id}/ (platform spec §7; ADR 016): how this tenant takes an application
 * for one card, decided once on the server by the shared apply rule (apply-rule.ts), so the
 * apply dialog and the application page need neither the whole card nor the tenant's
 * complete-journey setting to decide it.
 */
export const cardApplyOptionsSchema = z.object({
  card_id: z.string(),
  name: z.string(),
  bank: z.string(),
  bank_name: z.string(),
  issuer_name: z.string(),
  image_url: z.string().nullable(),
  fee: z.number(),
  annual_fee: z.number(),
  fee_frequency: feeFrequencySchema,
  joining_fee: z.number(),
  /** in_product or a bank_url: the Apply button is enabled (platform spec §4). */
  can_apply: z.boolean(),
  /** The card's bank is on this tenant's complete-journey list: the in-product wizard takes it. */
  in_product: z.boolean(),
  /** The wizard's route in the web app when in_product (application spec §2), else null. */
  in_product_path: z.string().nullable(),
  /** The bank's own application page, affiliate link first; null when there is none to open. */
  bank_url: z.string().nullable(),
  /**
   * The card's page on the bank's site, for reading about it (the card page's 'Card page on …'
   * link): where there is no application to open, the person can still go on from there.
   */
  bank_page_url: z.string().nullable(),
});
export type CardApplyOptions = z.infer<typeof cardApplyOptionsSchema>;

/**
 * The platform types (level 2 of the spending taxonomy) whose platforms are payment apps: UPI
 * apps, bill-payment apps and wallets (ADR 016). Their slugs are the catalogue's own
 * (apps/server/seed/README.md), which earn rules name.
 */
export const PAYMENT_APP_KINDS = ['upi', 'bill_payment_app', 'wallet_loads'] as const;
export const paymentAppKindSchema = z.enum(PAYMENT_APP_KINDS);

const categoryRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

/** One payment app: a platform-name node of the taxonomy under one of PAYMENT_APP_KINDS. */
export const paymentAppSchema = z.object({
  /** The category node id: the spending form's platform name value. */
  id: z.string(),
  /** What earn rules and the cards filter (`GET /api/cards?category=`) name. */
  slug: z.string(),
  name: z.string(),
  kind: paymentAppKindSchema,
  /** The levels above it, so a form can fill the cascade down to the app in one step. */
  mode: categoryRefSchema,
  platform_type: categoryRefSchema,
  /**
   * This tenant's cards with an earn rule on spend made through the app: one naming the app,
   * its platform type, or a kind every spend through it is (UPI apps: upi). Base rates on
   * everything are not counted: every card has one.
   */
  card_ids: z.array(z.string()),
});
export type PaymentApp = z.infer<typeof paymentAppSchema>;

/** GET /api/cards/payment-apps: `{results}` like the other catalogue lists. */
export const paymentAppsResponseSchema = z.object({ results: z.array(paymentAppSchema) });
export type PaymentAppsResponse = z.infer<typeof paymentAppsResponseSchema>;
