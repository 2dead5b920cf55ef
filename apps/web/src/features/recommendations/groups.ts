import {
  FIGURE_FACTS,
  type FigureFact,
  listInWords,
  type RecommendationGroup,
  type RecommendedCardOutcome,
  type WinningCardDto,
} from '@cardwise/contracts';
import { formatInr } from '../../lib/format.ts';

/**
 * A combination as the page shows it. Same fields as the contract's group, except that
 * spend_coverage may be missing (older answers), which `coverageOf` settles.
 */
export type ComboGroup = Omit<RecommendationGroup, 'spend_coverage'> & { spend_coverage: number | null };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** Spec §3: group_savings is a number; one reading shows it as an object. */
function savingsOf(value: unknown): number {
  const direct = num(value);
  if (direct !== null) return direct;
  const o = rec(value);
  for (const key of ['total', 'monthly', 'amount', 'value', 'savings']) {
    const n = num(o[key]);
    if (n !== null) return n;
  }
  return 0;
}

function winningCard(raw: unknown): WinningCardDto {
  const w = rec(raw);
  return {
    card_id: str(w.card_id),
    credit_card: str(w.credit_card, str(w.card_id)),
    issuer_name: str(w.issuer_name),
    fee: num(w.fee) ?? 0,
    fee_frequency: str(w.fee_frequency, 'YEARLY'),
    joining_fee: num(w.joining_fee) ?? 0,
    fee_waiver_annual_spend: num(w.fee_waiver_annual_spend),
    apply_url: typeof w.apply_url === 'string' ? w.apply_url : null,
    tags: list(w.tags).map((t) => {
      const tag = rec(t);
      return {
        slug: str(tag.slug, str(tag.name)),
        name: str(tag.name),
        icon: typeof tag.icon === 'string' ? tag.icon : null,
      };
    }),
    amount_used: num(w.amount_used) ?? 0,
    cashback_amount: num(w.cashback_amount) ?? 0,
    reasons: list(w.reasons).filter((r): r is string => typeof r === 'string'),
    tightest_cap_inr: num(w.tightest_cap_inr) ?? null,
    bank: str(w.bank),
    bank_name: str(w.bank_name),
    by_invitation: w.by_invitation === true,
    ...(w.open_category_capped === true ? { open_category_capped: true as const } : {}),
    ...(w.depends_on_category === true ? { depends_on_category: true as const } : {}),
  };
}

function detail(raw: unknown, index: number) {
  const d = rec(raw);
  const unplaced = num(d.unplaced_amount);
  return {
    entry_id: str(d.entry_id, String(index)),
    spend_label: str(d.spend_label),
    amount: num(d.amount) ?? 0,
    winning_cards: list(d.winning_cards).map(winningCard),
    capped_by: list(d.capped_by)
      .map((id) => str(id))
      .filter(Boolean),
    ...(unplaced !== null && unplaced >= 0 ? { unplaced_amount: unplaced } : {}),
    ...(d.category_open === true ? { category_open: true as const } : {}),
  };
}

/** A group card's unconfirmed facts, the known ones only (a newer server may name more). */
function unconfirmedOf(raw: unknown): { unconfirmed?: FigureFact[] } {
  const facts = list(rec(raw).unconfirmed);
  const known = FIGURE_FACTS.filter((f) => facts.includes(f));
  return known.length ? { unconfirmed: known } : {};
}

/** ADR 029's line on a card whose points are spent on one platform; absent for any other. */
function pointsNoteOf(raw: unknown): { points_note?: string } {
  const note = str(rec(raw).points_note).trim();
  return note ? { points_note: note } : {};
}

/**
 * One group of the answer, read leniently (spec §3): the current shape, or the older one
 * with spend_label, amount and winning_cards on the group itself, whose amount becomes
 * the group's savings.
 */
export function normalizeGroup(raw: unknown): ComboGroup {
  const g = rec(raw);
  const legacy = !Array.isArray(g.group_details) && Array.isArray(g.winning_cards);
  const details = legacy ? [detail(g, 0)] : list(g.group_details).map(detail);
  const winners = details.flatMap((d) => d.winning_cards);
  const cardIds = list(g.card_ids)
    .map((id) => str(id))
    .filter(Boolean);
  const ids = cardIds.length ? cardIds : [...new Set(winners.map((w) => w.card_id))];
  const rawCards = list(g.cards);
  const cards = rawCards.length
    ? rawCards.map((c) => ({
        ...winningCard(c),
        owned: rec(c).owned === true,
        ...unconfirmedOf(c),
        ...pointsNoteOf(c),
      }))
    : ids.map((id) => ({
        ...(winners.find((w) => w.card_id === id) ?? winningCard({ card_id: id })),
        owned: false,
      }));
  return {
    n: num(g.n) ?? ids.length,
    card_ids: ids,
    group_savings: legacy ? savingsOf(g.amount) : savingsOf(g.group_savings),
    spend_coverage: num(g.spend_coverage),
    group_details: details,
    // A group's card is a winning card without what a spend adds (its amount, cashback, reasons).
    cards: cards.map(
      ({
        amount_used,
        cashback_amount,
        reasons,
        tightest_cap_inr,
        open_category_capped,
        depends_on_category,
        ...card
      }) => card,
    ),
    card_outcomes: list(g.card_outcomes) as RecommendedCardOutcome[],
  };
}

/** The distinct cards a combination uses. */
export function distinctCards(group: Pick<ComboGroup, 'card_ids' | 'group_details'>): string[] {
  const ids = new Set(group.card_ids);
  for (const d of group.group_details) for (const w of d.winning_cards) if (w.card_id) ids.add(w.card_id);
  return [...ids];
}

/**
 * A combination that saves no more than one with fewer new cards. The exact optimum for n new
 * cards must hold n (reward-model §4) even when the n-th adds nothing net, and its card can show
 * ₹425 a month of rewards taken from another card beside it: only the totals tell. Sorted by
 * savings with ties to fewer cards (sortGroups), the smaller one is above. Null when this one
 * saves more. (Against the cards held alone, addedText says it.)
 */
export function noGainNote(
  group: Pick<ComboGroup, 'n' | 'group_savings'>,
  groups: readonly Pick<ComboGroup, 'n' | 'group_savings' | 'card_ids' | 'group_details'>[],
): string | null {
  const smaller = groups
    .filter((g) => g.n < group.n && g.group_savings >= group.group_savings - 0.005)
    .sort((a, b) => a.n - b.n)[0];
  if (!smaller) return null;
  const k = group.n - smaller.n;
  const fewer = smaller.n === 1 ? '1 new card' : `${smaller.n} new cards`;
  const extra = k === 1 ? 'the extra card adds' : `the ${k} extra cards add`;
  return `Saves no more than the ${comboTitle(smaller)} above, with ${fewer}: ${extra} nothing at your spending.`;
}

/**
 * Under the savings when part of them is counted on spends with no category chosen that a card
 * pays nothing on in some categories (ADR 019): the figure holds only if the spend is none of
 * those, and the lines below name them. The headline said ₹1,800 without a word of it.
 */
export function dependsOnCategoryNote(group: Pick<ComboGroup, 'group_details'>): string | null {
  const n = group.group_details.filter((d) =>
    d.winning_cards.some((w) => w.depends_on_category && w.cashback_amount > 0),
  ).length;
  if (n === 0) return null;
  return n === 1
    ? 'Could be less, and other cards might then do better: it counts a spend with no category chosen as earning, which a card here pays nothing on in some categories. Choose its category for an exact figure.'
    : `Could be less, and other cards might then do better: it counts ${n} spends with no category chosen as earning, which a card here pays nothing on in some categories. Choose their categories for an exact figure.`;
}

/** Each fact the figure rests on, as a cardholder names it after "its". */
const FACT_WORDS: Record<FigureFact, string> = {
  annual_fee: 'fee',
  fee_waiver_annual_spend: 'fee waiver',
  rules: 'reward rates',
  cap_groups: 'reward caps',
  milestones: 'milestone bonuses',
  reward_point_value_inr: 'point value',
};

/**
 * The line on a card of a combination whose figure rests on facts the catalogue could not confirm
 * (its page marks them "Not confirmed" with the notes); the view adds the link to that page. Null
 * when there are none. The savings were shown to the paisa with no word of it.
 */
export function unconfirmedText(facts: readonly FigureFact[] | undefined): string | null {
  if (!facts?.length) return null;
  return `Not confirmed: its ${listInWords(facts.map((f) => FACT_WORDS[f]))}.`;
}

/** Under the savings when any card of the combination has such facts (unconfirmedText says which). */
export function unconfirmedNote(group: Pick<ComboGroup, 'cards'>): string | null {
  const n = group.cards.filter((c) => c.unconfirmed?.length).length;
  if (n === 0) return null;
  return `Rests on facts we could not confirm for ${n === 1 ? '1 card' : `${n} cards`}.`;
}

/** Spec §4: by savings, highest first; ties go to the combination with fewer distinct cards. */
export function sortGroups<G extends Pick<ComboGroup, 'group_savings' | 'card_ids' | 'group_details'>>(
  groups: readonly G[],
): G[] {
  return groups
    .map((group, index) => ({ group, index, cards: distinctCards(group).length }))
    .sort((a, b) => b.group.group_savings - a.group.group_savings || a.cards - b.cards || a.index - b.index)
    .map((x) => x.group);
}

/** Spec §4: a missing spend_coverage counts as 100 for a single card and 0 otherwise. */
export function coverageOf(group: Pick<ComboGroup, 'spend_coverage' | 'card_ids' | 'group_details'>): number {
  if (group.spend_coverage !== null && group.spend_coverage !== undefined) return group.spend_coverage;
  return distinctCards(group).length === 1 ? 100 : 0;
}

/**
 * The whole percent a combination says it covers. Plain rounding read "Covers 100% of your
 * spending" above a line "No card in this combination earns here" (₹50,000 on Amazon and ₹150 of
 * fuel is 99.7%; the engine's two decimals already say 100 for ₹3 of fuel beside ₹1,00,000), and
 * "Covers 0%" beside a card that earns: a figure that contradicts the lines under it. 100 is kept
 * for all of the spending and 0 for none of it.
 */
export function shownCoveragePercent(
  group: Pick<ComboGroup, 'spend_coverage' | 'card_ids' | 'group_details'>,
): number {
  const coverage = coverageOf(group);
  const pct = Math.min(100, Math.max(0, Math.round(coverage)));
  // Without the server's figure the spec's fallback stands as it is (100 for a single card).
  if (group.spend_coverage === null || group.spend_coverage === undefined) return pct;
  const spent = group.group_details.filter((d) => d.amount > 0);
  const someUnearned = coverage < 100 || spent.some((d) => d.winning_cards.length === 0);
  const someEarned = coverage > 0 || spent.some((d) => d.winning_cards.some((w) => w.cashback_amount > 0));
  if (pct === 100 && someUnearned) return 99;
  if (pct === 0 && someEarned) return 1;
  return pct;
}

/** Spec §4: 'Single Card', otherwise 'N Card Combination'. */
export function comboTitle(group: Pick<ComboGroup, 'card_ids' | 'group_details'>): string {
  const n = distinctCards(group).length;
  return n === 1 ? 'Single Card' : `${n} Card Combination`;
}

/**
 * Why (part of) a spend earns nothing when a card of the combination pays on it: that card's
 * reward cap is full. "No card in this combination earns here" read as if none ever paid on it,
 * beside a card whose rule promises 5% on that very spend. Null when nothing needs saying.
 */
export function cappedNote(
  detail: Pick<
    ComboGroup['group_details'][number],
    'amount' | 'winning_cards' | 'capped_by' | 'unplaced_amount' | 'category_open'
  >,
  nameOf: (cardId: string) => string,
  /** The card's one reached cap in its own words, when it has exactly one. */
  reachedCapOf: (cardId: string) => string | undefined = () => undefined,
): string | null {
  const capped = detail.capped_by ?? [];
  if (!capped.length) return null;
  const names = listInWords(capped.map(nameOf));
  const one = capped.length === 1;
  // Named when it can be: a spend under a rule reading "1.5% unlimited" that stops earning read as
  // a contradiction until the cap it counts against (groceries, for a spend that may be groceries)
  // was said.
  const capName = one && capped[0] !== undefined ? reachedCapOf(capped[0]) : undefined;
  const itsCap = capName ? `its reward cap (${capName})` : 'its reward cap';
  // Left open, an Amazon.in spend may be groceries, so a full grocery cap stops it earning while
  // the card's rule for other spends says 1.5% unlimited (ADR 019): said, with the way out.
  // Once is enough: a card holding part of it at nothing says it in its own line already.
  const saidAbove = detail.winning_cards.some((w) => w.open_category_capped);
  const open =
    detail.category_open && !saidAbove
      ? ' With no category chosen, this spend counts against the cap of every category it could be: choose one for an exact answer.'
      : '';
  if (!detail.winning_cards.length)
    return `${names} ${one ? 'pays' : 'pay'} on this, but ${one ? `${itsCap} is` : 'their reward caps are'} used up by your other spending.${open}`;
  const rest = detail.unplaced_amount ?? estimatedLeftOver(detail);
  // Capped with nothing left over: the card holds all of it, part earning nothing for a waiver or milestone.
  if (!(rest > 0)) return null;
  return `The other ${formatInr(rest)} earns nothing: ${one ? `${names}'s ${itsCap.slice('its '.length)} is` : `the reward caps of ${names} are`} reached.${open}`;
}

/**
 * For an answer from a server that predates unplaced_amount: the leftover worked out from
 * figures each rounded to paise, so under a rupee is taken for that rounding, not spend left over.
 */
function estimatedLeftOver(
  detail: Pick<ComboGroup['group_details'][number], 'amount' | 'winning_cards'>,
): number {
  const placed = detail.winning_cards.reduce((sum, w) => sum + w.amount_used, 0);
  const rest = Math.round((detail.amount - placed) * 100) / 100;
  return rest < 1 ? 0 : rest;
}
