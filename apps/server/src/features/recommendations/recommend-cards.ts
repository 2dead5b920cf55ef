import {
  type CardDetail,
  type EngineResult,
  type IncompleteResult,
  type Instance,
  isExclusion,
  type RecommendedCard,
  type RecommendResponse,
  type Rule,
} from '@cardwise/contracts';
import { type BuiltEntry, monthlySpendOn, PLATFORM_CAP_GROUP } from './build-instance.ts';
import { openCategoryCaveat } from './open-category-caveat.ts';
import { earningByCard, unconfirmedFacts } from './unconfirmed-facts.ts';

const pct = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

/**
 * Paying rent by card costs a fee that the reward model has no place for: most rent apps charge
 * one, and several banks add 1% (merchants research: "rent MCC 6513: excluded by almost all cards;
 * 1% fee common"). Said under a rent spend a card of the plan takes, where the few cards that pay
 * on rent (or count it toward a milestone) otherwise looked free money.
 */
const RENT_CATEGORY = 'rent';
export const RENT_FEE_REASON =
  "Paying rent by card usually costs a fee of 1% or more (the rent app's, the bank's or both), which this figure does not count";

/**
 * A spend in a foreign currency costs the card's markup (plus 18% GST on it), which the reward model
 * has no place for either (ADR 034): said under such a spend a card of the plan takes, with the
 * card's own markup where the research gives it. A zero-markup card says so: that is why it is there.
 */
const FOREIGN_CURRENCY_CATEGORY = 'international';
export function forexMarkupReason(markup: number | null | undefined): string {
  if (markup === 0) return 'This card charges no markup on foreign-currency spend';
  if (markup === null || markup === undefined)
    return "Paying in a foreign currency costs the card's markup (the bank's schedule of charges gives it) and 18% GST on it, which this figure does not count";
  return `Paying in a foreign currency costs this card's markup of ${pct(markup)} (${pct(markup * 1.18)} with GST), which this figure does not count`;
}

/**
 * Education fees paid online through a fee app cost 1% on some banks' cards (merchants research:
 * "1% fee when paid via third-party apps (HDFC, Axis, RBL)"); the taxonomy's online education place
 * holds the institutions' own portals and the apps together, so it is said, not counted (ADR 034).
 */
const EDUCATION_CATEGORY = 'education';
const EDUCATION_APP_FEE_BANKS = new Set(['hdfc', 'axis', 'rbl']);
export const EDUCATION_APP_FEE_REASON =
  "Paying education fees through a third-party app (CRED, Flywire and the like) costs this bank's 1% fee, which this figure does not count; the institution's own portal does not";

/** What a card placed spend that earns nothing on it for: its outcome in the combination. */
export interface PlacedFor {
  feeWaived: boolean;
  milestone: boolean;
  /** The card pays on this spend, so its cap is what leaves this part earning nothing (capped_by). */
  capped: boolean;
  /** The spend names no category (ADR 019): it counts against the cap of every category it could be. */
  open?: boolean;
}

/**
 * Spend placed on a card that earns nothing there (past the cap of its rule, or no rule pays on
 * it): the engine only does that to lift the card's yearly spend to its fee waiver or a milestone,
 * and the card's outcome says which. "to reach the fee waiver or a milestone" left the cardholder
 * to guess, beside a rule text promising 10% on that very spend.
 */
function earnsNothingReason(placedFor: PlacedFor | undefined): string {
  const goal =
    placedFor?.feeWaived && placedFor.milestone
      ? 'its fee waiver and a milestone bonus'
      : placedFor?.feeWaived
        ? 'its fee waiver'
        : placedFor?.milestone
          ? 'a milestone bonus'
          : 'its fee waiver or a milestone bonus';
  // The engine says which of the two it is (capped_by): "its cap is used up, or none applies"
  // left the cardholder to work it out beside the card's own rule text.
  // Left open, an Amazon.in spend may be groceries and counts against that cap too (ADR 019):
  // "its cap is used up" beside the card's "1.5% on other spends" read as a wrong answer.
  const why = !placedFor?.capped
    ? ' (no reward applies to this spend)'
    : placedFor.open
      ? ': its reward cap is used up, as a spend with no category chosen counts against the cap of every category it could be (choose one for an exact answer)'
      : ': its reward cap is used up';
  return `Earns nothing here${why}; placed on this card so its yearly spend reaches ${goal}`;
}

/** The rule's own words when the catalogue has them, else a plain description. */
export function ruleReason(rule: Rule | undefined, placedFor?: PlacedFor): string {
  if (!rule) return earnsNothingReason(placedFor);
  if (rule.note) return rule.note;
  if (isExclusion(rule)) return 'No rewards on this spend';
  const on = Object.values(rule.conditions)
    .flat()
    .map((s) => String(s).replace(/_/g, ' '));
  return on.length ? `${pct(rule.rate)} on ${on.join(', ')}` : `${pct(rule.rate)} on everything else`;
}

const rupees = (x: number) => `₹${Math.round(x).toLocaleString('en-IN')}`;

/** A point's value: ₹1, ₹0.96, ₹0.20 (paise always in two digits). */
const pointValue = (x: number) =>
  `₹${x.toLocaleString('en-IN', Number.isInteger(x) ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What a point of a card bound to one platform is worth elsewhere (ADR 031), when it is worth
 * something there and the user's spend on the platform is none: the server then counted every
 * point at that value. Undefined otherwise.
 */
function countedElsewhereAt(card: CardDetail | undefined, spend: number | undefined): number | undefined {
  const elsewhere = card?.points_value_elsewhere_inr;
  return spend === 0 && elsewhere ? elsewhere : undefined;
}

/**
 * Why a card whose points can only be spent on one platform earns what it does (ADR 029): its
 * catalogue rates assume the points are spent there, and they count only up to the user's own spend
 * there, or, with none, at what they are worth elsewhere (ADR 031). Undefined for any other card.
 * `spend`: the user's monthly spend on that platform.
 */
export function platformBoundReason(card: CardDetail | undefined, spend: number): string | undefined {
  const bound = card?.points_redeemable_only_on;
  if (!bound) return undefined;
  const value = card.reward_point_value_inr;
  const elsewhere = card.points_value_elsewhere_inr;
  if (value !== null && elsewhere) {
    // Spendable elsewhere at a lesser value: both values, and which one counted.
    const on = `Points are worth ${pointValue(value)} on ${bound.spent_on}`;
    return spend > 0
      ? `${on}, ${pointValue(elsewhere)} elsewhere: counted up to your ${rupees(spend)} a month there`
      : `${on}, where you have no spend, and ${pointValue(elsewhere)} elsewhere: counted at ${pointValue(elsewhere)} each`;
  }
  const worth =
    value === null
      ? `Points can be spent only on ${bound.spent_on}`
      : `Points are worth ${pointValue(value)} only on ${bound.spent_on}`;
  return spend > 0
    ? `${worth}: counted up to your ${rupees(spend)} a month there`
    : `${worth}, where you have no spend: counted as worth nothing`;
}

/**
 * A rule's text for a card whose points were counted at their value elsewhere (ADR 031): the
 * catalogue's words price them on the platform ("5% as Fuel Points"), so what the rule earns at the
 * lesser value follows (the instance's rate, already scaled).
 */
function atValueElsewhere(rule: Rule, elsewhere: number): string {
  if (isExclusion(rule)) return ruleReason(rule);
  const at = `at ${pointValue(elsewhere)} a point`;
  return rule.note ? `${rule.note}; ${pct(rule.rate)} ${at}` : `${ruleReason(rule)} (${at})`;
}

function display(card: CardDetail | undefined, id: string): RecommendedCard {
  return {
    card_id: id,
    credit_card: card?.name ?? id,
    issuer_name: card?.issuer_name ?? '',
    fee: card?.fee ?? 0,
    fee_frequency: card?.fee_frequency ?? 'YEARLY',
    joining_fee: card?.joining_fee ?? 0,
    fee_waiver_annual_spend: card?.fee_waiver_annual_spend ?? null,
    apply_url: card?.apply_url ?? null,
    tags: card?.tags ?? [],
    bank: card?.bank ?? '',
    bank_name: card?.bank_name ?? '',
    by_invitation: card?.by_invitation ?? false,
  };
}

/**
 * Adds to the engine's answer what the web app shows: names, fees, tags and the why of each spend
 * (with, for an entry left open at the category, the categories the card would pay nothing on), and
 * per card the facts its figure rests on that the catalogue could not confirm.
 */
export function decorateResult(
  instance: Instance,
  result: EngineResult,
  entries: BuiltEntry[],
  cardDetail: (id: string) => CardDetail | undefined,
  categoryName: (slug: string) => string = (slug) => slug.replace(/_/g, ' '),
): RecommendResponse {
  const owned = new Set(instance.ownedCards);
  const cardsById = new Map(instance.cards.map((c) => [c.id, c]));
  const capsOf = new Map(instance.cards.map((c) => [c.id, new Map(c.cap_groups.map((g) => [g.id, g]))]));
  const labels = new Map(entries.map((e) => [e.entry.id, e.label]));
  const engineEntries = new Map(entries.map((e) => [e.entry.id, e.entry]));
  const isOpen = (entryId: string) => (engineEntries.get(entryId)?.open?.category?.length ?? 0) > 0;
  // Per card whose points are bound to one platform: the user's monthly spend there (ADR 029).
  const boundSpend = new Map<string, number>();
  for (const c of instance.cards) {
    const bound = cardDetail(c.id)?.points_redeemable_only_on;
    if (bound) boundSpend.set(c.id, monthlySpendOn(bound.slugs, instance.entries));
  }
  const boundReason = (id: string) => {
    const spend = boundSpend.get(id);
    return spend === undefined ? undefined : platformBoundReason(cardDetail(id), spend);
  };
  // A bound card counted at its points' value elsewhere (no spend on its platform, ADR 031).
  const elsewhereOf = new Map<string, number>();
  for (const [id, spend] of boundSpend) {
    const at = countedElsewhereAt(cardDetail(id), spend);
    if (at !== undefined) elsewhereOf.set(id, at);
  }
  const boundCapNote = (id: string) => {
    const spend = boundSpend.get(id);
    const bound = cardDetail(id)?.points_redeemable_only_on;
    if (spend === undefined || !bound) return undefined;
    // One platform by its name ("Your IRCTC spend"); words for several places read after "on".
    return bound.named
      ? `Your ${bound.name} spend, ${rupees(spend)} a month`
      : `Your spend on ${bound.spent_on}, ${rupees(spend)} a month`;
  };
  return {
    warnings: result.warnings ?? [],
    ...(result.owned_savings === undefined ? {} : { owned_savings: result.owned_savings }),
    ...(result.incomplete === undefined ? {} : { incomplete: describeIncomplete(result.incomplete) }),
    spend_level_winners: result.spend_level_winners.map((g) => {
      const outcomes = new Map((g.card_outcomes ?? []).map((o) => [o.card_id, o]));
      const earning = earningByCard(g.group_details);
      return {
        n: g.n,
        card_ids: g.card_ids,
        group_savings: g.group_savings,
        spend_coverage: g.spend_coverage,
        cards: g.card_ids.map((id) => {
          const card = cardDetail(id);
          const unconfirmed = unconfirmedFacts(card?.uncertain ?? [], {
            owned: owned.has(id),
            feeless: !card || card.fee === 0 || card.fee_frequency === 'LIFETIME_FREE',
            // A card that took no spend (a free filler) earned under no rule.
            earning: earning.get(id) ?? { rules: new Set(), any: false },
            bonus: (outcomes.get(id)?.milestone_bonus ?? 0) > 0,
          });
          return {
            ...display(card, id),
            owned: owned.has(id),
            ...(unconfirmed.length ? { unconfirmed } : {}),
            // Once per card, not under each spend it takes: true of all of them alike.
            ...(boundReason(id) ? { points_note: boundReason(id) } : {}),
          };
        }),
        card_outcomes: (g.card_outcomes ?? []).map((o) => ({
          ...o,
          caps_reached_notes: o.caps_reached.map((id) => {
            // The chip names the cap; the card's points_note says why it is there.
            if (id === PLATFORM_CAP_GROUP) return boundCapNote(o.card_id) ?? id;
            const group = capsOf.get(o.card_id)?.get(id);
            const elsewhere = elsewhereOf.get(o.card_id);
            // Its note prices the cap's points on the platform ("100 Fuel Points a month (₹96)").
            return group?.note && group.monthly_cap_inr !== null && elsewhere !== undefined
              ? `${group.note}; ${rupees(group.monthly_cap_inr)} at ${pointValue(elsewhere)} a point`
              : (group?.note ?? id);
          }),
          milestones_reached_notes: o.milestones_reached.map(
            (t) => cardDetail(o.card_id)?.milestones.find((m) => m.annual_spend === t)?.note ?? null,
          ),
        })),
        group_details: g.group_details.map((d) => ({
          entry_id: d.entry_id,
          spend_label: labels.get(d.entry_id) ?? d.spend_label,
          amount: d.amount,
          winning_cards: d.winning_cards.map((w) => {
            const card = cardsById.get(w.card_id);
            const rules = card?.rules ?? [];
            const used = (w.rule_breakdown ?? [])
              .filter((b) => b.amount > 0)
              .map((b) => (b.rule_index === null ? undefined : rules[b.rule_index]));
            const outcome = outcomes.get(w.card_id);
            const placedFor = outcome
              ? {
                  feeWaived: outcome.fee_waived,
                  milestone: outcome.milestones_reached.length > 0,
                  capped: d.capped_by?.includes(w.card_id) ?? false,
                  open: isOpen(d.entry_id),
                }
              : undefined;
            // With no spend on its one platform a bound card's rates were set to 0: its rule texts
            // (the catalogue's "0.8%") would contradict the ₹0 beside them. Worth something
            // elsewhere, they were scaled to that value: the text says what they earn at it.
            const elsewhere = elsewhereOf.get(w.card_id);
            const worthless = boundSpend.get(w.card_id) === 0 && elsewhere === undefined;
            const reasons = [
              ...new Set(
                used.map((r) =>
                  r && elsewhere !== undefined
                    ? atValueElsewhere(r, elsewhere)
                    : ruleReason(worthless && r && !isExclusion(r) ? undefined : r, placedFor),
                ),
              ),
            ];
            const entry = engineEntries.get(d.entry_id);
            const caveat =
              card && entry && w.cashback_amount > 0 ? openCategoryCaveat(card, entry, categoryName) : null;
            if (caveat) reasons.push(caveat);
            if (entry?.category === RENT_CATEGORY && w.amount_used > 0) reasons.push(RENT_FEE_REASON);
            if (entry?.category === FOREIGN_CURRENCY_CATEGORY && w.amount_used > 0)
              reasons.push(forexMarkupReason(cardDetail(w.card_id)?.forex_markup_rate));
            if (
              entry?.category === EDUCATION_CATEGORY &&
              entry.mode === 'online' &&
              w.amount_used > 0 &&
              EDUCATION_APP_FEE_BANKS.has(cardDetail(w.card_id)?.bank ?? '')
            )
              reasons.push(EDUCATION_APP_FEE_REASON);
            // The smallest monthly cap over the rules this spend earned under (null: none capped).
            const groups = capsOf.get(w.card_id);
            const caps = used.flatMap((r) =>
              r && !isExclusion(r)
                ? (r.cap_groups ?? []).map((id) => groups?.get(id)?.monthly_cap_inr ?? Infinity)
                : [],
            );
            const tightest = caps.length ? Math.min(...caps) : Infinity;
            // Part held at nothing (no rule applied) while its cap is full and the category open:
            // earnsNothingReason has said why, and the web's line under the spend follows this flag.
            const openCapped = placedFor?.capped && placedFor.open && used.includes(undefined);
            return {
              ...display(cardDetail(w.card_id), w.card_id),
              amount_used: w.amount_used,
              cashback_amount: w.cashback_amount,
              reasons,
              tightest_cap_inr: Number.isFinite(tightest) ? tightest : null,
              ...(openCapped ? { open_category_capped: true as const } : {}),
              ...(caveat ? { depends_on_category: true as const } : {}),
            };
          }),
          ...(d.capped_by?.length ? { capped_by: d.capped_by } : {}),
          ...(d.unplaced_amount ? { unplaced_amount: d.unplaced_amount } : {}),
          ...(isOpen(d.entry_id) ? { category_open: true as const } : {}),
        })),
      };
    }),
  };
}

/** What a cardholder reads when the larger combinations could not be proven in time. */
export function describeIncomplete({ proven_up_to: p, requested }: IncompleteResult) {
  const missing = p + 1 === requested ? `${requested} new cards` : `${p + 1} to ${requested} new cards`;
  const shown = p === 1 ? 'the best single card is' : `the combinations of up to ${p} cards are`;
  const ask = p === 1 ? 'Ask for 1 card' : `Ask for ${p} or fewer cards`;
  return {
    proven_up_to: p,
    requested,
    detail:
      `Proving the best combination of ${missing} took too long, so it is not shown; ${shown} proven best. ` +
      `${ask}, or narrow the cards to compare.`,
  };
}
