import { buildCardBoundModel, type CardBoundModel, cheapCardBound, lpCardBound } from './card-bound.ts';
import type { CompiledInstance } from './compile-instance.ts';
import { type Allocation, solveAllocation } from './solve-allocation.ts';

/** A subtree is pruned only when its bound is below the incumbent by more than this (rupees/month). */
const PRUNE_EPS = 1e-6;
/** How many of the best-looking additions the greedy incumbent tries exactly. */
const GREEDY_TRIES = 6;

export interface SearchOptions {
  /** Additions the greedy incumbent evaluates exactly (≥ 1). Tests lower it to stress the proof. */
  readonly greedyTries?: number;
  /** Whether to polish the incumbent with single swaps. */
  readonly swaps?: boolean;
}

export interface SearchStats {
  exactEvaluations: number;
  cardBoundsLp: number;
  nodes: number;
}

/**
 * For each n = 1..maxNew, the best combination of exactly n candidates plus all
 * owned cards (README "Search"). Branch and bound over subsets: candidates are
 * ordered by an upper bound u_c of their Lagrangian term at the prices of a good
 * incumbent, and a partial choice is abandoned as soon as
 * Σλm + Σ_owned g + Σ_chosen u + (the largest remaining u's) cannot beat it.
 */
export function searchCombinations(
  ci: CompiledInstance,
  owned: readonly number[],
  candidates: readonly number[],
  maxNew: number,
  stats: SearchStats = { exactEvaluations: 0, cardBoundsLp: 0, nodes: 0 },
  options: SearchOptions = {},
): Allocation[] {
  const tries = Math.max(1, options.greedyTries ?? GREEDY_TRIES);
  const ownedSet = new Set(owned);
  const models = new Map<number, CardBoundModel>();
  const modelOf = (c: number): CardBoundModel => {
    let m = models.get(c);
    if (m === undefined) {
      m = buildCardBoundModel(ci, c, ownedSet.has(c));
      models.set(c, m);
    }
    return m;
  };
  const evaluate = (set: readonly number[], cutoff?: number): Allocation | null => {
    stats.exactEvaluations++;
    return solveAllocation(ci, [...owned, ...set], ownedSet, cutoff);
  };
  const base = evaluate([]);
  if (base === null) throw new Error('the owned cards alone must always be feasible');

  const winners: Allocation[] = [];
  let prev: Allocation = base;
  for (let n = 1; n <= maxNew; n++) {
    const prevNew = prev.cardIndices.filter((c) => !ownedSet.has(c));
    // Incumbent: extend the previous winner by the additions that look best at its prices.
    let incumbent: Allocation | null = null;
    const ranked = candidates
      .filter((c) => !prevNew.includes(c))
      .map((c) => ({ c, u: cheapCardBound(modelOf(c), prev.entryPrices) }))
      .sort((a, b) => b.u - a.u);
    const refined = ranked
      .slice(0, tries * 4)
      .map(({ c }) => ({ c, u: lpCardBound(modelOf(c), prev.entryPrices) }))
      .sort((a, b) => b.u - a.u);
    for (const { c } of refined.slice(0, tries)) {
      const a = evaluate([...prevNew, c], incumbent?.value);
      if (a !== null && (incumbent === null || a.value > incumbent.value)) incumbent = a;
    }
    if (incumbent === null) break;
    if (options.swaps ?? true) incumbent = improveBySwaps(incumbent, ownedSet, candidates, modelOf, evaluate);

    incumbent = branchAndBound(ci, n, owned, candidates, incumbent, modelOf, evaluate, stats);
    winners.push(incumbent);
    prev = incumbent;
  }
  return winners;
}

/** One round of single swaps around the incumbent, trying the best-looking replacements only. */
function improveBySwaps(
  start: Allocation,
  ownedSet: ReadonlySet<number>,
  candidates: readonly number[],
  modelOf: (c: number) => CardBoundModel,
  evaluate: (set: readonly number[], cutoff?: number) => Allocation | null,
): Allocation {
  let inc = start;
  const members = inc.cardIndices.filter((c) => !ownedSet.has(c));
  if (members.length < 2) return inc;
  const outside = candidates
    .filter((c) => !members.includes(c))
    .map((c) => ({ c, u: lpCardBound(modelOf(c), inc.entryPrices) }))
    .sort((a, b) => b.u - a.u)
    .slice(0, 3);
  for (const drop of members) {
    for (const { c } of outside) {
      const set = [...members.filter((m) => m !== drop), c];
      const a = evaluate(set, inc.value);
      if (a !== null && a.value > inc.value) inc = a;
    }
  }
  return inc;
}

function branchAndBound(
  ci: CompiledInstance,
  n: number,
  owned: readonly number[],
  candidates: readonly number[],
  start: Allocation,
  modelOf: (c: number) => CardBoundModel,
  evaluate: (set: readonly number[], cutoff?: number) => Allocation | null,
  stats: SearchStats,
): Allocation {
  let inc = start;
  const excluded = new Uint8Array(ci.cards.length);
  const chosen: number[] = [];
  const isChosen = new Uint8Array(ci.cards.length);

  /**
   * Node (chosen F, excluded X): every completion adds r cards from the pool
   * minus F and X. With prices λ (those of O ∪ F's own optimum, or of the
   * incumbent at the root), V ≤ Σλm + Σ_{O∪F} g(λ) + (the r largest u_c), u_c ≥ g_c(λ).
   * Children take the pool in decreasing u: child i includes card i and
   * excludes cards 0..i−1, so subtrees never repeat a subset.
   */
  const node = (r: number, prices: Float64Array): void => {
    stats.nodes++;
    let base = 0;
    ci.entries.forEach((e, i) => {
      base += (prices[i] as number) * e.monthly;
    });
    for (const o of owned) base += lpCardBound(modelOf(o), prices);
    for (const c of chosen) base += lpCardBound(modelOf(c), prices);
    stats.cardBoundsLp += owned.length + chosen.length;

    const pool: { c: number; u: number; refined: boolean }[] = [];
    for (const c of candidates) {
      if (excluded[c] || isChosen[c]) continue;
      pool.push({ c, u: cheapCardBound(modelOf(c), prices), refined: false });
    }
    if (pool.length < r) return;
    // Refine (card LP) every card whose cheap ceiling could still matter.
    for (;;) {
      pool.sort((a, b) => b.u - a.u);
      let topRest = 0;
      for (let i = 0; i < r - 1; i++) topRest += (pool[i] as { u: number }).u;
      const threshold = inc.value - base - topRest + PRUNE_EPS;
      let changed = false;
      for (const p of pool) {
        if (p.u <= threshold) break;
        if (p.refined) continue;
        p.u = Math.min(p.u, lpCardBound(modelOf(p.c), prices));
        p.refined = true;
        stats.cardBoundsLp++;
        changed = true;
      }
      if (!changed) break;
    }
    const prefix = new Float64Array(pool.length + 1);
    for (let i = 0; i < pool.length; i++)
      prefix[i + 1] = (prefix[i] as number) + (pool[i] as { u: number }).u;

    const marked: number[] = [];
    for (let i = 0; i + r <= pool.length; i++) {
      const bound = base + (prefix[i + r] as number) - (prefix[i] as number);
      // u is sorted descending, so every later child is bounded by this one.
      if (bound <= inc.value + PRUNE_EPS) break;
      const c = (pool[i] as { c: number }).c;
      chosen.push(c);
      isChosen[c] = 1;
      if (r === 1) {
        const a = evaluate(chosen, inc.value);
        if (a !== null && a.value > inc.value) inc = a;
      } else {
        const sub = evaluate(chosen);
        if (sub !== null) node(r - 1, sub.entryPrices);
      }
      chosen.pop();
      isChosen[c] = 0;
      excluded[c] = 1;
      marked.push(c);
    }
    for (const c of marked) excluded[c] = 0;
  };
  node(n, inc.entryPrices);
  return inc;
}
