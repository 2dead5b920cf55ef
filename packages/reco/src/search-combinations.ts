import { buildCardBoundModel, cheapCardBound } from './card-bound.ts';
import { dominatorsOf } from './card-dominance.ts';
import { buildCardLp, type CardLp, cardLpBound } from './card-lp-bound.ts';
import type { CompiledInstance } from './compile-instance.ts';
import { type Allocation, solveAllocation, type TerminalBox } from './solve-allocation.ts';

/** A subtree, card or set is pruned only when its bound is below the incumbent by more than this (rupees/month). */
const PRUNE_EPS = 1e-6;
/** How many of the best-looking additions the greedy incumbent evaluates exactly. */
const GREEDY_TRIES = 3;
/** Subgradient steps: at the root of each n, at an inner node, and on a single set before its exact solve. */
const ROOT_ITERATIONS = 60;
/** Incumbent polishing: single swaps against this many best-looking outsiders, repeated while they improve. */
const SWAP_OUTSIDERS = 3;
const SWAP_ROUNDS = 2;
/**
 * Incumbent polishing when the winner changes more than one card from n − 1 to n: each of the
 * previous winner's cards is dropped in turn for a pair of the best-looking outsiders. On a
 * (600,60,5) instance where several cards pay large milestones (seed 108) the n = 5 search took
 * 42 s from the greedy incumbent (₹1,237 below the optimum, so the root's Polyak steps aimed far
 * too low and its bound stayed ₹3,375 above) and 0.35 s from the one these moves find.
 */
const PAIR_OUTSIDERS = 3;
const NODE_ITERATIONS = 12;
/** A one-card-left node solves its chosen set (its LP duals and its boxes) for more bounds once this many children remain. */
const CHOSEN_DUALS_MIN_CHILDREN = 4;
const LEAF_ITERATIONS = 8;
/**
 * Deflection of each subgradient direction by the previous one, d = g + β·d_prev with
 * β = −DEFLECT·(g·d_prev)/‖d_prev‖² when they point against each other (Camerini, Fratta and
 * Maffioli): damps the zig-zag of plain steps. 1.25 gave the fewest nodes over the benchmark's
 * seeds among 0.5–1.5; any value keeps every bound valid.
 */
const DEFLECT = 1.25;

export interface SearchOptions {
  /** Additions the greedy incumbent evaluates exactly (≥ 1). Tests lower it to stress the proof. */
  readonly greedyTries?: number;
  /** Whether to polish the incumbent with single swaps. */
  readonly swaps?: boolean;
  /** Children a one-card-left node needs before it bounds them by its chosen set's own solve (tests lower it). */
  readonly chosenDualsMinChildren?: number;
}

export interface SearchStats {
  exactEvaluations: number;
  /** Per-card bound evaluations (the card's own LP, warm-started). */
  cardBoundsLp: number;
  nodes: number;
  /** Candidates left after reduced-cost fixing at the root, per n. */
  rootSurvivors?: number[];
  /** Per n, when the caller passes an array: the root bound, incumbent and tree of the search. */
  perN?: {
    n: number;
    rootBound: number;
    incumbent: number;
    optimum: number;
    survivors: number;
    nodes: number;
    exactEvaluations: number;
    ms: number;
  }[];
  /** One-card-left nodes that solved their chosen set exactly, and the terminal boxes that gave. */
  chosenSetSolves?: number;
  chosenSetBoxes?: number;
  /** Sets whose own Lagrangian bound ruled them out before an exact solve. */
  leavesPrunedByBound?: number;
}

/** Thrown by recommend() when its `deadlineMs` passes before the search has proven every optimum. */
export class RecoTimeoutError extends Error {
  readonly elapsedMs: number;
  constructor(elapsedMs: number) {
    super(`recommendation search exceeded its deadline after ${Math.round(elapsedMs)} ms`);
    this.name = 'RecoTimeoutError';
    this.elapsedMs = elapsedMs;
  }
}

/** Thrown by recommend() when its `cancelled` callback says the caller no longer wants the answer. */
export class RecoCancelledError extends Error {
  constructor() {
    super('recommendation search cancelled by its caller');
    this.name = 'RecoCancelledError';
  }
}

export interface SearchControl {
  /** performance.now() value after which the search throws RecoTimeoutError. */
  readonly deadline?: number;
  /**
   * At the deadline, return the winners of every n already proven instead of throwing
   * (it still throws when not even n = 1 is proven).
   */
  readonly partial?: boolean;
  /** Polled with the deadline: true stops the search with RecoCancelledError. */
  readonly cancelled?: () => boolean;
  readonly startedAt?: number;
}

export interface SearchResult {
  /** The proven best set of each n = 1, 2, …, in order (fewer than asked only at a deadline). */
  winners: Allocation[];
  /** The owned cards alone (no new card): every set's allocation includes them. */
  base: Allocation;
}

/**
 * For each n = 1..maxNew, the best combination of exactly n candidates plus all
 * owned cards (README "Search"). Lagrangian relaxation of the shared entry
 * amounts with prices λ ≥ 0 gives, for every set S ⊇ O,
 *
 *   V(S) ≤ Σ_e λ_e m_e + Σ_{c∈S} u_c(λ),   u_c(λ) ≥ g_c(λ) (per-card bound),
 *
 * used for (1) the root bound and reduced-cost fixing of each n, (2) branch and
 * bound over the surviving candidates, (3) a per-set bound before every exact
 * solve. Every prune compares a valid upper bound with an exactly evaluated
 * incumbent of the same n.
 */
export function searchCombinations(
  ci: CompiledInstance,
  owned: readonly number[],
  candidates: readonly number[],
  maxNew: number,
  stats: SearchStats = { exactEvaluations: 0, cardBoundsLp: 0, nodes: 0 },
  options: SearchOptions = {},
  control: SearchControl = {},
): SearchResult {
  const tries = Math.max(1, options.greedyTries ?? GREEDY_TRIES);
  const swaps = options.swaps ?? true;
  const chosenDualsMin = options.chosenDualsMinChildren ?? CHOSEN_DUALS_MIN_CHILDREN;
  const ownedSet = new Set(owned);
  const E = ci.entries.length;
  const monthly = Float64Array.from(ci.entries.map((e) => e.monthly));
  const startedAt = control.startedAt ?? performance.now();
  const ONES = new Float64Array(E).fill(1);
  const invMonthly = Float64Array.from(monthly, (m) => (m > 0 ? 1 / m : 0));
  const checkDeadline = (): void => {
    if (control.deadline !== undefined && performance.now() > control.deadline)
      throw new RecoTimeoutError(performance.now() - startedAt);
    if (control.cancelled?.()) throw new RecoCancelledError();
  };
  stats.rootSurvivors ??= [];
  stats.leavesPrunedByBound ??= 0;

  const lps: (CardLp | undefined)[] = new Array(ci.cards.length);
  const lpOf = (c: number): CardLp => {
    let d = lps[c];
    if (d === undefined) {
      d = buildCardLp(buildCardBoundModel(ci, c, ownedSet.has(c)));
      lps[c] = d;
    }
    return d;
  };
  /**
   * u_c(λ) ≥ g_c(λ), the card's exact Lagrangian term (plus a margin). Adds c's demand
   * when asked. Remembers the prices and the value as the card's reference for `upperU`.
   */
  const refLam: (Float64Array | null)[] = new Array(ci.cards.length).fill(null);
  const refU = new Float64Array(ci.cards.length);
  /** Whether the reference value is the card's own LP optimum (else an O(entries) ceiling). */
  const refExact = new Uint8Array(ci.cards.length);
  const cardBound = (
    c: number,
    lam: Float64Array,
    demand: Float64Array | null = null,
    remember = true,
  ): number => {
    stats.cardBoundsLp++;
    const v = cardLpBound(lpOf(c), lam, demand);
    // Prices far from the search's own (a chosen set's boxes) would make a poor reference for
    // the lazy bounds that rank the subgradient's working sets: those are not remembered.
    if (!remember) return v;
    refLam[c] = lam;
    refU[c] = v;
    refExact[c] = 1;
    return v;
  };
  /**
   * A valid upper bound of g_c(λ) without solving the card's LP, from its reference
   * value at λ': g_c(λ) ≤ g_c(λ') + Σ_e max(0, λ'_e − λ_e)·m_e over the entries c can
   * hold (g_c is a maximum over the card's spend x ≤ m of f(x) − λ·x). Returns
   * `exact = true` when the value is the card's own bound at λ.
   */
  let lazyExact = false;
  const upperU = (c: number, lam: Float64Array, remember = true): number => {
    const ref = refLam[c];
    lazyExact = true;
    if (ref === lam) {
      lazyExact = refExact[c] === 1;
      return refU[c] as number;
    }
    const d = lpOf(c);
    if (ref === null || ref === undefined) {
      // A card with no binding cap or threshold has its exact value in closed form.
      if (d.model.separable) return cardBound(c, lam, null, remember);
      // No reference yet: the O(entries) ceiling, valid at every λ. It becomes the card's
      // reference too (the shift below holds for any upper bound at λ'), so later prices
      // cost a shift instead of a new ceiling.
      lazyExact = false;
      const v = cheapCardBound(d.model, lam);
      if (!remember) return v;
      refLam[c] = lam;
      refU[c] = v;
      refExact[c] = 0;
      return v;
    }
    // Σ over the card's entries = Σ over all entries − Σ over the few it cannot hold.
    const table = shiftTable(ref, lam);
    let shift = table.total;
    if (shift > 0) {
      for (const e of d.model.missingEntries) shift -= table.perEntry[e] as number;
      if (shift < 0) shift = 0;
    }
    lazyExact = shift === 0 && refExact[c] === 1;
    return (refU[c] as number) + shift;
  };
  /**
   * Per reference prices λ' (cards evaluated together share one), the terms
   * max(0, λ'_e − λ_e)·m_e at the current λ and their total: a card's shift is then
   * the total minus the terms of the entries it cannot hold, O(those) instead of O(entries).
   */
  let shiftLam: Float64Array | null = null;
  const shiftTables = new Map<Float64Array, { perEntry: Float64Array; total: number }>();
  // Tables are recycled: a full evaluation meets dozens of reference vectors per price vector.
  const spareTables: Float64Array[] = [];
  const shiftTable = (ref: Float64Array, lam: Float64Array) => {
    if (shiftLam !== lam) {
      shiftLam = lam;
      for (const t of shiftTables.values()) spareTables.push(t.perEntry);
      shiftTables.clear();
    }
    let t = shiftTables.get(ref);
    if (t === undefined) {
      const perEntry = spareTables.pop() ?? new Float64Array(E);
      perEntry.fill(0);
      let total = 0;
      for (let e = 0; e < E; e++) {
        const diff = (ref[e] as number) - (lam[e] as number);
        if (diff <= 0) continue;
        perEntry[e] = diff * (monthly[e] as number);
        total += perEntry[e] as number;
      }
      t = { perEntry, total };
      shiftTables.set(ref, t);
    }
    return t;
  };

  const cache = new Map<string, Allocation>();
  /** Exact value of O ∪ set; null when it cannot beat `cutoff`. Cached by sorted key. */
  const evaluate = (set: readonly number[], cutoff = Number.NEGATIVE_INFINITY): Allocation | null => {
    const key = [...set].sort((a, b) => a - b).join(',');
    const hit = cache.get(key);
    // Only exact optima are stored (a non-null answer with a cutoff is the optimum).
    if (hit !== undefined) return hit.value > cutoff ? hit : null;
    checkDeadline();
    stats.exactEvaluations++;
    const a = solveAllocation(ci, [...owned, ...set], ownedSet, cutoff);
    if (a !== null) cache.set(key, a);
    return a;
  };
  const dominators = dominatorsOf(ci, candidates);
  const base = evaluate([]);
  if (base === null) throw new Error('the owned cards alone must always be feasible');

  /**
   * The part of the bound at λ that does not depend on the pool: Σλm plus the terms of the owned
   * and chosen cards (their demand added to `demand` when given).
   */
  const fixedPart = (
    lam: Float64Array,
    chosen: readonly number[],
    demand: Float64Array | null = null,
  ): number => {
    let b = 0;
    for (let e = 0; e < E; e++) b += (lam[e] as number) * (monthly[e] as number);
    for (const o of owned) b += cardBound(o, lam, demand);
    for (const c of chosen) b += cardBound(c, lam, demand);
    return b;
  };

  /**
   * The bound of every completion of `chosen` by r cards of `pool` at λ:
   *   Σλm + Σ_{O∪F} u + (sum of the r largest u over the pool).
   * Returns the pool's u (same order), the base term and, when asked, the demand
   * of O ∪ F ∪ (the top r) for the subgradient.
   */
  const lagrangian = (
    lam: Float64Array,
    chosen: readonly number[],
    pool: readonly number[],
    r: number,
    wantDemand: boolean,
    exactTop = r,
    scratch: Scratch | null = null,
  ): {
    bound: number;
    base: number;
    u: Float64Array;
    exact: Uint8Array;
    demand: Float64Array | null;
    lam: Float64Array;
  } => {
    // A subgradient step only needs the bound and the demand: it reuses its caller's buffers.
    let demand: Float64Array | null = null;
    if (wantDemand) {
      demand = scratch === null ? new Float64Array(E) : scratch.demand;
      if (scratch !== null) demand.fill(0);
    }
    const b = fixedPart(lam, chosen, demand);
    const len = pool.length;
    const u = scratch === null ? new Float64Array(len) : scratch.u;
    const exact = scratch === null ? new Uint8Array(len) : scratch.exact;
    for (let i = 0; i < len; i++) {
      u[i] = upperU(pool[i] as number, lam);
      exact[i] = lazyExact ? 1 : 0;
    }
    // Only the largest must be the cards' own values; the rest stay valid upper bounds.
    let top = topIndices(u, exactTop, len);
    for (;;) {
      let changed = false;
      for (const i of top) {
        if (exact[i]) continue;
        u[i] = cardBound(pool[i] as number, lam);
        exact[i] = 1;
        changed = true;
      }
      if (!changed) break;
      top = topIndices(u, exactTop, len);
    }
    if (exactTop !== r) top = topIndices(u, r, len);
    let s = 0;
    for (const i of top) {
      s += u[i] as number;
      if (demand !== null) cardBound(pool[i] as number, lam, demand);
    }
    return { bound: b + s, base: b, u, exact, demand, lam };
  };

  /**
   * Projected subgradient on λ (Polyak step toward `target`); every λ ≥ 0 gives a
   * valid bound, the best is kept. Large pools are optimised on a working set (the
   * cards with the largest u), refreshed by a full evaluation every few steps; the
   * returned bound and u always come from a full evaluation.
   */
  const optimisePrices = (
    start: Float64Array,
    chosen: readonly number[],
    pool: readonly number[],
    r: number,
    target: number,
    iterations: number,
  ): PriceResult => {
    // Prices over the whole pool (each n's root) step in the metric of the entry amounts: a
    // step moves an entry's price by its excess demand *relative to its amount*. Plain steps
    // are ruled by the largest entries (a ₹2,00,000 entry's excess dwarfs a ₹300 one's), and on
    // requests with amounts that far apart the root stalled at bounds 30% above the optimum
    // (README §4, "Scaled root steps"). Inside the tree plain steps gave smaller trees.
    const W = chosen.length === 0 ? monthly : ONES;
    const invW = chosen.length === 0 ? invMonthly : ONES;
    const wsSize = 2 * r + 8;
    const full0 = lagrangian(start, chosen, pool, r, false, wsSize);
    let best: PriceResult = {
      lam: start,
      bound: full0.bound,
      base: full0.base,
      u: full0.u,
      exact: full0.exact,
    };
    let done = 0;
    let theta = 1;
    // The working set only grows: every full evaluation adds its top cards, also one whose
    // prices were rejected (the outsiders those prices favour, which the next round must see;
    // with the top of the best prices alone, the same round was retried with ever smaller steps).
    const inWs = new Uint8Array(pool.length);
    const wsIdx: number[] = [];
    const addTop = (u: Float64Array) => {
      for (const i of topIndices(u, wsSize, pool.length))
        if (!inWs[i]) {
          inWs[i] = 1;
          wsIdx.push(i);
        }
    };
    while (done < iterations && best.bound > target + PRUNE_EPS) {
      addTop(best.u);
      const ws =
        pool.length <= wsSize || wsIdx.length >= pool.length ? pool : wsIdx.map((i) => pool[i] as number);
      const round = pool.length <= wsSize ? iterations : Math.min(10, iterations - done);
      let lam = best.lam;
      const scratch: Scratch = {
        u: new Float64Array(ws.length),
        exact: new Uint8Array(ws.length),
        demand: new Float64Array(E),
        dirA: new Float64Array(E),
        dirB: new Float64Array(E),
      };
      let cur = lagrangian(lam, chosen, ws, r, true, r, scratch);
      let wsBest = { lam, bound: cur.bound };
      let stall = 0;
      let it = 0;
      let prevDir: Float64Array | null = null;
      for (; it < round && wsBest.bound > target + PRUNE_EPS; it++) {
        checkDeadline();
        const demand = cur.demand as Float64Array;
        // Two buffers alternate: this step's direction and the previous one (deflection).
        const grad: Float64Array = prevDir === scratch.dirA ? scratch.dirB : scratch.dirA;
        let norm = 0;
        for (let e = 0; e < E; e++) {
          let g = (monthly[e] as number) - (demand[e] as number);
          if (g > 0 && (lam[e] as number) <= 0) g = 0;
          grad[e] = g * (invW[e] as number);
        }
        if (DEFLECT > 0 && prevDir !== null) {
          let dot = 0;
          let pn = 0;
          for (let e = 0; e < E; e++) {
            dot += (grad[e] as number) * (prevDir[e] as number) * (W[e] as number);
            pn += (prevDir[e] as number) ** 2 * (W[e] as number);
          }
          if (dot < 0 && pn > 0) {
            const beta = (-DEFLECT * dot) / pn;
            for (let e = 0; e < E; e++) {
              let g = (grad[e] as number) + beta * (prevDir[e] as number);
              if (g > 0 && (lam[e] as number) <= 0) g = 0;
              grad[e] = g;
            }
          }
        }
        prevDir = grad;
        for (let e = 0; e < E; e++) norm += (grad[e] as number) ** 2 * (W[e] as number);
        if (norm < 1e-12) break;
        const step = (theta * (cur.bound - target)) / norm;
        const next = new Float64Array(E);
        for (let e = 0; e < E; e++) next[e] = Math.max(0, (lam[e] as number) - step * (grad[e] as number));
        lam = next;
        cur = lagrangian(lam, chosen, ws, r, true, r, scratch);
        if (cur.bound < wsBest.bound - 1e-9) {
          wsBest = { lam, bound: cur.bound };
          stall = 0;
        } else if (++stall >= 3) {
          theta /= 2;
          stall = 0;
          lam = wsBest.lam;
          prevDir = null;
          cur = lagrangian(lam, chosen, ws, r, true, r, scratch);
        }
      }
      done += Math.max(1, it);
      if (ws === pool) {
        if (wsBest.lam !== best.lam) {
          const f = lagrangian(wsBest.lam, chosen, pool, r, false, wsSize);
          if (f.bound < best.bound)
            best = { lam: wsBest.lam, bound: f.bound, base: f.base, u: f.u, exact: f.exact };
        }
        break;
      }
      if (wsBest.lam === best.lam) {
        // A round that found nothing better: smaller steps from the best prices so far. (Giving
        // up here left the prices of a tight n − 1, often all zeros, as n's root: a bound
        // twice the optimum and a tree of 100,000 nodes on one benchmark instance.)
        theta /= 2;
        continue;
      }
      const f = lagrangian(wsBest.lam, chosen, pool, r, false, wsSize);
      if (f.bound < best.bound)
        best = { lam: wsBest.lam, bound: f.bound, base: f.base, u: f.u, exact: f.exact };
      else theta /= 2;
      addTop(f.u);
    }
    return best;
  };

  /**
   * Cards of the pool that can still be in a completion beating `cutoff` (reduced-cost
   * fixing), sorted by u descending. `u` holds valid upper bounds (the cards' own values
   * where `exact`); a card that survives on an estimate gets its own value at `lam` and
   * is tested again.
   */
  const survivors = (
    base0: number,
    pool: readonly number[],
    u: Float64Array,
    r: number,
    cutoff: number,
    exact: Uint8Array,
    lam: Float64Array,
  ) => {
    // top (r−1) among the others: the r−1 best, or the r best minus c when c is among them.
    const top = topIndices(u, r);
    let topR1 = 0;
    for (let q = 0; q < r - 1 && q < top.length; q++) topR1 += u[top[q] as number] as number;
    const rth = r - 1 < top.length ? (u[top[r - 1] as number] as number) : 0;
    const inTop = new Set(top.slice(0, r - 1));
    // Most of a large pool fails the test: it is filtered first and only the rest sorted.
    const kept: { c: number; u: number; before: number; i: number }[] = [];
    for (let i = 0; i < pool.length; i++) {
      const before = u[i] as number;
      const rest = inTop.has(i) ? topR1 - before + rth : topR1;
      if (base0 + before + rest <= cutoff + PRUNE_EPS) continue;
      // The top r − 1 are exact already (lagrangian makes the top r exact), so `rest` stays valid.
      if (!exact[i]) {
        u[i] = cardBound(pool[i] as number, lam);
        exact[i] = 1;
        if (base0 + (u[i] as number) + rest <= cutoff + PRUNE_EPS) continue;
      }
      kept.push({ c: pool[i] as number, u: u[i] as number, before, i });
    }
    // By u descending; ties keep the order of the values before refinement, then the pool's.
    return kept.sort((a, b) => b.u - a.u || b.before - a.before || a.i - b.i);
  };

  let leafTried = 0;
  let leafPruned = 0;
  const winners: Allocation[] = [];
  let prev: Allocation = base;
  let prices: Float64Array = Float64Array.from(base.entryPrices);
  for (let n = 1; n <= maxNew; n++) {
    try {
      checkDeadline();
      const prevNew = prev.cardIndices.filter((c) => !ownedSet.has(c));
      // Incumbent: the previous winner plus the additions that look best at the current prices.
      const outside = candidates.filter((c) => !prevNew.includes(c));
      const lamInc = prev.entryPrices;
      const looks = lagrangian(lamInc, [], outside, tries, false);
      let inc: Allocation | null = null;
      for (const c of topIndices(looks.u, tries).map((i) => outside[i] as number)) {
        const a = evaluate([...prevNew, c], inc?.value);
        if (a !== null && (inc === null || a.value > inc.value)) inc = a;
      }
      // Never null: n ≤ the candidates (recommend clamps K), so `outside` is non-empty and the
      // first addition is solved without a cutoff. recommend() reads a short answer as the
      // deadline's, so a silent break here would be misreported as one.
      if (inc === null) throw new Error(`no ${n}-card set to start the search from`);
      // Root Lagrangian dual for this n (started below from the better of two price vectors).
      // Only sets closed under dominance need a search (card-dominance.ts): a card with n or
      // more dominators can never be in one of n cards.
      const closedCandidates = candidates.filter((c) => (dominators[c] as number[]).length < n);
      // Start from the better of the previous n's prices and the incumbent's own entry duals
      // (the shadow prices of its exact allocation), which are often much closer to the dual
      // optimum: on one (300,40,5) instance the n = 5 root bound came out 5× closer to the
      // optimum and the tree 4× smaller.
      const fromInc = lagrangian(inc.entryPrices, [], closedCandidates, n, false);
      const fromPrev = lagrangian(prices, [], closedCandidates, n, false);
      const rootStart = fromInc.bound <= fromPrev.bound ? inc.entryPrices : prices;
      let root = optimisePrices(rootStart, [], closedCandidates, n, inc.value, ROOT_ITERATIONS);
      // The top-n set at the root prices is often the optimum: try it (and swaps) exactly.
      const topSet = topIndices(root.u, n).map((i) => closedCandidates[i] as number);
      const t = evaluate(topSet, inc.value);
      if (t !== null && t.value > inc.value) inc = t;
      // Polish only while the root bound leaves room for a better set.
      if (swaps && root.bound > inc.value + PRUNE_EPS) {
        const view: RootView = {
          base: root.base,
          u: root.u,
          pool: closedCandidates,
          uOf: new Map(closedCandidates.map((c, i) => [c, root.u[i] as number])),
        };
        inc = improveBySwaps(inc, view);
        if (n >= 2 && root.bound > inc.value + PRUNE_EPS) inc = improveByPairs(inc, prevNew, view);
      }
      if (root.bound > inc.value + PRUNE_EPS)
        root = optimisePrices(root.lam, [], closedCandidates, n, inc.value, ROOT_ITERATIONS / 2);
      prices = root.lam;
      const kept = survivors(root.base, closedCandidates, root.u, n, inc.value, root.exact, root.lam);
      stats.rootSurvivors.push(kept.length);
      const t0 = performance.now();
      const nodes0 = stats.nodes;
      const exact0 = stats.exactEvaluations;
      const found = branchAndBound(n, kept, root.lam, inc);
      stats.perN?.push({
        n,
        rootBound: root.bound,
        incumbent: inc.value,
        optimum: found.value,
        survivors: kept.length,
        nodes: stats.nodes - nodes0,
        exactEvaluations: stats.exactEvaluations - exact0,
        ms: performance.now() - t0,
      });
      winners.push(found);
      prev = found;
    } catch (err) {
      // A caller that accepts a partial answer gets every n proven before the deadline;
      // the n being searched is dropped whole (its incumbent is not proven optimal).
      if (control.partial && err instanceof RecoTimeoutError && winners.length > 0) break;
      throw err;
    }
  }
  return { winners, base };

  /** One round of single swaps: replace each member by one of the best-looking outsiders. */
  function improveBySwaps(start: Allocation, view: RootView): Allocation {
    let inc = start;
    for (let round = 0; round < SWAP_ROUNDS; round++) {
      const members = inc.cardIndices.filter((c) => !ownedSet.has(c));
      if (members.length < 2) return inc;
      const outsiders = bestLooking(view, members, SWAP_OUTSIDERS);
      const before = inc;
      for (const drop of members)
        for (const c of outsiders) inc = tryBetter(inc, [...members.filter((m) => m !== drop), c], view);
      if (inc === before) break;
    }
    return inc;
  }

  /**
   * The previous winner with one of its cards dropped for two of the best-looking outsiders (by u
   * at the root prices): the n-card sets one card away from being a superset of it, which the
   * greedy additions and single swaps cannot reach when the winner changes shape.
   */
  function improveByPairs(start: Allocation, previous: readonly number[], view: RootView): Allocation {
    let inc = start;
    const outsiders = bestLooking(view, previous, PAIR_OUTSIDERS);
    for (const drop of previous)
      for (let a = 0; a < outsiders.length; a++)
        for (let b = a + 1; b < outsiders.length; b++) {
          const set = [...previous.filter((m) => m !== drop), outsiders[a] as number, outsiders[b] as number];
          inc = tryBetter(inc, set, view);
        }
    return inc;
  }

  /** The `count` cards of the pool with the largest u that are not in `members`. */
  function bestLooking(view: RootView, members: readonly number[], count: number): number[] {
    return view.pool
      .map((c, i) => ({ c, u: view.u[i] as number }))
      .filter((x) => !members.includes(x.c))
      .sort((a, b) => b.u - a.u)
      .slice(0, count)
      .map((x) => x.c);
  }

  /**
   * `set` when it is worth more than the incumbent, else the incumbent. The root prices bound every
   * set of the pool (base + Σ u over its cards), so a set that bound rules out needs no exact solve.
   */
  function tryBetter(inc: Allocation, set: readonly number[], view: RootView): Allocation {
    let bound = view.base;
    for (const m of set) bound += view.uOf.get(m) ?? Number.POSITIVE_INFINITY;
    if (bound <= inc.value + PRUNE_EPS) return inc;
    const a = evaluate(set, inc.value);
    return a !== null && a.value > inc.value ? a : inc;
  }

  /**
   * Branch and bound over the root survivors. A node is (F chosen, P pool, r to
   * choose); children take P[i] with pool P[i+1..] (P sorted by u descending),
   * so each r-subset of P is reached exactly once. At every node the prices are
   * re-optimised, the pool is filtered by reduced-cost fixing, and the loop over
   * children stops at the first whose bound cannot beat the incumbent.
   */
  function branchAndBound(n: number, kept: readonly { c: number }[], lam0: Float64Array, start: Allocation) {
    let inc = start;
    const chosen: number[] = [];
    const node = (r: number, lam: Float64Array, pool: readonly number[]): void => {
      stats.nodes++;
      checkDeadline();
      if (pool.length < r) return;
      if (r === 0) {
        leaf(lam);
        return;
      }
      const res =
        chosen.length === 0
          ? lagrangian(lam, chosen, pool, r, false)
          : optimisePrices(lam, chosen, pool, r, inc.value, NODE_ITERATIONS);
      const useLam = res.lam;
      const list = survivors(res.base, pool, res.u, r, inc.value, res.exact, useLam);
      // One card left: the chosen set's own LP duals λ_F give a second bound per child,
      // Σλ_F m + Σ_{O∪F} u(λ_F) + u_c(λ_F), for one card LP each. Neither bound dominates
      // (λ_F ignores the new card's competition; the node's prices average over all of
      // them), so a child goes on only if both leave room. Worth the LP when several remain.
      // A third bound comes from the chosen set's own branch and bound (boxesBound): it removes
      // the chosen set's integrality gap, which at large n exceeds what one more card adds.
      let lamF: Float64Array | null = null;
      let baseF = 0;
      let boxes: TerminalBox[] = [];
      for (let i = 0; i + r <= list.length; i++) {
        let bound = res.base;
        for (let q = i; q < i + r; q++) bound += (list[q] as { u: number }).u;
        // u is sorted descending, so every later child is bounded by this one.
        if (bound <= inc.value + PRUNE_EPS) break;
        const c = (list[i] as { c: number }).c;
        if (!closable(c, i, list, r)) continue;
        if (r === 1) {
          const above = lamF === null ? childrenAbove(list, res.base, inc.value, i) : 0;
          if (lamF === null && above >= chosenDualsMin) {
            lamF = new Float64Array(E);
            boxes = [];
            // Every child the loop can still reach: the boxes dropped as useless are useless for them.
            const kids = list.slice(i, i + above).map((x) => x.c);
            const cut = inc.value;
            solveAllocation(
              ci,
              [...owned, ...chosen],
              ownedSet,
              Number.NEGATIVE_INFINITY,
              lamF,
              boxes,
              (value, prices) => kids.some((k) => boxTerm(value, k, prices) > cut + PRUNE_EPS),
            );
            // Highest first: a child that cannot be ruled out fails on the first box.
            boxes.sort((a, b) => b.value - a.value);
            stats.chosenSetSolves = (stats.chosenSetSolves ?? 0) + 1;
            stats.chosenSetBoxes = (stats.chosenSetBoxes ?? 0) + boxes.length;
            baseF = fixedPart(lamF, chosen);
          }
          if (lamF !== null && baseF + cardBound(c, lamF) <= inc.value + PRUNE_EPS) continue;
          // No box left means no child gains anywhere over the chosen set's threshold binaries.
          if (lamF !== null && boxesBound(boxes, c, inc.value) <= inc.value + PRUNE_EPS) continue;
        }
        chosen.push(c);
        node(
          r - 1,
          useLam,
          list.slice(i + 1).map((x) => x.c),
        );
        chosen.pop();
      }
    };
    /**
     * Bound of O ∪ F ∪ {c} from the chosen set's branch and bound: its terminal boxes partition
     * the chosen cards' threshold binaries, and within box b, LP_b(F ∪ c) ≤ LP_b(F) + g_c(λ_b)
     * (λ_b, b's entry duals, make the partial Lagrangian of LP_b(F) exact, and adding c's
     * columns adds at most c's own Lagrangian term). Stops as soon as one box exceeds `cutoff`.
     */
    const boxesBound = (list: readonly TerminalBox[], c: number, cutoff: number): number => {
      let worst = Number.NEGATIVE_INFINITY;
      for (const b of list) {
        const v = boxTerm(b.value, c, b.prices, cutoff);
        if (v > worst) worst = v;
        if (worst > cutoff + PRUNE_EPS) break;
      }
      return worst;
    };
    /** value + c's term at the box's prices: the lazy estimate, or c's own LP where the estimate exceeds `cutoff`. */
    const boxTerm = (value: number, c: number, prices: Float64Array, cutoff = inc.value): number => {
      const v = value + upperU(c, prices, false);
      return v > cutoff + PRUNE_EPS && !lazyExact ? value + cardBound(c, prices, null, false) : v;
    };
    /** How many children from list[from] on still have a bound above the cutoff (u sorted descending). */
    const childrenAbove = (
      list: readonly { u: number }[],
      base0: number,
      cutoff: number,
      from: number,
    ): number => {
      let k = 0;
      for (let q = from; q < list.length && base0 + (list[q] as { u: number }).u > cutoff + PRUNE_EPS; q++)
        k++;
      return k;
    };
    /**
     * Whether a set closed under dominance can take list[i] here: each of its dominators is
     * chosen already or still ahead in the list, and the ones ahead fit in the r − 1 left.
     */
    const closable = (c: number, i: number, list: readonly { c: number }[], r: number): boolean => {
      const doms = dominators[c] as number[];
      if (doms.length === 0) return true;
      let needed = 0;
      for (const a of doms) {
        if (chosen.includes(a)) continue;
        let ahead = false;
        for (let j = i + 1; j < list.length && !ahead; j++) ahead = (list[j] as { c: number }).c === a;
        if (!ahead || ++needed > r - 1) return false;
      }
      return true;
    };
    const leaf = (lam: Float64Array): void => {
      for (const c of chosen) for (const a of dominators[c] as number[]) if (!chosen.includes(a)) return;
      // The set's own Lagrangian bound (a few steps from the parent's prices) first;
      // the exact solve then starts with the set's LP relaxation and stops there when it cannot win.
      // Adaptive: the filter is skipped while it rarely prunes (it never affects exactness).
      if (leafTried < 20 || leafPruned >= 0.25 * leafTried) {
        leafTried++;
        const own = optimisePrices(lam, chosen, [], 0, inc.value, LEAF_ITERATIONS);
        if (own.bound <= inc.value + PRUNE_EPS) {
          leafPruned++;
          (stats.leavesPrunedByBound as number)++;
          return;
        }
      }
      const a = evaluate(chosen, inc.value);
      if (a !== null && a.value > inc.value) inc = a;
    };
    node(
      n,
      lam0,
      kept.map((x) => x.c),
    );
    return inc;
  }
}

interface PriceResult {
  lam: Float64Array;
  bound: number;
  base: number;
  /** Valid upper bounds of each pool card's term at lam; `exact` marks the cards' own values. */
  u: Float64Array;
  exact: Uint8Array;
}

/** The root of one n as the incumbent's polishing sees it: its bound's base and each pool card's u. */
interface RootView {
  readonly base: number;
  readonly u: Float64Array;
  readonly pool: readonly number[];
  readonly uOf: ReadonlyMap<number, number>;
}

/** Buffers a subgradient run reuses across its steps. */
interface Scratch {
  readonly u: Float64Array;
  readonly exact: Uint8Array;
  readonly demand: Float64Array;
  readonly dirA: Float64Array;
  readonly dirB: Float64Array;
}

/** Indices of the r largest of the first `len` values (ties by lower index). */
function topIndices(u: Float64Array, r: number, len = u.length): number[] {
  if (r <= 0) return [];
  const idx: number[] = [];
  for (let i = 0; i < len; i++) {
    const v = u[i] as number;
    if (idx.length < r) {
      idx.push(i);
      for (let p = idx.length - 1; p > 0 && (u[idx[p - 1] as number] as number) < v; p--) {
        idx[p] = idx[p - 1] as number;
        idx[p - 1] = i;
      }
      continue;
    }
    if (v <= (u[idx[r - 1] as number] as number)) continue;
    idx[r - 1] = i;
    for (let p = r - 1; p > 0 && (u[idx[p - 1] as number] as number) < v; p--) {
      idx[p] = idx[p - 1] as number;
      idx[p - 1] = i;
    }
  }
  return idx;
}
