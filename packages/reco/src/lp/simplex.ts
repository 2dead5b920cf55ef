/**
 * A small dense bounded-variable primal simplex for
 *
 *   max c·x  s.t.  A x ≤ b,  lo ≤ x ≤ hi   (lo finite, hi may be +∞)
 *
 * Sizes here are tens of rows and a few hundred columns, so a dense tableau is
 * both simpler and faster than a factorised revised simplex. Numerical policy:
 * every quantity is in rupees or rupees-per-rupee (well scaled), pivots smaller
 * than PIVOT_TOL are never taken, and Bland's rule takes over after a run of
 * degenerate pivots so the method always terminates.
 */

export interface LpRow {
  /** Column indices of the non-zero coefficients. */
  readonly idx: readonly number[];
  readonly val: readonly number[];
  readonly rhs: number;
}

export interface LinearProgram {
  readonly numVars: number;
  readonly objective: ArrayLike<number>;
  readonly lower: ArrayLike<number>;
  readonly upper: ArrayLike<number>;
  readonly rows: readonly LpRow[];
}

export type LpStatus = 'optimal' | 'infeasible' | 'unbounded' | 'iteration_limit';

export interface LpSolution {
  readonly status: LpStatus;
  readonly objective: number;
  readonly x: Float64Array;
  /** Shadow price of each row (≥ 0 for a ≤ row of a maximisation). */
  readonly rowDuals: Float64Array;
}

const PIVOT_TOL = 1e-9;
const COST_TOL = 1e-9;
const FEAS_TOL = 1e-7;
const DEGENERATE_RUN_BEFORE_BLAND = 50;

export function solveLp(lp: LinearProgram): LpSolution {
  const t = new Tableau(lp);
  if (t.phase1 !== 'optimal') return failure(t.phase1, lp.numVars, lp.rows.length);
  const st = t.optimise(lp.objective);
  if (st !== 'optimal') return failure(st, lp.numVars, lp.rows.length);
  const x = new Float64Array(lp.numVars);
  const objective = t.primal(x);
  const rowDuals = new Float64Array(lp.rows.length);
  t.rowDuals(rowDuals);
  return { status: 'optimal', objective, x, rowDuals };
}

/**
 * A feasible basis kept between solves of LPs that share their constraints and
 * bounds and differ only in the objective (a card's own subproblem at new entry
 * prices, README "Per-card bound"). The constructor runs phase 1 once; each
 * `optimise` re-prices the current basis (still primal feasible, since the
 * feasible region never changes) and pivots to the new optimum, which usually
 * takes a handful of pivots instead of a solve from scratch.
 */
export class Tableau {
  readonly phase1: LpStatus;
  private readonly s: TableauState;
  private readonly objective: Float64Array;

  constructor(lp: Omit<LinearProgram, 'objective'>) {
    const n = lp.numVars;
    const m = lp.rows.length;
    // Residual of each row with every structural column at its lower bound decides
    // whether the slack can start basic or an artificial column is needed.
    const residual = new Float64Array(m);
    let numArt = 0;
    for (let i = 0; i < m; i++) {
      const row = lp.rows[i] as LpRow;
      let r = row.rhs;
      for (let k = 0; k < row.idx.length; k++)
        r -= (row.val[k] as number) * (lp.lower[row.idx[k] as number] as number);
      residual[i] = r;
      if (r < -FEAS_TOL) numArt++;
    }

    const cols = n + m + numArt;
    const lo = new Float64Array(cols);
    const hi = new Float64Array(cols);
    for (let j = 0; j < n; j++) {
      lo[j] = lp.lower[j] as number;
      hi[j] = lp.upper[j] as number;
    }
    for (let j = n; j < cols; j++) hi[j] = Number.POSITIVE_INFINITY;

    const tab: Float64Array[] = new Array(m);
    const basis = new Int32Array(m);
    const beta = new Float64Array(m);
    const isBasic = new Uint8Array(cols);
    const atUpper = new Uint8Array(cols);
    let art = n + m;
    // One block for the whole tableau: a single allocation instead of one per row.
    const block = new Float64Array(m * cols);
    for (let i = 0; i < m; i++) {
      const row = lp.rows[i] as LpRow;
      const t = block.subarray(i * cols, (i + 1) * cols);
      const r = residual[i] as number;
      if (r < -FEAS_TOL) {
        // Row negated so the artificial enters the basis with coefficient +1.
        for (let k = 0; k < row.idx.length; k++) t[row.idx[k] as number] = -(row.val[k] as number);
        t[n + i] = -1;
        t[art] = 1;
        basis[i] = art;
        beta[i] = -r;
        isBasic[art] = 1;
        art++;
      } else {
        for (let k = 0; k < row.idx.length; k++) t[row.idx[k] as number] = row.val[k] as number;
        t[n + i] = 1;
        basis[i] = n + i;
        beta[i] = Math.max(0, r);
        isBasic[n + i] = 1;
      }
      tab[i] = t;
    }

    const d = new Float64Array(cols);
    const cost = new Float64Array(cols);
    const sgn = new Float64Array(cols);
    this.s = { n, m, cols, tab, basis, beta, isBasic, atUpper, lo, hi, d, cost, sgn };
    for (let j = 0; j < cols; j++) resetSign(this.s, j);
    this.objective = new Float64Array(n);
    this.phase1 = 'optimal';
    if (numArt > 0) {
      for (let j = n + m; j < cols; j++) cost[j] = -1;
      computeReducedCosts(this.s);
      const st = iterate(this.s);
      if (st !== 'optimal') {
        this.phase1 = st === 'unbounded' ? 'infeasible' : st;
        return;
      }
      let infeas = 0;
      for (let i = 0; i < m; i++) if ((basis[i] as number) >= n + m) infeas += beta[i] as number;
      if (infeas > FEAS_TOL * Math.max(1, m)) {
        this.phase1 = 'infeasible';
        return;
      }
      // Artificials are pinned at zero; any left basic (degenerately) can never move.
      for (let j = n + m; j < cols; j++) {
        hi[j] = 0;
        cost[j] = 0;
        resetSign(this.s, j);
      }
    }
  }

  /** Maximises `objective` from the current basis. Only valid after a successful phase 1. */
  optimise(objective: ArrayLike<number>): LpStatus {
    const { cost, n } = this.s;
    for (let j = 0; j < n; j++) {
      const c = objective[j] as number;
      cost[j] = c;
      this.objective[j] = c;
    }
    computeReducedCosts(this.s);
    return iterate(this.s);
  }

  /** An independent copy (branch and bound keeps one per open branch). */
  clone(): Tableau {
    const c = Object.create(Tableau.prototype) as Tableau;
    const s = this.s;
    const block = new Float64Array(s.m * s.cols);
    const tab: Float64Array[] = new Array(s.m);
    for (let i = 0; i < s.m; i++) {
      const row = block.subarray(i * s.cols, (i + 1) * s.cols);
      row.set(s.tab[i] as Float64Array);
      tab[i] = row;
    }
    const state: TableauState = {
      n: s.n,
      m: s.m,
      cols: s.cols,
      tab,
      basis: s.basis.slice(),
      beta: s.beta.slice(),
      isBasic: s.isBasic.slice(),
      atUpper: s.atUpper.slice(),
      lo: s.lo.slice(),
      hi: s.hi.slice(),
      d: s.d.slice(),
      cost: s.cost.slice(),
      sgn: s.sgn.slice(),
    };
    Object.assign(c, { phase1: this.phase1, s: state, objective: this.objective.slice() });
    return c;
  }

  /**
   * New bounds for structural column j after an optimal solve; `reoptimise` then restores
   * optimality. A nonbasic column moves to the bound its reduced cost asks for and the
   * basic values follow; a basic one keeps its value, possibly outside the new bounds.
   */
  setBounds(j: number, lower: number, upper: number): void {
    const s = this.s;
    const { tab, beta, isBasic, atUpper, lo, hi, d, m } = s;
    if (isBasic[j]) {
      lo[j] = lower;
      hi[j] = upper;
      return;
    }
    const before = atUpper[j] ? (hi[j] as number) : (lo[j] as number);
    lo[j] = lower;
    hi[j] = upper;
    const wantsUpper = (d[j] as number) > 0 && upper !== Number.POSITIVE_INFINITY;
    atUpper[j] = wantsUpper ? 1 : 0;
    resetSign(s, j);
    const after = wantsUpper ? upper : lower;
    const shift = after - before;
    if (shift !== 0)
      for (let i = 0; i < m; i++) {
        const a = (tab[i] as Float64Array)[j] as number;
        if (a !== 0) beta[i] = (beta[i] as number) - a * shift;
      }
  }

  /** After `setBounds`: dual simplex back to feasibility, then primal simplex for any drift. */
  reoptimise(): LpStatus {
    const st = dualIterate(this.s);
    if (st !== 'optimal') return st;
    return iterate(this.s);
  }

  /** Writes the current primal point into `x` (length n) and returns its objective value. */
  primal(x: Float64Array): number {
    const { n, m, basis, beta, atUpper, lo, hi } = this.s;
    for (let j = 0; j < n; j++) x[j] = atUpper[j] ? (hi[j] as number) : (lo[j] as number);
    for (let i = 0; i < m; i++) {
      const b = basis[i] as number;
      if (b < n) x[b] = Math.min(hi[b] as number, Math.max(lo[b] as number, beta[i] as number));
    }
    let objective = 0;
    for (let j = 0; j < n; j++) objective += (this.objective[j] as number) * (x[j] as number);
    return objective;
  }

  /** Shadow price of each row (≥ 0 for a ≤ row of a maximisation). */
  rowDuals(out: Float64Array): void {
    const { n, m, isBasic, d } = this.s;
    for (let i = 0; i < m; i++) out[i] = isBasic[n + i] ? 0 : Math.max(0, -(d[n + i] as number));
  }
}

interface TableauState {
  n: number;
  m: number;
  cols: number;
  tab: Float64Array[];
  basis: Int32Array;
  beta: Float64Array;
  isBasic: Uint8Array;
  atUpper: Uint8Array;
  lo: Float64Array;
  hi: Float64Array;
  d: Float64Array;
  cost: Float64Array;
  /**
   * Per column, the sign that turns its reduced cost into the objective's gain from moving it
   * off its bound: +1 at its lower bound, −1 at its upper, 0 when basic or fixed (lo = hi).
   * Pricing scans every column on every pivot; one array read instead of four is most of it.
   */
  sgn: Float64Array;
}

/** Recomputes column j's pricing sign from its basic flag, bounds and side. */
function resetSign(s: TableauState, j: number): void {
  s.sgn[j] = s.isBasic[j] || (s.hi[j] as number) - (s.lo[j] as number) <= 0 ? 0 : s.atUpper[j] ? -1 : 1;
}

/**
 * The pivot row's non-zero columns, one buffer for every pivot (pivots never nest). A list per
 * pivot, emptied by `length = 0` (which drops its storage) and refilled by push, was a fifth of
 * all the engine allocated: tens of thousands of card LPs a request, a few pivots each.
 */
let NZ = new Int32Array(256);

function failure(status: LpStatus, n: number, m: number): LpSolution {
  return { status, objective: Number.NaN, x: new Float64Array(n), rowDuals: new Float64Array(m) };
}

function computeReducedCosts(s: TableauState): void {
  const { d, cost, tab, basis, cols, m } = s;
  for (let j = 0; j < cols; j++) d[j] = cost[j] as number;
  for (let i = 0; i < m; i++) {
    const cb = cost[basis[i] as number] as number;
    if (cb === 0) continue;
    const t = tab[i] as Float64Array;
    for (let j = 0; j < cols; j++) {
      const v = t[j] as number;
      if (v !== 0) d[j] = (d[j] as number) - cb * v;
    }
  }
  for (let i = 0; i < m; i++) d[basis[i] as number] = 0;
}

function iterate(s: TableauState): LpStatus {
  const { tab, basis, beta, atUpper, lo, hi, d, sgn, cols, m } = s;
  const maxIter = 50 * (m + cols) + 1000;
  let degenerateRun = 0;
  for (let iter = 0; iter < maxIter; iter++) {
    const bland = degenerateRun > DEGENERATE_RUN_BEFORE_BLAND;
    // Pricing: most attractive reduced cost (Dantzig), or the first one (Bland).
    let enter = -1;
    let best = COST_TOL;
    for (let j = 0; j < cols; j++) {
      // 0 for basic and fixed columns, so never above best (≥ COST_TOL).
      const gain = (sgn[j] as number) * (d[j] as number);
      if (gain > best) {
        best = gain;
        enter = j;
        if (bland) break;
      }
    }
    if (enter < 0) return 'optimal';
    const dir = atUpper[enter] ? -1 : 1;

    // Ratio test, bound flip of the entering column included.
    let theta = (hi[enter] as number) - (lo[enter] as number);
    let leave = -1;
    let leaveToUpper = false;
    let leaveAlpha = 0;
    for (let i = 0; i < m; i++) {
      const alpha = ((tab[i] as Float64Array)[enter] as number) * dir;
      if (alpha > PIVOT_TOL) {
        const b = basis[i] as number;
        const lim = Math.max(0, ((beta[i] as number) - (lo[b] as number)) / alpha);
        if (
          lim < theta - 1e-12 ||
          (lim <= theta + 1e-12 && leave >= 0 && better(alpha, leaveAlpha, b, basis, leave, bland))
        ) {
          theta = lim;
          leave = i;
          leaveToUpper = false;
          leaveAlpha = alpha;
        }
      } else if (alpha < -PIVOT_TOL) {
        const b = basis[i] as number;
        const h = hi[b] as number;
        if (h === Number.POSITIVE_INFINITY) continue;
        const lim = Math.max(0, (h - (beta[i] as number)) / -alpha);
        if (
          lim < theta - 1e-12 ||
          (lim <= theta + 1e-12 && leave >= 0 && better(-alpha, leaveAlpha, b, basis, leave, bland))
        ) {
          theta = lim;
          leave = i;
          leaveToUpper = true;
          leaveAlpha = -alpha;
        }
      }
    }
    if (theta === Number.POSITIVE_INFINITY) return 'unbounded';
    degenerateRun = theta <= 1e-12 ? degenerateRun + 1 : 0;

    const step = theta * dir;
    if (step !== 0) {
      for (let i = 0; i < m; i++) {
        const a = (tab[i] as Float64Array)[enter] as number;
        if (a !== 0) beta[i] = (beta[i] as number) - a * step;
      }
    }
    if (leave < 0) {
      atUpper[enter] = atUpper[enter] ? 0 : 1;
      sgn[enter] = -(sgn[enter] as number);
      continue;
    }

    const enterValue = (atUpper[enter] ? (hi[enter] as number) : (lo[enter] as number)) + step;
    exchange(s, leave, enter, leaveToUpper, enterValue);
  }
  return 'iteration_limit';
}

/**
 * Basis exchange shared by the primal and the dual simplex: the basic variable of row
 * `leave` goes to the bound it reached (upper when `leaveToUpper`), `enter` becomes basic
 * in its place with value `enterValue` (the other basic values were already moved), and
 * the tableau is pivoted on (leave, enter).
 */
function exchange(
  s: TableauState,
  leave: number,
  enter: number,
  leaveToUpper: boolean,
  enterValue: number,
): void {
  const { basis, beta, isBasic, atUpper } = s;
  const leaving = basis[leave] as number;
  isBasic[leaving] = 0;
  atUpper[leaving] = leaveToUpper ? 1 : 0;
  isBasic[enter] = 1;
  atUpper[enter] = 0;
  basis[leave] = enter;
  beta[leave] = enterValue;
  resetSign(s, leaving);
  s.sgn[enter] = 0;
  pivotAt(s, leave, enter);
}

/** Gauss–Jordan step on (leave, enter): the tableau rows and the reduced costs. */
function pivotAt(s: TableauState, leave: number, enter: number): void {
  const { tab, d, cols, m } = s;
  const prow = tab[leave] as Float64Array;
  const piv = prow[enter] as number;
  if (NZ.length < cols) NZ = new Int32Array(2 * cols);
  const nz = NZ;
  let count = 0;
  for (let j = 0; j < cols; j++) {
    const v = prow[j] as number;
    if (v !== 0) {
      const w = v / piv;
      prow[j] = Math.abs(w) < 1e-14 ? 0 : w;
      if (prow[j] !== 0) nz[count++] = j;
    }
  }
  prow[enter] = 1;
  for (let i = 0; i < m; i++) {
    if (i === leave) continue;
    const t = tab[i] as Float64Array;
    const f = t[enter] as number;
    if (f === 0) continue;
    for (let k = 0; k < count; k++) {
      const j = nz[k] as number;
      const v = (t[j] as number) - f * (prow[j] as number);
      t[j] = Math.abs(v) < 1e-14 ? 0 : v;
    }
    t[enter] = 0;
  }
  const fd = d[enter] as number;
  if (fd !== 0) {
    for (let k = 0; k < count; k++) {
      const j = nz[k] as number;
      d[j] = (d[j] as number) - fd * (prow[j] as number);
    }
    d[enter] = 0;
  }
}

/**
 * Bounded dual simplex: from a dual-feasible basis (every nonbasic column at the bound its
 * reduced cost asks for) whose basic values may break their bounds, pivot until they do
 * not. Each step takes the most violated basic variable out at the bound it broke and
 * brings in the column with the smallest |d_j / α_rj| among those that move it the right
 * way, which keeps every reduced cost on its side. 'infeasible' when some violated row
 * has no such column (no point satisfies the new bounds).
 */
function dualIterate(s: TableauState): LpStatus {
  const { tab, basis, beta, atUpper, lo, hi, d, sgn, cols, m } = s;
  const maxIter = 10 * (m + cols) + 100;
  for (let iter = 0; iter < maxIter; iter++) {
    let leave = -1;
    let worst = FEAS_TOL;
    let toUpper = false;
    for (let i = 0; i < m; i++) {
      const b = basis[i] as number;
      const v = beta[i] as number;
      const below = (lo[b] as number) - v;
      const above = v - (hi[b] as number);
      if (below > worst) {
        worst = below;
        leave = i;
        toUpper = false;
      } else if (above > worst) {
        worst = above;
        leave = i;
        toUpper = true;
      }
    }
    if (leave < 0) return 'optimal';
    const row = tab[leave] as Float64Array;
    // Below its lower bound the basic variable must rise: a column at its lower bound with
    // α < 0 (it rises) or at its upper bound with α > 0 (it falls); above its upper, the reverse.
    let enter = -1;
    let bestRatio = Number.POSITIVE_INFINITY;
    let bestAlpha = 0;
    for (let j = 0; j < cols; j++) {
      const sj = sgn[j] as number;
      if (sj === 0) continue;
      const a = row[j] as number;
      if (Math.abs(a) <= PIVOT_TOL) continue;
      const up = sj < 0;
      const ok = toUpper ? (up ? a < 0 : a > 0) : up ? a > 0 : a < 0;
      if (!ok) continue;
      const ratio = Math.abs(d[j] as number) / Math.abs(a);
      if (ratio < bestRatio - 1e-12 || (ratio <= bestRatio + 1e-12 && Math.abs(a) > Math.abs(bestAlpha))) {
        bestRatio = ratio;
        enter = j;
        bestAlpha = a;
      }
    }
    if (enter < 0) return 'infeasible';
    const leaving = basis[leave] as number;
    const target = toUpper ? (hi[leaving] as number) : (lo[leaving] as number);
    // x_leaving changes by −α Δ when the entering column moves by Δ.
    const delta = ((beta[leave] as number) - target) / bestAlpha;
    const enterValue = (atUpper[enter] ? (hi[enter] as number) : (lo[enter] as number)) + delta;
    for (let i = 0; i < m; i++) {
      const a = (tab[i] as Float64Array)[enter] as number;
      if (a !== 0) beta[i] = (beta[i] as number) - a * delta;
    }
    exchange(s, leave, enter, toUpper, enterValue);
  }
  return 'iteration_limit';
}

/** Tie-break in the ratio test: larger pivot for stability, smallest basic index under Bland. */
function better(
  alpha: number,
  prevAlpha: number,
  b: number,
  basis: Int32Array,
  prevRow: number,
  bland: boolean,
): boolean {
  if (bland) return b < (basis[prevRow] as number);
  return alpha > prevAlpha;
}
