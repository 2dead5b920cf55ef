import {
  buildCardBoundModel,
  type CardBoundModel,
  cheapCardBound,
  lpCardBound,
  lpCardSolution,
} from './card-bound.ts';
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

/** Subgradient steps on the entry prices per node (README "Lagrangian prices"). */
const PRICE_ITERATIONS = 8;

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
  const chosen: number[] = [];
  const ownedSet = new Set(owned);
  const E = ci.entries.length;
  const monthly = Float64Array.from(ci.entries.map((e) => e.monthly));

  interface Scored {
    c: number;
    u: number;
    refined: boolean;
  }

  /**
   * Bound of every completion of `chosen` by r cards of `pool` at prices λ:
   * Σλm + Σ_{O∪F} g(λ) + (the r largest u_c), u_c ≥ g_c(λ). Returns the pool
   * sorted by u (descending) with the base term.
   */
  const boundAt = (r: number, pool: readonly number[], lambda: Float64Array, refine: boolean) => {
    let base = 0;
    for (let e = 0; e < E; e++) base += (lambda[e] as number) * (monthly[e] as number);
    for (const o of owned) base += lpCardBound(modelOf(o), lambda);
    for (const c of chosen) base += lpCardBound(modelOf(c), lambda);
    stats.cardBoundsLp += owned.length + chosen.length;
    const list: Scored[] = pool.map((c) => ({ c, u: cheapCardBound(modelOf(c), lambda), refined: false }));
    // Refine (card LP) every card whose cheap ceiling could still matter.
    for (;;) {
      list.sort((a, b) => b.u - a.u);
      if (!refine) break;
      let topRest = 0;
      for (let i = 0; i < r - 1 && i < list.length; i++) topRest += (list[i] as Scored).u;
      const threshold = inc.value - base - topRest + PRUNE_EPS;
      let changed = false;
      for (const p of list) {
        if (p.u <= threshold) break;
        if (p.refined) continue;
        p.u = Math.min(p.u, lpCardBound(modelOf(p.c), lambda));
        p.refined = true;
        stats.cardBoundsLp++;
        changed = true;
      }
      if (!changed) break;
    }
    let top = 0;
    for (let i = 0; i < r && i < list.length; i++) top += (list[i] as Scored).u;
    return { bound: base + top, base, list };
  };

  const node = (r: number, startPrices: Float64Array, pool: readonly number[]): void => {
    stats.nodes++;
    if (pool.length < r) return;
    // Lagrangian prices: start from the duals of O ∪ F and take projected
    // subgradient steps (Polyak step towards the incumbent). Every λ ≥ 0 gives
    // a valid bound, so the best one seen is kept.
    // Steps are scored with the cheap ceilings only; the card LPs refine the bound
    // once, at the best prices found.
    let lambda = Float64Array.from(startPrices);
    let bestLambda = lambda;
    let cur = boundAt(r, pool, lambda, false);
    let bestCheap = cur.bound;
    let theta = 1;
    for (let it = 0; it < PRICE_ITERATIONS && cur.bound > inc.value + PRUNE_EPS; it++) {
      const demand = new Float64Array(E);
      for (const o of owned) lpCardSolution(modelOf(o), lambda, demand);
      for (const c of chosen) lpCardSolution(modelOf(c), lambda, demand);
      for (let i = 0; i < r && i < cur.list.length; i++)
        lpCardSolution(modelOf((cur.list[i] as Scored).c), lambda, demand);
      let norm = 0;
      const grad = new Float64Array(E);
      for (let e = 0; e < E; e++) {
        let g = (monthly[e] as number) - (demand[e] as number);
        if (g > 0 && (lambda[e] as number) <= 0) g = 0;
        grad[e] = g;
        norm += g * g;
      }
      if (norm < 1e-9) break;
      const step = (theta * (cur.bound - inc.value)) / norm;
      const next = new Float64Array(E);
      for (let e = 0; e < E; e++) next[e] = Math.max(0, (lambda[e] as number) - step * (grad[e] as number));
      const res = boundAt(r, pool, next, false);
      if (res.bound < bestCheap) {
        bestCheap = res.bound;
        bestLambda = next;
      } else theta /= 2;
      lambda = next;
      cur = res;
    }
    const best = boundAt(r, pool, bestLambda, true);

    const { base, list } = best;
    const prefix = new Float64Array(list.length + 1);
    for (let i = 0; i < list.length; i++) prefix[i + 1] = (prefix[i] as number) + (list[i] as Scored).u;
    for (let i = 0; i + r <= list.length; i++) {
      const bound = base + (prefix[i + r] as number) - (prefix[i] as number);
      // u is sorted descending, so every later child is bounded by this one.
      if (bound <= inc.value + PRUNE_EPS) break;
      const c = (list[i] as Scored).c;
      chosen.push(c);
      if (r === 1) {
        const a = evaluate(chosen, inc.value);
        if (a !== null && a.value > inc.value) inc = a;
      } else {
        const relaxed = solveAllocation(ci, [...owned, ...chosen], ownedSet, Number.NEGATIVE_INFINITY, true);
        // Child i may use only the cards after it: those before it are excluded.
        if (relaxed !== null)
          node(
            r - 1,
            relaxed.entryPrices,
            list.slice(i + 1).map((s) => s.c),
          );
      }
      chosen.pop();
    }
  };
  node(n, inc.entryPrices, candidates);
  return inc;
}
