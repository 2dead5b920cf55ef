import { z } from 'zod';
import {
  accountSpendingEntrySchema,
  desiredCardCountSchema,
  MAX_SPENDING_ENTRIES,
  preferenceConflictMessage,
  preferenceListConflicts,
} from './accounts.ts';
import { tagDtoSchema } from './cards-api.ts';
import { cardOutcomeSchema, incompleteResultSchema } from './catalog.ts';

/**
 * What a spending entry that names no category or brand is called, in the spending list and in
 * a combination's per-spend breakdown alike (the breakdown said "Spending 1" for the list's
 * "Any spending", so a user could not tell which line was which).
 */
export const UNNAMED_SPEND_LABEL = 'Any spending';

/**
 * A spending entry's label, in the list and in a combination's breakdown alike: the chosen levels'
 * names joined by a bullet, then the brand, which is said once when a level already names it
 * ("Swiggy" at Swiggy read "Swiggy • Swiggy"). Empty when nothing is named.
 */
export function joinSpendLabel(names: readonly string[], brand?: string | null): string {
  const b = brand?.trim();
  const all = b && !names.some((n) => n.toLowerCase() === b.toLowerCase()) ? [...names, b] : names;
  return all.join(' • ');
}

const cardIds = (field: string) =>
  z
    .array(
      // A number is a card id too (older clients send numeric ids); an object, null or a boolean
      // is a client's bug, refused, not turned into the id "[object Object]" or "null".
      z.preprocess(
        (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
        z
          .string({ error: `${field} must be a list of card ids` })
          .trim()
          .min(1)
          .max(100),
      ),
      { error: `${field} must be a list of card ids` },
    )
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/cards/recommend. Unlike the preferences form (which clamps what a person
 * types), the API rejects a desiredCardCount outside 1..10: a client sending 50 has a bug.
 * The body and its preferences are strict, as saved preferences are: a misspelt `exclude_cards`
 * was dropped and the answer recommended the very card the user had excluded. (The spending
 * entries are not: older clients' entries may carry fields of their own, spec §3.)
 */
export const recommendRequestSchema = z
  .object({
    spending: z
      .array(accountSpendingEntrySchema)
      .max(MAX_SPENDING_ENTRIES, { message: `At most ${MAX_SPENDING_ENTRIES} spending entries.` }),
    preferences: z
      .object({
        compareCards: cardIds('compareCards'),
        excludeCards: cardIds('excludeCards'),
        ownedCards: cardIds('ownedCards'),
        desiredCardCount: desiredCardCountSchema.default(1),
      })
      .strict()
      .default({ compareCards: [], excludeCards: [], ownedCards: [], desiredCardCount: 1 }),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.spending.forEach((e, i) => {
      if (seen.has(e.id))
        ctx.addIssue({ code: 'custom', path: ['spending', i, 'id'], message: 'duplicate entry id' });
      seen.add(e.id);
    });
    // As on saved preferences (PUT accounts/preferences): a card in two lists contradicts itself.
    for (const c of preferenceListConflicts(body.preferences))
      ctx.addIssue({
        code: 'custom',
        path: ['preferences', c.lists[1]],
        message: preferenceConflictMessage(c),
      });
  });
export type RecommendRequest = z.output<typeof recommendRequestSchema>;
export type RecommendRequestInput = z.input<typeof recommendRequestSchema>;

/** A card of a combination with what the web app shows (spec §3 "Winning card"). */
export const recommendedCardSchema = z.object({
  card_id: z.string(),
  credit_card: z.string(),
  issuer_name: z.string(),
  fee: z.number(),
  fee_frequency: z.string(),
  joining_fee: z.number(),
  /** The year's spend on the card that waives its fee (reward-model §2), when it has one. */
  fee_waiver_annual_spend: z.number().nullable(),
  apply_url: z.string().nullable(),
  tags: z.array(tagDtoSchema),
  /** The bank's code and name, which the apply rule reads (an in-product journey is per bank). */
  bank: z.string().optional(),
  bank_name: z.string().optional(),
  /** Issued only to those its bank invites (cardSummarySchema's by_invitation). */
  by_invitation: z.boolean().optional(),
});
export type RecommendedCard = z.infer<typeof recommendedCardSchema>;

export const winningCardDtoSchema = recommendedCardSchema.extend({
  amount_used: z.number(),
  cashback_amount: z.number(),
  /** Why: the rule(s) the spend earned under, in words ("10% on Swiggy, up to ₹1,500 a month"). */
  reasons: z.array(z.string()),
  /**
   * The smallest monthly cap (₹) among the cap groups of the rules this spend earned under, null
   * when none is capped. Spend made a few times a year is spread over the months (reward-model
   * §1); the web app compares that month's reward with this to say when the figure may overstate.
   */
  tightest_cap_inr: z.number().nullable().optional(),
  /**
   * True when this card holds part of the spend at nothing because its reward cap is used up and
   * the spend names no category (ADR 019: it counts against the cap of every category it could
   * be). Its reasons then say so and how to get the exact figure, so the line under the spend
   * need not say it again. Absent otherwise.
   */
  open_category_capped: z.literal(true).optional(),
  /**
   * True when the spend names no category and this card pays nothing on some of the categories it
   * could be (ADR 019 counts the rules that pay on the others): what it earns here holds only if the
   * spend is none of those, which its reasons name. Absent otherwise.
   */
  depends_on_category: z.literal(true).optional(),
});
export type WinningCardDto = z.infer<typeof winningCardDtoSchema>;

export const groupDetailDtoSchema = z.object({
  entry_id: z.string(),
  spend_label: z.string(),
  amount: z.number(),
  winning_cards: z.array(winningCardDtoSchema),
  /**
   * Ids of the combination's cards that pay on this spend yet leave part of it earning nothing
   * (unplaced, or on the card for a waiver or milestone): their reward caps are full. Absent when
   * none does.
   */
  capped_by: z.array(z.string()).optional(),
  /**
   * Rupees of this spend placed on no card, earning nothing, rounded to paise from the engine's
   * exact allocation; absent when all of it is placed. Each winning card's amount_used is rounded
   * on its own, so amount minus their sum is off by up to a paisa per card and cannot tell a few
   * paise left over from rounding.
   */
  unplaced_amount: z.number().nonnegative().optional(),
  /**
   * True when the entry names no category below its platform (ADR 019): it counts against the
   * cap of every category it could be, so a cap of one of them (an Amazon.in spend's groceries)
   * can leave it earning nothing where the category chosen would not. Absent otherwise.
   */
  category_open: z.literal(true).optional(),
});

/**
 * The facts of a card that the savings figure is worked out from (reward-model §2: the fee, its
 * waiver, the earn rules, their caps, milestones and what a point is worth, which the rates are
 * built from), named as the catalogue names them. Uncertain facts outside these (lounge access,
 * eligibility) do not move the figure, so a recommendation does not speak of them.
 */
export const FIGURE_FACTS = [
  'annual_fee',
  'fee_waiver_annual_spend',
  'rules',
  'cap_groups',
  'milestones',
  'reward_point_value_inr',
] as const;
export const figureFactSchema = z.enum(FIGURE_FACTS);
export type FigureFact = z.infer<typeof figureFactSchema>;

/** A card of a combination as the group lists it (owned ones too), for display. */
export const groupCardSchema = recommendedCardSchema.extend({
  owned: z.boolean(),
  /**
   * The facts the figure rests on that the catalogue marks uncertain for this card, in
   * FIGURE_FACTS order; the card's page has the notes. Absent when there are none. A card the user
   * holds leaves out its fee and waiver: its fee is sunk and not counted (reward-model §3).
   */
  unconfirmed: z.array(figureFactSchema).min(1).optional(),
  /**
   * For a card whose points can be spent on one platform only (ADR 029): how much of them this
   * user's spend there lets the figure count ("Points are worth ₹1 only on IRCTC bookings: counted
   * up to your ₹1,500 a month there"). Absent for any other card.
   */
  points_note: z.string().optional(),
});
export type GroupCard = z.infer<typeof groupCardSchema>;

/** The engine's outcome of a card, with the reached caps in the catalogue's words for display. */
export const recommendedCardOutcomeSchema = cardOutcomeSchema.extend({
  /** One per `caps_reached` id, in its order: the cap's note ("Swiggy: ₹1,500 a statement cycle"), or its id. */
  caps_reached_notes: z.array(z.string()),
  /**
   * One per `milestones_reached` threshold, in its order: what the milestone gives in the
   * catalogue's words ("… plus a ₹10,000 Taj/SeleQtions/Vivanta voucher at ₹4,00,000 a year"), or
   * null when it has none. A voucher of one brand counted at face value is said where it counts.
   */
  milestones_reached_notes: z.array(z.string().nullable()).optional(),
});
export type RecommendedCardOutcome = z.infer<typeof recommendedCardOutcomeSchema>;

export const recommendationGroupSchema = z.object({
  n: z.number().int(),
  card_ids: z.array(z.string()),
  group_savings: z.number(),
  spend_coverage: z.number(),
  group_details: z.array(groupDetailDtoSchema),
  /** Every card of the combination (owned ones too), for display. */
  cards: z.array(groupCardSchema),
  card_outcomes: z.array(recommendedCardOutcomeSchema),
});
export type RecommendationGroup = z.infer<typeof recommendationGroupSchema>;

export const recommendResponseSchema = z.object({
  spend_level_winners: z.array(recommendationGroupSchema),
  /**
   * With owned cards (the user's own or the account's): what they save alone, which every group's
   * savings include; the web app shows what the new cards add to it.
   */
  owned_savings: z.number().optional(),
  warnings: z.array(z.string()),
  /**
   * Present when proving the larger combinations took longer than the server allows: the
   * groups cover n = 1..proven_up_to (each still the proven best of its size) and `detail`
   * says so in words a cardholder can act on.
   */
  incomplete: incompleteResultSchema.extend({ detail: z.string() }).optional(),
});
export type RecommendResponse = z.infer<typeof recommendResponseSchema>;
