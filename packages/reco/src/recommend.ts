import {
  type CardOutcome,
  type EngineEntry,
  type EngineResult,
  type Instance,
  type SpendLevelWinner,
  unknownCardWarning,
} from '@cardwise/contracts';
import {
  type CardModel,
  type CompiledInstance,
  compileInstance,
  entryKey,
  monthlyAmount,
  recurringFeePerYear,
} from './compile-instance.ts';
import { roundHalfAwayFromZero, roundPartsToTotal } from './round.ts';
import { type SearchOptions, type SearchStats, searchCombinations } from './search-combinations.ts';
import { type Allocation, type PlacedSpend, solveAllocation, summarizeCards } from './solve-allocation.ts';

export interface Selection {
  readonly owned: number[];
  readonly candidates: number[];
  readonly warnings: string[];
}

/** Candidates = (compareCards if non-empty, else every card) − owned − excluded (catalog-format.md). */
export function selectCandidates(ci: CompiledInstance): Selection {
  const inst = ci.instance;
  const warnings: string[] = [];
  const owned = [...new Set(inst.ownedCards)].map((id) => {
    const idx = ci.cardIndex.get(id);
    // instanceSchema already rejects unknown owned ids; this guards direct callers.
    if (idx === undefined) throw new Error(`unknown owned card id '${id}'`);
    return idx;
  });
  const known = (list: readonly string[], field: 'compareCards' | 'excludeCards'): Set<number> => {
    const out = new Set<number>();
    for (const id of list) {
      const idx = ci.cardIndex.get(id);
      if (idx === undefined) warnings.push(unknownCardWarning(field, id));
      else out.add(idx);
    }
    return out;
  };
  const compare = known(inst.compareCards, 'compareCards');
  const excluded = known(inst.excludeCards, 'excludeCards');
  const ownedSet = new Set(owned);
  const pool = inst.compareCards.length > 0 ? [...compare] : ci.cards.map((c) => c.index);
  const candidates = pool.filter((c) => !ownedSet.has(c) && !excluded.has(c)).sort((a, b) => a - b);
  return { owned, candidates, warnings };
}

/**
 * The instance with its entries merged wherever every rule sees them alike (same mode,
 * platform, category, sub category, product and brand), amounts summed per month; null
 * when no two entries merge. Exact: rules, exclusions, caps and thresholds depend on an
 * entry only through those fields and its amount, so any allocation of the merged
 * entries splits back pro rata into one of the originals with the same value, and any
 * allocation of the originals adds up into one of the merged entries. Entries with no
 * spend are dropped (they can hold nothing).
 */
export function mergeEntries(instance: Instance): Instance | null {
  const byKey = new Map<string, EngineEntry>();
  let dropped = 0;
  for (const e of instance.entries) {
    const monthly = monthlyAmount(e);
    if (!(monthly > 0)) {
      dropped++;
      continue;
    }
    const key = entryKey(e);
    const prev = byKey.get(key);
    if (prev === undefined) byKey.set(key, { ...e, amount: monthly, frequency: 'MONTHLY' });
    else byKey.set(key, { ...prev, amount: prev.amount + monthly });
  }
  if (dropped === 0 && byKey.size === instance.entries.length) return null;
  // With no spend at all the search has nothing to merge; it runs on the entries as given.
  if (byKey.size === 0) return null;
  return { ...instance, entries: [...byKey.values()] };
}

/**
 * An optimal allocation of the merged entries as one of the user's own entries: each
 * merged entry's spend on a card and option splits pro rata over the entries it merged.
 * Card spends, cap loads and so rewards and thresholds are unchanged (mergeEntries), so the
 * split is optimal for the original entries too, with no second solve.
 */
function splitMerged(
  ci: CompiledInstance,
  mergedCi: CompiledInstance,
  a: Allocation,
  owned: ReadonlySet<number>,
): Allocation {
  const members: number[][] = mergedCi.entries.map(() => []);
  const byKey = new Map(mergedCi.entries.map((e) => [entryKey(e.entry), e.index]));
  for (const em of ci.entries) {
    if (!(em.monthly > 0)) continue;
    const g = byKey.get(entryKey(em.entry));
    if (g === undefined) throw new Error(`entry ${em.index} has no merged entry`);
    (members[g] as number[]).push(em.index);
  }
  const placements: PlacedSpend[] = [];
  for (const p of a.placements) {
    const total = (mergedCi.entries[p.entryIndex] as { monthly: number }).monthly;
    for (const e of members[p.entryIndex] as number[]) {
      const share = (ci.entries[e] as { monthly: number }).monthly / total;
      placements.push({ ...p, entryIndex: e, amount: p.amount * share });
    }
  }
  const cards = summarizeCards(ci, a.cardIndices, owned, placements);
  const value = cards.reduce((s, c) => s + c.rewards + c.milestoneBonus - c.feeCost, 0);
  const entryPrices = Float64Array.from(ci.entries, (em) => {
    const g = byKey.get(entryKey(em.entry));
    return g === undefined ? 0 : (a.entryPrices[g] as number);
  });
  return { value, cardIndices: a.cardIndices, placements, cards, entryPrices };
}

export interface RecommendOptions {
  /** Receives search counters (for the benchmark and tests). */
  readonly stats?: SearchStats;
  readonly search?: SearchOptions;
  /**
   * Wall-clock budget in milliseconds. When the search has not finished by then,
   * recommend() throws RecoTimeoutError (checked between exact solves and bound
   * evaluations, so it overshoots by at most one exact fixed-set solve).
   */
  readonly deadlineMs?: number;
  /**
   * With `deadlineMs`: when the deadline passes after n = 1 is proven, return the groups of
   * every n proven so far and `incomplete` instead of throwing. Each returned group is still
   * the proven optimum of its n; the larger n are missing, never guessed.
   */
  readonly partialOnDeadline?: boolean;
  /**
   * Polled wherever the deadline is (between exact solves and bound steps): once it returns
   * true, recommend() throws RecoCancelledError. For a caller whose client has gone away.
   */
  readonly cancelled?: () => boolean;
}

export function recommend(instance: Instance, options: RecommendOptions = {}): EngineResult {
  const startedAt = performance.now();
  const deadline = options.deadlineMs === undefined ? undefined : startedAt + options.deadlineMs;
  // The search runs on entries merged by what rules can see (exact, see mergeEntries); each
  // winning allocation is split back over the user's own entries (splitMerged). Merged
  // entries are compiled first and the user's entries reuse their matching.
  const merged = mergeEntries(instance);
  const searchCi = merged === null ? null : compileInstance(merged);
  const ci = searchCi === null ? compileInstance(instance) : compileInstance(instance, searchCi);
  const sel = selectCandidates(ci);
  const result: EngineResult = { spend_level_winners: [] };
  if (sel.warnings.length > 0) result.warnings = sel.warnings;
  if (ci.entries.length === 0) return result;
  const K = Math.min(instance.desiredCardCount, sel.candidates.length);
  if (K === 0) return result;
  const { winners: found, base } = searchCombinations(
    searchCi ?? ci,
    sel.owned,
    sel.candidates,
    K,
    options.stats,
    options.search,
    {
      startedAt,
      ...(deadline === undefined ? {} : { deadline }),
      partial: options.partialOnDeadline === true,
      ...(options.cancelled === undefined ? {} : { cancelled: options.cancelled }),
    },
  );
  const ownedSet = new Set(sel.owned);
  // What the cards the user holds earn alone (the search's starting set): each group's savings
  // include it, and a cardholder wants to see what the new cards add to it.
  if (sel.owned.length > 0) result.owned_savings = r2(base.value);
  const split = searchCi === null ? found : found.map((a) => splitMerged(ci, searchCi, a, ownedSet));
  const winners = split.map((a) => preferFreeFillers(ci, a, ownedSet, sel.candidates));
  const groups = winners.map((a, i) => formatGroup(ci, a, i + 1));
  // Stable sort: savings descending; among equal rounded savings, fewer new cards first.
  groups.sort((a, b) => b.group_savings - a.group_savings || a.n - b.n);
  result.spend_level_winners = groups;
  // The search returns fewer than K groups only when it stopped at the deadline (partialOnDeadline).
  if (found.length < K) result.incomplete = { proven_up_to: found.length, requested: K };
  return result;
}

/** What holding a card costs whatever the spend: its joining fee and a ONE_TIME fee (rupees). */
function upfrontCost(ci: CompiledInstance, c: number): number {
  const card = (ci.cards[c] as CardModel).card;
  return (card.joining_fee ?? 0) + (card.fee_frequency === 'ONE_TIME' ? card.annual_fee : 0);
}

/**
 * A new card that holds no spend in the winning allocation adds nothing: it is there because
 * the combination must have n cards and nothing better exists. Which such "filler" the search
 * returns is a tie it breaks by catalogue order, so it could be a card with a joining or
 * annual fee. Each filler with a fee of either kind is swapped for the first candidate (in
 * catalogue order) that has neither; the allocation stays as it is (the filler held nothing),
 * so the value cannot fall, and it cannot rise past the proven optimum of this n either.
 */
function preferFreeFillers(
  ci: CompiledInstance,
  a: Allocation,
  owned: ReadonlySet<number>,
  candidates: readonly number[],
): Allocation {
  const used = new Set<number>();
  for (const p of a.placements) if (p.amount > 1e-9) used.add(p.cardIndex);
  const inSet = new Set(a.cardIndices);
  const costs = (c: number): boolean =>
    upfrontCost(ci, c) > 0 || recurringFeePerYear((ci.cards[c] as CardModel).card) > 0;
  let free = 0;
  let changed = false;
  const cardIndices = a.cardIndices.map((c) => {
    if (owned.has(c) || used.has(c) || !costs(c)) return c;
    while (free < candidates.length) {
      const alt = candidates[free++] as number;
      if (inSet.has(alt) || costs(alt)) continue;
      inSet.add(alt);
      changed = true;
      return alt;
    }
    return c;
  });
  if (!changed) return a;
  const cards = summarizeCards(ci, cardIndices, owned, a.placements);
  const value = cards.reduce((s, c) => s + c.rewards + c.milestoneBonus - c.feeCost, 0);
  // Guard against tolerance effects: never report a combination worth less than the search's.
  if (value < a.value - 1e-9) return a;
  return { ...a, value, cardIndices, cards };
}

export interface CombinationResult {
  /** Exact optimal monthly savings, unrounded. */
  readonly savings: number;
  readonly allocation: Allocation;
  /** The allocation in the engine's output shape (n = number of new cards). */
  readonly group: SpendLevelWinner;
}

/**
 * The exact optimum for one fixed combination: `cardIds` are the new cards; the
 * instance's owned cards are always added (their fees are not counted). Unknown
 * ids throw.
 */
export function evaluateCombination(instance: Instance, cardIds: readonly string[]): CombinationResult {
  const ci = compileInstance(instance);
  const owned = selectCandidates(ci).owned;
  const ownedSet = new Set(owned);
  const extra = [...new Set(cardIds)].map((id) => {
    const idx = ci.cardIndex.get(id);
    if (idx === undefined) throw new Error(`unknown card id '${id}'`);
    return idx;
  });
  const set = [...owned, ...extra.filter((c) => !ownedSet.has(c))];
  const allocation = solveAllocation(ci, set, ownedSet);
  if (allocation === null) throw new Error('allocation LP found no solution');
  const n = set.length - owned.length;
  return { savings: allocation.value, allocation, group: formatGroup(ci, allocation, n) };
}

const r2 = (v: number): number => roundHalfAwayFromZero(v, 2);

export function formatGroup(ci: CompiledInstance, a: Allocation, n: number): SpendLevelWinner {
  // Owned cards first, then new ones in catalogue order: stable output for the same set.
  const ownedFirst = [...a.cards]
    .sort((x, y) => Number(y.owned) - Number(x.owned) || x.cardIndex - y.cardIndex)
    .map((c) => c.cardIndex);
  let covered = 0;
  const group_details = ci.entries.map((em) => {
    const byCard = new Map<
      number,
      { used: number; cash: number; rules: Map<number | null, { amount: number; cash: number }> }
    >();
    for (const p of a.placements) {
      if (p.entryIndex !== em.index) continue;
      const cash = p.option.rate * p.amount;
      if (p.option.rate > 0) covered += p.amount;
      const row = byCard.get(p.cardIndex) ?? { used: 0, cash: 0, rules: new Map() };
      row.used += p.amount;
      row.cash += cash;
      const rb = row.rules.get(p.option.ruleIndex) ?? { amount: 0, cash: 0 };
      rb.amount += p.amount;
      rb.cash += cash;
      row.rules.set(p.option.ruleIndex, rb);
      byCard.set(p.cardIndex, row);
    }
    const winning_cards = ownedFirst.flatMap((c) => {
      const row = byCard.get(c);
      if (row === undefined || r2(row.used) === 0) return [];
      return [
        {
          card_id: (ci.cards[c] as { id: string }).id,
          amount_used: r2(row.used),
          cashback_amount: r2(row.cash),
          rule_breakdown: [...row.rules.entries()]
            .map(([rule_index, v]) => ({ rule_index, amount: r2(v.amount), cashback: r2(v.cash) }))
            .filter((v) => v.amount !== 0),
        },
      ];
    });
    // A card of the set that pays on this spend while some of it is left unplaced, or while the
    // card itself holds some of it earning nothing (for a waiver or milestone): the optimum does
    // either only when every cap that rupee could count against on the card is full, since
    // placing it under the paying rule instead would earn more. Without this, "no card earns
    // here" read as if the combination never paid on this spend.
    const placed = [...byCard.values()].reduce((s, row) => s + row.used, 0);
    // Said here, from the unrounded figures: the amounts of winning_cards are each rounded to
    // paise, so a reader subtracting them from amount cannot tell a leftover of a few paise from
    // the rounding of its lines.
    const unplaced_amount = r2(em.monthly - placed);
    const leftOver = unplaced_amount > 0;
    const capped_by = ownedFirst
      .filter(
        (c) =>
          (leftOver || r2(byCard.get(c)?.rules.get(null)?.amount ?? 0) > 0) &&
          (ci.cards[c]?.options[em.index] ?? []).some((o) => o.rate > 0),
      )
      .map((c) => (ci.cards[c] as { id: string }).id);
    return {
      entry_id: em.entry.id,
      spend_label: em.label,
      amount: r2(em.monthly),
      winning_cards,
      ...(capped_by.length ? { capped_by } : {}),
      ...(leftOver ? { unplaced_amount } : {}),
    };
  });
  const outcomeCards = ownedFirst
    .map((idx) => a.cards.find((c) => c.cardIndex === idx))
    .flatMap((c) => (c === undefined ? [] : [c]));
  // Each card's rewards, milestone share and fee, rounded so that they add up to group_savings
  // (rounded from their exact sum). The rewards move first, the fees last: a card's fee and its
  // milestone shares are the same in every plan that holds it, and a fee of ₹98.24 in one plan
  // beside ₹98.23 in the next read as a mistake; the rewards differ from plan to plan anyway.
  const REWARDS = 0;
  const MILESTONE = 1;
  const FEE = 2;
  const parts = roundPartsToTotal(
    outcomeCards.flatMap((c) => [c.rewards, c.milestoneBonus, -c.feeCost]),
    (i) => i % 3,
  );
  const card_outcomes: CardOutcome[] = outcomeCards.map((c, k) => ({
    card_id: (ci.cards[c.cardIndex] as { id: string }).id,
    owned: c.owned,
    monthly_spend: r2(c.spend),
    rewards: parts[3 * k + REWARDS] as number,
    milestone_bonus: parts[3 * k + MILESTONE] as number,
    fee_cost: Math.abs(parts[3 * k + FEE] as number),
    fee_waived: c.feeWaived,
    caps_reached: [...c.capsReached],
    milestones_reached: [...c.milestonesReached],
  }));
  return {
    n,
    card_ids: ownedFirst.map((c) => (ci.cards[c] as { id: string }).id),
    group_savings: r2(a.value),
    spend_coverage: ci.totalSpend > 0 ? r2((100 * covered) / ci.totalSpend) : 0,
    group_details,
    card_outcomes,
  };
}
