import {
  type ActiveThresholds,
  activeThresholds,
  type CompiledInstance,
  type SpendOption,
} from './compile-instance.ts';
import { type LpRow, Tableau } from './lp/simplex.ts';

/** Numerical policy: spend counts toward a threshold when within this many rupees of it. */
export const THRESHOLD_SLACK_INR = 1e-6;
/** B&B prunes a node only when its LP bound is below the cutoff by more than this. */
const BOUND_EPS = 1e-7;
const INTEGRAL_TOL = 1e-9;

export interface PlacedSpend {
  readonly cardIndex: number;
  readonly entryIndex: number;
  readonly option: SpendOption;
  readonly amount: number;
}

export interface CardSummary {
  readonly cardIndex: number;
  readonly owned: boolean;
  readonly spend: number;
  readonly rewards: number;
  readonly milestoneBonus: number;
  readonly feeCost: number;
  readonly feeWaived: boolean;
  readonly capsReached: readonly string[];
  readonly milestonesReached: readonly number[];
}

/** A terminal node of the fixed-set branch and bound: its LP value and its entry duals. */
export interface TerminalBox {
  readonly value: number;
  readonly prices: Float64Array;
}

export interface Allocation {
  /** Monthly savings of the combination (unrounded). */
  readonly value: number;
  readonly cardIndices: readonly number[];
  readonly placements: readonly PlacedSpend[];
  readonly cards: readonly CardSummary[];
  /** Shadow price of each entry's spend in the optimal allocation (0 for entries no card can hold). */
  readonly entryPrices: Float64Array;
}

interface VarInfo {
  readonly cardPos: number;
  readonly entryIndex: number;
  readonly option: SpendOption;
}

interface LevelVar {
  readonly cardPos: number;
  readonly monthly: number;
  readonly gain: number;
}

/**
 * The exact optimum of reward-model.md §3 for a fixed set of cards: an LP over
 * spend with one binary per distinct waiver/milestone threshold of each card,
 * solved by depth-first branch and bound on those binaries. The LP relaxation
 * (binaries in [0, 1]) is a valid upper bound of every node, so a node is
 * dropped only when it cannot beat the incumbent; leaves are integral.
 *
 * `cutoff`: when given, returns null unless the combination is worth more than
 * it (lets the combination search skip sets that cannot win).
 *
 * `pricesOut`: when given, the LP relaxation's entry-row duals (the shadow price of each
 * entry's spend, 0 for entries no card can hold) are written there, and unless `boxesOut`
 * is given too, null is returned without branching. The search uses them as Lagrangian prices.
 *
 * `boxesOut`: when given, receives every terminal node of the branch and bound (a leaf with
 * integral binaries, or a node cut by its bound; infeasible nodes hold no allocation) with its
 * LP value (plus a tolerance margin) and entry duals. The terminal nodes' boxes of threshold
 * binaries partition all of them, which is what lets the search bound any superset of this
 * set (README §4, step 5).
 * `boxMatters(value, prices)`, when given, is asked at every node before it branches: false
 * means the caller's supersets gain nothing there, and the node is dropped unrecorded (the
 * returned allocation is then not this set's optimum; only the boxes are meant to be used).
 */
export function solveAllocation(
  ci: CompiledInstance,
  cardIndices: readonly number[],
  owned: ReadonlySet<number>,
  cutoff = Number.NEGATIVE_INFINITY,
  pricesOut?: Float64Array,
  boxesOut?: TerminalBox[],
  boxMatters?: (value: number, prices: Float64Array) => boolean,
): Allocation | null {
  const vars: VarInfo[] = [];
  const levels: LevelVar[] = [];
  let constant = 0;
  const cardLevels = cardIndices.map((ci2, pos) => {
    const card = ci.cards[ci2];
    if (card === undefined) throw new Error(`card index ${ci2} out of range`);
    const isOwned = owned.has(ci2);
    const act = activeThresholds(card, isOwned);
    constant += act.constantGain - (isOwned ? 0 : card.feeMonthly);
    for (let k = 0; k < act.levels.length; k++) {
      const l = act.levels[k] as ActiveThresholds['levels'][number];
      levels.push({ cardPos: pos, monthly: l.monthly, gain: l.gain });
    }
    return act.levels.length;
  });

  const entryVars: number[][] = ci.entries.map(() => []);
  cardIndices.forEach((cIdx, pos) => {
    const card = ci.cards[cIdx];
    if (card === undefined) return;
    const needsFiller = (cardLevels[pos] as number) > 0;
    card.options.forEach((opts, e) => {
      const em = ci.entries[e];
      if (opts === null || em === undefined || em.monthly <= 0) return;
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i] as SpendOption;
        if (o.rate <= 0 && !needsFiller) continue;
        (entryVars[e] as number[]).push(vars.length);
        vars.push({ cardPos: pos, entryIndex: e, option: o });
      }
    });
  });

  const nx = vars.length;
  const nz = levels.length;
  const numVars = nx + nz;
  const objective = new Float64Array(numVars);
  const lower = new Float64Array(numVars);
  const upper = new Float64Array(numVars);
  vars.forEach((v, j) => {
    objective[j] = v.option.rate;
    upper[j] = (ci.entries[v.entryIndex] as { monthly: number }).monthly;
  });
  levels.forEach((l, k) => {
    objective[nx + k] = l.gain;
    upper[nx + k] = 1;
  });

  const rows: LpRow[] = [];
  const entryRow = new Int32Array(ci.entries.length).fill(-1);
  entryVars.forEach((js, e) => {
    if (js.length === 0) return;
    entryRow[e] = rows.length;
    rows.push({ idx: js, val: js.map(() => 1), rhs: (ci.entries[e] as { monthly: number }).monthly });
  });
  cardIndices.forEach((cIdx, pos) => {
    const card = ci.cards[cIdx];
    if (card === undefined) return;
    card.caps.forEach((cap, g) => {
      // A cap no allocation can reach never binds (CardModel.capBinds).
      if (card.capBinds[g] !== 1) return;
      const idx: number[] = [];
      const val: number[] = [];
      vars.forEach((v, j) => {
        if (v.cardPos === pos && v.option.caps.includes(g)) {
          idx.push(j);
          val.push(v.option.rate);
        }
      });
      if (idx.length > 0) rows.push({ idx, val, rhs: cap.cap });
    });
  });
  // Thresholds of one card, ascending t_1 < … < t_K with binaries z_k: the staircase
  //   Σ_k (t_k − t_{k−1}) z_k ≤ spend,   z_K ≤ … ≤ z_1
  // instead of t_k z_k ≤ spend for each k. Both have the same integral points that matter
  // (reaching t_k means reaching every lower level, and each gain is positive, so some optimum
  // has z ordered), and t_k z_k ≤ spend follows from the staircase with the order. The LP
  // relaxation, though, is the concave envelope of the card's step gains instead of letting
  // every level claim spend / t_k of its gain at once: far fewer branches.
  const cardSpendIdx = cardIndices.map(() => [] as number[]);
  vars.forEach((v, j) => {
    (cardSpendIdx[v.cardPos] as number[]).push(j);
  });
  for (let k = 0; k < nz; k++) {
    const l = levels[k] as LevelVar;
    if (k > 0 && (levels[k - 1] as LevelVar).cardPos === l.cardPos) continue;
    const idx: number[] = [];
    const val: number[] = [];
    let prevT = 0;
    for (let q = k; q < nz && (levels[q] as LevelVar).cardPos === l.cardPos; q++) {
      const lq = levels[q] as LevelVar;
      idx.push(nx + q);
      val.push(lq.monthly - prevT);
      prevT = lq.monthly;
      if (q > k) rows.push({ idx: [nx + q, nx + q - 1], val: [1, -1], rhs: 0 });
    }
    const spendIdx = cardSpendIdx[l.cardPos] as number[];
    for (let q = 0; q < spendIdx.length; q++) {
      idx.push(spendIdx[q] as number);
      val.push(-1);
    }
    rows.push({ idx, val, rhs: 0 });
  }

  let bestValue = cutoff;
  let bestX: Float64Array | null = null;
  let bestPrices: Float64Array | null = null;

  // A box's value must bound its partial Lagrangian at its duals, which exceeds the LP point's
  // value by at most the reduced-cost tolerance over every column's range (spend columns and
  // slacks alike: a slack is at most its row's right-hand side or, on a staircase row, the
  // set's whole spend), so that much is added.
  let boxMargin = 0;
  if (boxesOut !== undefined) {
    let ranges = 0;
    for (let j = 0; j < numVars; j++) ranges += upper[j] as number;
    for (const r of rows) ranges += Math.max(0, r.rhs) + 1;
    let spend = 0;
    for (const e of ci.entries) spend += e.monthly;
    ranges += (cardIndices.length + 1) * spend;
    boxMargin = 1e-7 + 3e-9 * ranges;
  }
  const entryDuals = (t: Tableau): Float64Array => {
    const duals = new Float64Array(rows.length);
    t.rowDuals(duals);
    const prices = new Float64Array(ci.entries.length);
    for (let e = 0; e < prices.length; e++) {
      const r = entryRow[e] as number;
      if (r >= 0) prices[e] = duals[r] as number;
    }
    return prices;
  };
  const terminal = (t: Tableau, value: number): void => {
    if (boxesOut !== undefined) boxesOut.push({ value: value + boxMargin, prices: entryDuals(t) });
  };
  /**
   * Depth-first over the threshold binaries. The root LP is solved once; each branch
   * copies its parent's optimal tableau, fixes one binary and returns to optimality by
   * the dual simplex (a few pivots instead of a solve from scratch).
   */
  const explore = (t: Tableau): void => {
    const x = new Float64Array(numVars);
    const bound = t.primal(x) + constant;
    if (bound <= bestValue + BOUND_EPS) {
      terminal(t, bound);
      return;
    }
    // The caller's test: a box no superset of interest can gain from needs neither branching nor a record.
    if (boxMatters !== undefined && !boxMatters(bound + boxMargin, entryDuals(t))) return;
    // Branch on the fractional binary with the largest gain × fractionality: the gain is what
    // the relaxation over-claims on it, so the bounds of its two branches fall furthest. (Most
    // fractional alone ignored gains: on the demo catalogue at k = 10, where sets of ten cards
    // with waivers are solved to prove they cannot win, this branches 38% less.)
    let branch = -1;
    let score = 0;
    for (let k = 0; k < nz; k++) {
      const z = x[nx + k] as number;
      const f = Math.min(z, 1 - z);
      if (f <= INTEGRAL_TOL) continue;
      const sc = f * (levels[k] as LevelVar).gain;
      if (branch < 0 || sc > score) {
        score = sc;
        branch = nx + k;
      }
    }
    if (branch < 0) {
      terminal(t, bound);
      const value = exactValue(x);
      if (value > bestValue) {
        bestValue = value;
        bestX = x;
        bestPrices = entryDuals(t);
      }
      return;
    }
    const other = t.clone();
    t.setBounds(branch, 1, upper[branch] as number);
    settle(t, 'up');
    other.setBounds(branch, lower[branch] as number, 0);
    settle(other, 'down');
  };
  const settle = (t: Tableau, side: string): void => {
    const st = t.reoptimise();
    if (st === 'optimal') explore(t);
    else if (st !== 'infeasible') throw new Error(`allocation LP (${side} branch) ended with status ${st}`);
  };

  // The value of an integral LP point recomputed from its spend: rewards plus the
  // gain of every threshold the spend actually reaches.
  const exactValue = (x: Float64Array): number => {
    let v = constant;
    const spend = new Float64Array(cardIndices.length);
    for (let j = 0; j < nx; j++) {
      const info = vars[j] as VarInfo;
      v += info.option.rate * (x[j] as number);
      spend[info.cardPos] = (spend[info.cardPos] as number) + (x[j] as number);
    }
    for (let k = 0; k < levels.length; k++) {
      const l = levels[k] as LevelVar;
      if ((spend[l.cardPos] as number) >= l.monthly - THRESHOLD_SLACK_INR) v += l.gain;
    }
    return v;
  };

  const root = new Tableau({ numVars, lower, upper, rows });
  if (root.phase1 === 'optimal') {
    const st = root.optimise(objective);
    if (st === 'optimal' && pricesOut !== undefined) {
      pricesOut.set(entryDuals(root));
      if (boxesOut === undefined) return null;
    }
    if (st === 'optimal') explore(root);
    else if (st !== 'infeasible') throw new Error(`allocation LP ended with status ${st}`);
  } else if (root.phase1 !== 'infeasible') throw new Error(`allocation LP ended with status ${root.phase1}`);
  if (bestX === null || bestPrices === null) return null;
  const x: Float64Array = bestX;
  const entryPrices: Float64Array = bestPrices;
  const placements: PlacedSpend[] = [];
  for (let j = 0; j < nx; j++) {
    const amount = x[j] as number;
    if (amount <= 1e-9) continue;
    const v = vars[j] as VarInfo;
    placements.push({
      cardIndex: cardIndices[v.cardPos] as number,
      entryIndex: v.entryIndex,
      option: v.option,
      amount,
    });
  }
  const cards = summarizeCards(ci, cardIndices, owned, placements);
  const value = cards.reduce((s, c) => s + c.rewards + c.milestoneBonus - c.feeCost, 0);
  return { value, cardIndices: [...cardIndices], placements, cards, entryPrices };
}

/**
 * Per card: what its placed spend earns and which thresholds it reaches. This
 * recomputes savings from the allocation alone, so the reported value can never
 * claim more than the allocation delivers.
 */
export function summarizeCards(
  ci: CompiledInstance,
  cardIndices: readonly number[],
  owned: ReadonlySet<number>,
  placements: readonly PlacedSpend[],
): CardSummary[] {
  return cardIndices.map((cIdx) => {
    const card = ci.cards[cIdx];
    if (card === undefined) throw new Error(`card index ${cIdx} out of range`);
    const isOwned = owned.has(cIdx);
    let spend = 0;
    let rewards = 0;
    const capLoad = new Float64Array(card.caps.length);
    for (const p of placements) {
      if (p.cardIndex !== cIdx) continue;
      spend += p.amount;
      rewards += p.option.rate * p.amount;
      for (const g of p.option.caps) capLoad[g] = (capLoad[g] as number) + p.option.rate * p.amount;
    }
    const reached = (annual: number): boolean => spend >= annual / 12 - THRESHOLD_SLACK_INR;
    const milestonesReached = card.card.milestones
      .filter((m) => reached(m.annual_spend))
      .map((m) => m.annual_spend);
    const milestoneBonus = card.card.milestones
      .filter((m) => reached(m.annual_spend))
      .reduce((s, m) => s + m.bonus_inr / 12, 0);
    const waiver = card.card.fee_waiver_annual_spend;
    const feeWaived = !isOwned && card.feeMonthly > 0 && waiver !== null && reached(waiver);
    const feeCost = isOwned || feeWaived ? 0 : card.feeMonthly;
    const capsReached = card.caps.filter((c, g) => (capLoad[g] as number) >= c.cap - 1e-6).map((c) => c.id);
    return {
      cardIndex: cIdx,
      owned: isOwned,
      spend,
      rewards,
      milestoneBonus,
      feeCost,
      feeWaived,
      capsReached,
      milestonesReached,
    };
  });
}
