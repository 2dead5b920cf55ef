import { z } from 'zod';

/**
 * The catalogue interchange format (shared/design/catalog-format.md).
 * The engine reads the reward fields; the product reads the rest. Both travel
 * in the same card objects, so one schema validates importer files, engine
 * instances and the engine's CLI input.
 */

/** Slugs are lowercase snake_case: `swiggy`, `food_delivery`. */
export const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, 'must be a lowercase snake_case slug');

/**
 * A link the product shows or sends a user to: http or https only. `z.string().url()` takes any
 * scheme, so `javascript:…` or `data:text/html,…` passed as a card's apply link, and the web app
 * opens that link itself (`window.open`, `location.href`), where only the page's CSP stood
 * between it and script on the product's origin.
 */
const webUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http or https URL' });

export const CONDITION_FIELDS = [
  'mode',
  'platform_type',
  'platform_name',
  'category',
  'sub_category',
  'product',
  'brand',
] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const conditionsSchema = z
  .object({
    mode: z.array(slugSchema).optional(),
    platform_type: z.array(slugSchema).optional(),
    platform_name: z.array(slugSchema).optional(),
    category: z.array(slugSchema).optional(),
    sub_category: z.array(slugSchema).optional(),
    product: z.array(slugSchema).optional(),
    brand: z.array(slugSchema).optional(),
  })
  .strict();
export type Conditions = z.infer<typeof conditionsSchema>;

const earningRuleSchema = z
  .object({
    conditions: conditionsSchema,
    rate: z.number().finite().min(0).max(1),
    cap_groups: z.array(z.string().min(1)).default([]),
    /** Plain-words explanation shown to users ("5% on Swiggy"). Ignored by the engine. */
    note: z.string().max(300).optional(),
  })
  .strict();

const exclusionRuleSchema = z
  .object({
    conditions: conditionsSchema,
    excluded: z.literal(true),
    note: z.string().max(300).optional(),
  })
  .strict();

/**
 * A plain union reports only "Invalid input" at the rule when neither shape fits, which names
 * neither the field nor the fault. The rule's own `excluded` key says which shape was meant, so
 * that shape's problems are named (`rate: expected number, received string`). Not a
 * discriminated union: its "absent" discriminator cannot be written as JSON Schema (API docs).
 */
export const ruleSchema = z.union([earningRuleSchema, exclusionRuleSchema], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const meant = typeof input === 'object' && input !== null && 'excluded' in input ? 1 : 0;
    const problems = issue.errors[meant] ?? [];
    if (problems.length === 0) return undefined;
    return problems
      .map((p) => {
        const at = p.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
        return at ? `${at.replace(/^\./, '')}: ${p.message}` : p.message;
      })
      .join('; ');
  },
});
export type Rule = z.infer<typeof ruleSchema>;
export type EarningRule = z.infer<typeof earningRuleSchema>;
export type ExclusionRule = z.infer<typeof exclusionRuleSchema>;
export const isExclusion = (r: Rule): r is ExclusionRule => 'excluded' in r && r.excluded === true;

export const capGroupSchema = z
  .object({
    id: z.string().min(1),
    monthly_cap_inr: z.number().finite().min(0).nullable(),
    note: z.string().max(300).optional(),
  })
  .strict();
export type CapGroup = z.infer<typeof capGroupSchema>;

export const milestoneSchema = z
  .object({
    annual_spend: z.number().finite().min(0),
    bonus_inr: z.number().finite().min(0),
    note: z.string().max(300).optional(),
  })
  .strict();
export type Milestone = z.infer<typeof milestoneSchema>;

export const FEE_FREQUENCIES = ['YEARLY', 'MONTHLY', 'LIFETIME_FREE', 'ONE_TIME'] as const;
export const feeFrequencySchema = z.enum(FEE_FREQUENCIES);
export type FeeFrequency = z.infer<typeof feeFrequencySchema>;

export const ENTRY_FREQUENCIES = [
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'HALF_YEARLY',
  'YEARLY',
  'ONE_TIME',
] as const;
export const entryFrequencySchema = z.enum(ENTRY_FREQUENCIES);
export type EntryFrequency = z.infer<typeof entryFrequencySchema>;

/** Monthly factor per frequency (reward-model.md §1). */
export const FREQUENCY_FACTOR: Record<EntryFrequency, number> = {
  DAILY: 30,
  WEEKLY: 52 / 12,
  MONTHLY: 1,
  QUARTERLY: 1 / 3,
  HALF_YEARLY: 1 / 6,
  YEARLY: 1 / 12,
  ONE_TIME: 1 / 12,
};

/** The reward part of a card: all the engine reads. */
export const engineCardSchema = z.object({
  id: slugSchema,
  name: z.string().min(1).max(200),
  issuer: z.string().min(1).max(80),
  annual_fee: z.number().finite().min(0),
  fee_frequency: feeFrequencySchema.default('YEARLY'),
  fee_waiver_annual_spend: z.number().finite().min(0).nullable().default(null),
  milestones: z.array(milestoneSchema).default([]),
  rules: z.array(ruleSchema).default([]),
  cap_groups: z.array(capGroupSchema).default([]),
  /**
   * Shown, never counted in savings (reward-model.md §2). The engine reads it only to
   * choose, among equally good combinations, a card that costs nothing to join for a
   * card that adds nothing (packages/reco README, "Free filler cards").
   */
  joining_fee: z.number().finite().min(0).optional(),
});
export type EngineCard = z.infer<typeof engineCardSchema>;

/**
 * The `field` of an uncertain note about an earn rate the catalogue does not count at all (a
 * reported rate too doubtful to count, a base rate left out): the card page shows it beside the
 * rates, but the savings do not rest on it, so a recommendation does not speak of it (ADR 028).
 */
export const UNCOUNTED_RATES_FIELD = 'uncounted_rates';

/** `rules.2`, or `rules.1,3` for a note on several rules: the rules named by their index. */
const RULE_NOTE_FIELD = /^rules\.(\d+(?:,\d+)*)$/;

/**
 * The rules an uncertain note concerns, by index into the card's `rules`: `rules.2` names one,
 * `rules.1,3` two. Null for any other field, `rules` (every rule of the card) included.
 */
export function ruleIndicesOf(field: string): number[] | null {
  const m = RULE_NOTE_FIELD.exec(field);
  return m ? (m[1] ?? '').split(',').map(Number) : null;
}

/**
 * Cap group ids must be unique per card and every rule's cap_groups must name one. An uncertain
 * note on some rules (`rules.2`) must name rules the card has, and rules that earn: a note on an
 * exclusion is about which spends earn nothing, which every rule of the card depends on (`rules`).
 */
function checkCardConsistency(
  card: { rules: Rule[]; cap_groups: CapGroup[]; uncertain?: { field: string }[] },
  ctx: z.RefinementCtx,
): void {
  const ids = new Set<string>();
  card.cap_groups.forEach((g, i) => {
    if (ids.has(g.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cap_groups', i, 'id'],
        message: `duplicate cap group id '${g.id}'`,
      });
    }
    ids.add(g.id);
  });
  card.rules.forEach((r, i) => {
    if (isExclusion(r)) return;
    r.cap_groups.forEach((gid, j) => {
      if (!ids.has(gid)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'cap_groups', j],
          message: `unknown cap group '${gid}'`,
        });
      }
    });
  });
  (card.uncertain ?? []).forEach(({ field }, i) => {
    if (!field.startsWith('rules.')) return;
    const path = ['uncertain', i, 'field'];
    const indices = ruleIndicesOf(field);
    if (!indices) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `'${field}' names no rule: write 'rules.<index>' or 'rules.<index>,<index>'`,
      });
      return;
    }
    for (const n of indices) {
      const rule = card.rules[n];
      if (!rule) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `'${field}' names rule ${n}, but the card has ${card.rules.length} rules (0 to ${card.rules.length - 1})`,
        });
      } else if (isExclusion(rule)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `'${field}' names rule ${n}, an exclusion: a note on what earns nothing concerns every rule ('rules')`,
        });
      }
    }
  });
}

export const engineCardCheckedSchema = engineCardSchema.superRefine(checkCardConsistency);

/** A fact the research marked uncertain ("from memory", "not confirmed"): shown, never silently trusted. */
export const uncertainFactSchema = z
  .object({ field: z.string().min(1), note: z.string().min(1).max(500) })
  .strict();

export const SECTIONS = ['best_overall', 'premium_pick', 'top_cashback'] as const;
export const sectionSchema = z.enum(SECTIONS);
export type Section = z.infer<typeof sectionSchema>;

export const TAG_SLUGS = ['new_launch', 'high_approval_rate', 'sponsored', 'featured'] as const;

/**
 * The `field` of an uncertain note about a card's research as a whole rather than one fact (a
 * caveat in the research's date cell that names no date): the card page shows its note alone.
 */
export const RESEARCH_NOTE_FIELD = 'research';

/** The `as_of` of a card whose research could not date its facts (the card page says so in words). */
export const UNDATED_AS_OF = 'undated';

/**
 * A value elsewhere belongs to points bound to one platform, and is below their value there: it is
 * the lesser redemption (ADR 031). Equal or above, the points would not be bound at all.
 */
function checkValueElsewhere(
  card: {
    points_redeemable_only_on: string | string[] | null;
    points_value_elsewhere_inr: number | null;
    reward_point_value_inr: number | null;
  },
  ctx: z.RefinementCtx,
): void {
  const elsewhere = card.points_value_elsewhere_inr;
  if (elsewhere === null) return;
  const path = ['points_value_elsewhere_inr'];
  if (card.points_redeemable_only_on === null)
    ctx.addIssue({
      code: 'custom',
      path,
      message:
        'points_value_elsewhere_inr is the value of points otherwise spent on one platform: set points_redeemable_only_on too, or leave it out',
    });
  else if (card.reward_point_value_inr === null)
    ctx.addIssue({
      code: 'custom',
      path,
      message:
        'points_value_elsewhere_inr needs reward_point_value_inr, the points’ value on the platform, to be below it',
    });
  else if (elsewhere >= card.reward_point_value_inr)
    ctx.addIssue({
      code: 'custom',
      path,
      message: `points_value_elsewhere_inr (${elsewhere}) must be below reward_point_value_inr (${card.reward_point_value_inr}): points worth as much elsewhere are not bound to one platform`,
    });
}

/** The most places a card's points can be bound to (ADR 033). */
export const MAX_POINTS_PLACES = 12;

/**
 * Where a card's points can be spent (ADR 029, 033): one slug, or a list of distinct slugs, each a
 * platform_name or platform_type of the taxonomy (the importer checks they exist).
 */
export const pointsRedeemableOnlyOnSchema = z.union([
  slugSchema,
  z
    .array(slugSchema, {
      message: 'points_redeemable_only_on must be a platform slug or a list of them, or null',
    })
    .min(1, { message: 'points_redeemable_only_on cannot be an empty list: leave it out (null) instead' })
    .max(MAX_POINTS_PLACES, {
      message: `points_redeemable_only_on names at most ${MAX_POINTS_PLACES} platforms`,
    })
    .superRefine((slugs, ctx) => {
      slugs.forEach((slug, i) => {
        if (slugs.indexOf(slug) !== i)
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: `points_redeemable_only_on names '${slug}' twice (at ${slugs.indexOf(slug)} and ${i})`,
          });
      });
    }),
]);

/** A card's points_redeemable_only_on as a list, whichever form the catalogue gave (null: none). */
export function pointsPlaces(value: string | readonly string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

/** Words for where the points can be spent belong to points bound to some place (ADR 033). */
function checkPlacesWords(
  card: {
    points_redeemable_only_on: string | string[] | null;
    points_redeemable_only_on_words: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (card.points_redeemable_only_on_words !== null && card.points_redeemable_only_on === null)
    ctx.addIssue({
      code: 'custom',
      path: ['points_redeemable_only_on_words'],
      message:
        'points_redeemable_only_on_words says where points bound by points_redeemable_only_on can be spent: set points_redeemable_only_on too, or leave it out',
    });
}

/** A card as the product's catalogue carries it: the engine fields plus display and provenance. */
export const catalogCardSchema = engineCardSchema
  .extend({
    /** Bank code, e.g. `hdfc`; must name a bank of the catalogue or of the seeded bank list. */
    bank: slugSchema,
    network: z.string().max(60).nullable().default(null),
    joining_fee: z.number().finite().min(0).default(0),
    /** The waiver rule in words, as the bank states it. */
    waiver_condition: z.string().max(500).nullable().default(null),
    interest_rate: z.string().max(60).nullable().default(null),
    min_income: z.number().finite().min(0).nullable().default(null),
    credit_score: z.number().int().min(300).max(900).nullable().default(null),
    image_url: z.string().max(500).nullable().default(null),
    apply_url: webUrl().nullable().default(null),
    /**
     * An affiliate link; null when there is none and the card is applied for at its apply URL;
     * false when the bank's site takes no application for it (spec §3, and §4's Apply rule). A
     * catalogue that leaves it out means false, as it always has.
     */
    affiliated_url: z
      .union([webUrl(), z.literal(false)])
      .nullable()
      .default(false),
    /** The bank's public page for the card. */
    bank_page_url: webUrl().nullable().default(null),
    know_more_urls: z.array(webUrl()).default([]),
    highlights: z.array(z.string().min(1).max(200)).default([]),
    benefits: z.array(z.string().min(1).max(300)).default([]),
    description: z.string().max(2000).nullable().default(null),
    eligibility: z.string().max(500).nullable().default(null),
    welcome_bonus: z.string().max(500).nullable().default(null),
    lounge_access: z.string().max(500).nullable().default(null),
    fuel_surcharge_waiver: z.string().max(500).nullable().default(null),
    reward_point_value_inr: z.number().finite().min(0).nullable().default(null),
    /**
     * The platform (a platform_name slug of the taxonomy, e.g. `irctc`) the card's rewards can only
     * be spent on: points redeemable on IRCTC tickets alone; or a list of up to 12 distinct slugs,
     * each a platform_name or a platform_type (`travel_ota`), for points spendable only within a
     * group of merchants (ADR 033). The engine never reads it; the server counts such a card's
     * rewards and milestones only up to the user's own spend there (ADR 029). Null: the rewards are
     * worth their value wherever the user spends.
     */
    points_redeemable_only_on: pointsRedeemableOnlyOnSchema.nullable().default(null),
    /**
     * Where those points can be spent, in the product's words ("travel bookings on Axis Travel
     * EDGE"); only with `points_redeemable_only_on`. Null: the taxonomy's names say it (ADR 033).
     */
    points_redeemable_only_on_words: z
      .string({ message: 'points_redeemable_only_on_words must be words, or null' })
      .min(3, { message: 'points_redeemable_only_on_words must be at least 3 characters' })
      .max(80, { message: 'points_redeemable_only_on_words must be at most 80 characters' })
      .nullable()
      .default(null),
    /**
     * What one of those points is worth spent anywhere else (IndianOil HDFC's Fuel Points: ₹0.96 on
     * IndianOil fuel, ₹0.20 as cashback), below `reward_point_value_inr`, which is their value on the
     * platform; only with `points_redeemable_only_on`. Null: nothing elsewhere. The server counts the
     * points at this value for a user with no spend on the platform (ADR 031).
     */
    points_value_elsewhere_inr: z
      .number({ message: 'points_value_elsewhere_inr must be a number of rupees a point, or null' })
      .finite()
      .min(0, { message: 'points_value_elsewhere_inr cannot be negative' })
      .nullable()
      .default(null),
    /**
     * The markup the card charges on a spend in a foreign currency, as a rate before GST (0.035 for
     * 3.5%; 0 for a zero-markup card). Null: the research does not give it. Not counted in savings,
     * said under a foreign-currency spend the card takes (ADR 034).
     */
    forex_markup_rate: z
      .number({ message: 'forex_markup_rate must be a rate (0.035 for 3.5%), or null' })
      .finite()
      .min(0, { message: 'forex_markup_rate cannot be negative' })
      .max(0.1, { message: 'forex_markup_rate must be at most 0.1 (10%)' })
      .nullable()
      .default(null),
    /** Default reward type is cashback (spec §9). */
    reward_type: z.enum(['cashback', 'points', 'miles', 'coins']).default('cashback'),
    card_type: z.string().max(40).default('CREDIT_CARD'),
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
    is_active: z.boolean().default(true),
    tags: z.array(slugSchema).default([]),
    sections: z.array(sectionSchema).default([]),
    /** Why the card carries its tags and sections: editorial choices are explained, not hidden. */
    editorial_rationale: z.string().max(1000).nullable().default(null),
    sources: z.array(webUrl()).min(1),
    as_of: z.string().min(4).max(120),
    uncertain: z.array(uncertainFactSchema).default([]),
  })
  // Strict like the file's root, banks and tags: a misspelt optional field
  // (`fee_waiver_anual_spend`) would otherwise be dropped and its default stored in silence.
  .strict()
  .superRefine(checkCardConsistency)
  .superRefine(checkValueElsewhere)
  .superRefine(checkPlacesWords);
export type CatalogCard = z.infer<typeof catalogCardSchema>;
export type CatalogCardInput = z.input<typeof catalogCardSchema>;

export interface CategoryNodeInput {
  id: string;
  slug: string;
  name: string;
  children?: CategoryNodeInput[];
}

/**
 * The spending taxonomy: six levels, mode → platform type → platform name →
 * category → sub category → product. Ids are stable across re-imports; rules
 * match on slugs, and one slug (e.g. `groceries`) may appear under many parents.
 */
export const categoryNodeSchema: z.ZodType<CategoryNodeInput> = z.lazy(() =>
  z
    .object({
      id: z.string().min(1).max(300),
      slug: slugSchema,
      name: z.string().min(1).max(200),
      children: z.array(categoryNodeSchema).optional(),
    })
    .strict(),
);

export const bankSchema = z
  .object({
    code: slugSchema,
    name: z.string().min(1).max(120),
    logo_url: z.string().max(500).nullable().default(null),
    primary_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .default('#F97316'),
    description: z.string().max(1000).nullable().default(null),
    website: webUrl().nullable().default(null),
  })
  .strict();
export type Bank = z.infer<typeof bankSchema>;

export const tagSchema = z
  .object({
    slug: slugSchema,
    name: z.string().min(1).max(80),
    icon: z.string().max(40).nullable().default(null),
  })
  .strict();
export type Tag = z.infer<typeof tagSchema>;

/** A catalogue file, as `npm run catalog -- import` reads and `export` writes it. */
export const catalogFileSchema = z
  .object({
    version: z.literal(1).default(1),
    banks: z.array(bankSchema).default([]),
    tags: z.array(tagSchema).default([]),
    categories: z.array(categoryNodeSchema).default([]),
    cards: z.array(catalogCardSchema),
  })
  .strict()
  .superRefine((file, ctx) => {
    // Banks and tags are upserted one by one, so a repeated code or slug would not fail: the
    // last one would silently win. Every id of the file is unique, as the format says.
    const unique = (list: 'cards' | 'banks' | 'tags', key: string, what: string, ids: string[]) => {
      const seen = new Map<string, number>();
      ids.forEach((id, i) => {
        const prev = seen.get(id);
        if (prev !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [list, i, key],
            message: `duplicate ${what} '${id}' (also at ${list}[${prev}])`,
          });
        } else seen.set(id, i);
      });
    };
    unique(
      'cards',
      'id',
      'card id',
      file.cards.map((c) => c.id),
    );
    unique(
      'banks',
      'code',
      'bank code',
      file.banks.map((b) => b.code),
    );
    unique(
      'tags',
      'slug',
      'tag slug',
      file.tags.map((t) => t.slug),
    );
  });
export type CatalogFile = z.infer<typeof catalogFileSchema>;
export type CatalogFileInput = z.input<typeof catalogFileSchema>;

/** A spending entry as the engine reads it (catalog-format.md "Entry"). */
export const engineEntrySchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().max(300).nullable().optional(),
  amount: z.number().finite().min(0),
  frequency: entryFrequencySchema.default('MONTHLY'),
  mode: slugSchema.nullable().default(null),
  platform_type: slugSchema.nullable().default(null),
  platform_name: slugSchema.nullable().default(null),
  category: slugSchema.nullable().default(null),
  sub_category: slugSchema.nullable().default(null),
  product: slugSchema.nullable().default(null),
  brand: slugSchema.nullable().default(null),
  /**
   * For a level the entry leaves null: every slug the spend could have there (two or more), when
   * each of them is possible and nothing else is (Amazon.in: electronics, fashion, grocery…). A
   * rule naming that level then matches the entry when it lists all of them, as it would have
   * matched whichever the user chose; without `open` a null level matches no rule naming it
   * (catalog-format.md "Matching"; ADR 018). A card whose rules cover the slugs only between
   * them excludes the entry where every path is excluded, and pays where every path earns the
   * lowest of their rates (ADR 019).
   */
  open: z
    .object({
      platform_type: z.array(slugSchema).min(2).max(500).optional(),
      platform_name: z.array(slugSchema).min(2).max(500).optional(),
      category: z.array(slugSchema).min(2).max(500).optional(),
      sub_category: z.array(slugSchema).min(2).max(500).optional(),
      product: z.array(slugSchema).min(2).max(500).optional(),
    })
    .strict()
    .optional(),
});
export type EngineEntry = z.infer<typeof engineEntrySchema>;
/**
 * The slugs `entry` could have at `field`, where it leaves that level open (ADR 018); undefined
 * where it does not, and for mode and brand, which are never open.
 */
export function openSlugs(entry: EngineEntry, field: ConditionField): readonly string[] | undefined {
  return field === 'mode' || field === 'brand' ? undefined : entry.open?.[field];
}

/** A whole engine instance: catalogue plus one user's spending and preferences. */
export const instanceSchema = z
  .object({
    cards: z.array(engineCardCheckedSchema),
    entries: z.array(engineEntrySchema),
    ownedCards: z.array(z.string()).default([]),
    compareCards: z.array(z.string()).default([]),
    excludeCards: z.array(z.string()).default([]),
    desiredCardCount: z.number().int().min(1).max(10).default(3),
  })
  // Strict at the root (cards may carry product fields, the instance itself has no others): a
  // misspelt `desiredCardcount` or `ownedcards` was ignored and the run answered another question.
  .strict()
  .superRefine((inst, ctx) => {
    const ids = new Set<string>();
    inst.cards.forEach((c, i) => {
      if (ids.has(c.id))
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'id'], message: `duplicate card id '${c.id}'` });
      ids.add(c.id);
    });
    const entryIds = new Set<string>();
    inst.entries.forEach((e, i) => {
      if (entryIds.has(e.id))
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'id'], message: `duplicate entry id '${e.id}'` });
      entryIds.add(e.id);
    });
    inst.ownedCards.forEach((id, i) => {
      if (!ids.has(id))
        ctx.addIssue({ code: 'custom', path: ['ownedCards', i], message: `unknown card id '${id}'` });
    });
  });
export type Instance = z.infer<typeof instanceSchema>;
export type InstanceInput = z.input<typeof instanceSchema>;

/** The engine's answer (catalog-format.md "What the engine returns"). */
export const winningCardSchema = z.object({
  card_id: z.string(),
  amount_used: z.number(),
  cashback_amount: z.number(),
  /** Why: the spend per rule of the card (index into the card's rules; null = placed earning nothing). */
  rule_breakdown: z
    .array(z.object({ rule_index: z.number().int().nullable(), amount: z.number(), cashback: z.number() }))
    .optional(),
});
export type WinningCard = z.infer<typeof winningCardSchema>;

export const groupDetailSchema = z.object({
  entry_id: z.string(),
  spend_label: z.string(),
  amount: z.number(),
  winning_cards: z.array(winningCardSchema),
  /** Cards of the combination that pay on this spend but whose full caps leave part of it earning nothing. */
  capped_by: z.array(z.string()).optional(),
  /**
   * The part of this spend placed on no card (so earning nothing), from the unrounded allocation;
   * absent when all of it is placed. winning_cards' amounts are rounded, so their difference from
   * amount cannot say it.
   */
  unplaced_amount: z.number().nonnegative().optional(),
});

/** Per card of a combination: what it earns in all and why its fee is or is not counted. */
export const cardOutcomeSchema = z.object({
  card_id: z.string(),
  owned: z.boolean(),
  monthly_spend: z.number(),
  rewards: z.number(),
  milestone_bonus: z.number(),
  fee_cost: z.number(),
  fee_waived: z.boolean(),
  caps_reached: z.array(z.string()),
  milestones_reached: z.array(z.number()),
});
export type CardOutcome = z.infer<typeof cardOutcomeSchema>;

export const spendLevelWinnerSchema = z.object({
  n: z.number().int(),
  card_ids: z.array(z.string()),
  group_savings: z.number(),
  spend_coverage: z.number(),
  group_details: z.array(groupDetailSchema),
  card_outcomes: z.array(cardOutcomeSchema).optional(),
});
export type SpendLevelWinner = z.infer<typeof spendLevelWinnerSchema>;

/** Present when the search stopped at its deadline: groups exist for n = 1..proven_up_to only. */
export const incompleteResultSchema = z.object({
  proven_up_to: z.number().int().min(1),
  requested: z.number().int().min(1),
});
export type IncompleteResult = z.infer<typeof incompleteResultSchema>;

/**
 * The engine's warning for a compare or exclude id the instance has no card for (it is ignored).
 * Here, not in the engine, so the server can recognise it and word the same id for the user
 * without loading the engine into its main thread.
 */
export function unknownCardWarning(field: 'compareCards' | 'excludeCards', id: string): string {
  return `${field}: unknown card id '${id}' ignored`;
}

export const engineResultSchema = z.object({
  spend_level_winners: z.array(spendLevelWinnerSchema),
  /** With owned cards: the monthly savings of the owned cards alone (part of every group's savings). */
  owned_savings: z.number().optional(),
  warnings: z.array(z.string()).optional(),
  incomplete: incompleteResultSchema.optional(),
});
export type EngineResult = z.infer<typeof engineResultSchema>;
