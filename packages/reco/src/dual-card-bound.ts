import type { CardBoundModel } from './card-bound.ts';

/**
 * Fast upper bound of a card's Lagrangian term g_c(λ) by LP weak duality
 * (README "Per-card bound without a simplex").
 *
 * For the card's own subproblem at a threshold level t_k (spend ≥ t_k, gains of
 * every level ≤ k collected, level 0 = no threshold, t_0 = 0):
 *
 *   P_k = max Σ (r_o − λ_e) x_eo   s.t.  Σ_o x_eo ≤ m_e,  Σ_{o∈G} r_o x_eo ≤ κ_G,  Σ x ≥ t_k,  x ≥ 0
 *
 * and for every σ ≥ 0 (one per cap group) and μ ≥ 0, weak duality gives
 *
 *   P_k ≤ D_k(σ, μ) = Σ_G κ_G σ_G − μ t_k + Σ_e m_e · max(0, μ + max_o [r_o (1 − Σ_{G∋o} σ_G) − λ_e])
 *
 * (proof: add σ_G·(κ_G − load_G) ≥ 0 and μ·(Σx − t_k) ≥ 0 to the objective of
 * any feasible x, collect per entry, and bound each entry's collected term by
 * m_e times its largest coefficient, or 0). Since the card's exact subproblem
 * (threshold binaries integral) is max_k [gain_≤k + P_k], we get
 *
 *   g_c(λ) ≤ constant + max_k [gain_≤k + D_k(σ_k, μ_k)]   for ANY σ_k, μ_k ≥ 0.
 *
 * So the choice of σ, μ (coordinate descent with exact-enough 1-D searches,
 * warm-started from the previous call) only affects tightness, never validity.
 * At the minimising σ, μ the bound equals the LP value of each level (strong
 * duality), which is at least as tight as the LP relaxation with fractional
 * threshold binaries.
 */
export interface DualCardModel {
  readonly model: CardBoundModel;
  readonly nE: number;
  /** Entry index in the instance per local entry. */
  readonly eIdx: Int32Array;
  readonly eM: Float64Array;
  /** Options of local entry i: optStart[i] .. optStart[i+1]-1. */
  readonly optStart: Int32Array;
  readonly oRate: Float64Array;
  /** Active cap groups of option j: capStart[j] .. capStart[j+1]-1 in caps. */
  readonly capStart: Int32Array;
  readonly caps: Int32Array;
  readonly nG: number;
  readonly gKappa: Float64Array;
  /** Local entries touched by group g: gEntStart[g] .. gEntStart[g+1]-1 in gEnt. */
  readonly gEntStart: Int32Array;
  readonly gEnt: Int32Array;
  /** Levels 0..L: level 0 is "no threshold". */
  readonly nL: number;
  readonly lT: Float64Array;
  readonly lGain: Float64Array;
  readonly constant: number;
  /** Warm-start state: σ per level (nL × nG) and μ per level. */
  readonly sigma: Float64Array;
  readonly mu: Float64Array;
  /** Scratch: per local entry the best effective coefficient; per option c/b for line searches. */
  readonly scratchA: Float64Array;
  readonly scratchC: Float64Array;
  readonly scratchB: Float64Array;
  readonly scratchOrder: Float64Array;
  readonly scratchEvents: Float64Array;
  /** Per level: local entries in the order of the last μ search (warm insertion sort). */
  readonly muOrder: Int32Array;
  /** Level that attained the last bound (for the subgradient's demand). */
  lastLevel: number;
}

const MARGIN = 1e-7;

export function buildDualCardModel(model: CardBoundModel): DualCardModel {
  const vars = model.vars;
  // Entries (vars are grouped by entry, ascending).
  const eIdxList: number[] = [];
  const eMList: number[] = [];
  const optStartList: number[] = [];
  for (let j = 0; j < vars.length; j++) {
    const v = vars[j];
    if (v === undefined) continue;
    if (j === 0 || (vars[j - 1] as { entryIndex: number }).entryIndex !== v.entryIndex) {
      optStartList.push(j);
      eIdxList.push(v.entryIndex);
      eMList.push(v.upper);
    }
  }
  optStartList.push(vars.length);
  // Active cap groups: those with a row in the model (a cap no allocation reaches never binds).
  const groupActive = new Int32Array(model.capCount).fill(-1);
  const gKappaList: number[] = [];
  for (let g = 0; g < model.capCount; g++) {
    let reach = 0;
    for (const v of vars) if (v.option.caps.includes(g)) reach += v.option.rate * v.upper;
    const kappa = model.capLimits[g] as number;
    if (reach > kappa) {
      groupActive[g] = gKappaList.length;
      gKappaList.push(kappa);
    }
  }
  const nG = gKappaList.length;
  const capStartList: number[] = [0];
  const capsList: number[] = [];
  for (const v of vars) {
    for (const g of v.option.caps) {
      const a = groupActive[g] as number;
      if (a >= 0) capsList.push(a);
    }
    capStartList.push(capsList.length);
  }
  const nE = eIdxList.length;
  const gEntLists: number[][] = Array.from({ length: nG }, () => []);
  for (let i = 0; i < nE; i++) {
    const seen = new Set<number>();
    for (let j = optStartList[i] as number; j < (optStartList[i + 1] as number); j++)
      for (let q = capStartList[j] as number; q < (capStartList[j + 1] as number); q++)
        seen.add(capsList[q] as number);
    for (const g of seen) (gEntLists[g] as number[]).push(i);
  }
  const gEntStart = new Int32Array(nG + 1);
  const gEnt: number[] = [];
  for (let g = 0; g < nG; g++) {
    gEntStart[g] = gEnt.length;
    gEnt.push(...(gEntLists[g] as number[]));
  }
  gEntStart[nG] = gEnt.length;
  const nL = model.levels.length + 1;
  const lT = new Float64Array(nL);
  const lGain = new Float64Array(nL);
  let cum = 0;
  model.levels.forEach((l, k) => {
    cum += l.gain;
    lT[k + 1] = l.monthly;
    lGain[k + 1] = cum;
  });
  return {
    model,
    nE,
    eIdx: Int32Array.from(eIdxList),
    eM: Float64Array.from(eMList),
    optStart: Int32Array.from(optStartList),
    oRate: Float64Array.from(vars.map((v) => v.option.rate)),
    capStart: Int32Array.from(capStartList),
    caps: Int32Array.from(capsList),
    nG,
    gKappa: Float64Array.from(gKappaList),
    gEntStart,
    gEnt: Int32Array.from(gEnt),
    nL,
    lT,
    lGain,
    constant: model.constant,
    sigma: new Float64Array(nL * nG),
    mu: new Float64Array(nL),
    scratchA: new Float64Array(nE),
    scratchC: new Float64Array(vars.length),
    scratchB: new Float64Array(vars.length),
    scratchOrder: new Float64Array(2 * nE),
    scratchEvents: new Float64Array(2 * (vars.length + nE + 1)),
    muOrder: Int32Array.from({ length: nL * nE }, (_, i) => i % Math.max(1, nE)),
    lastLevel: 0,
  };
}

/** Effective coefficient of option j at the σ of level k (without μ). */
function effective(d: DualCardModel, j: number, lam: number, sOff: number): number {
  let s = 1;
  for (let q = d.capStart[j] as number; q < (d.capStart[j + 1] as number); q++)
    s -= d.sigma[sOff + (d.caps[q] as number)] as number;
  return (d.oRate[j] as number) * s - lam;
}

/** D_k(σ_k, μ_k) at the stored multipliers. */
function dualValue(d: DualCardModel, prices: ArrayLike<number>, k: number): number {
  const sOff = k * d.nG;
  let v = -(d.mu[k] as number) * (d.lT[k] as number);
  for (let g = 0; g < d.nG; g++) v += (d.gKappa[g] as number) * (d.sigma[sOff + g] as number);
  const mu = d.mu[k] as number;
  for (let i = 0; i < d.nE; i++) {
    const lam = prices[d.eIdx[i] as number] as number;
    let best = Number.NEGATIVE_INFINITY;
    for (let j = d.optStart[i] as number; j < (d.optStart[i + 1] as number); j++) {
      const c = effective(d, j, lam, sOff);
      if (c > best) best = c;
    }
    const a = best + mu;
    d.scratchA[i] = best;
    if (a > 0) v += (d.eM[i] as number) * a;
  }
  return v;
}

/** Exact minimisation of D_k over μ ≥ 0 for fixed σ (a fractional knapsack on spend). Needs scratchA filled. */
function minimiseMu(d: DualCardModel, k: number): void {
  const t = d.lT[k] as number;
  if (t <= 0) {
    d.mu[k] = 0;
    return;
  }
  // f(μ) = −μ t + Σ m_e max(0, a_e + μ); slope −t + Σ_{a_e + μ > 0} m_e. Take entries by a descending;
  // the order kept from the last call makes the insertion sort nearly linear.
  const n = d.nE;
  const ord = d.muOrder.subarray(k * n, (k + 1) * n);
  const A = d.scratchA;
  for (let i = 1; i < n; i++) {
    const x = ord[i] as number;
    const a = A[x] as number;
    let p = i - 1;
    while (p >= 0 && (A[ord[p] as number] as number) < a) {
      ord[p + 1] = ord[p] as number;
      p--;
    }
    ord[p + 1] = x;
  }
  let cum = 0;
  for (let i = 0; i < n; i++) {
    const x = ord[i] as number;
    cum += d.eM[x] as number;
    if (cum >= t) {
      // Slope turns ≥ 0 once this entry is active: μ* = −a_x (clamped at 0).
      d.mu[k] = Math.max(0, -(A[x] as number));
      return;
    }
  }
  // The level cannot be reached (callers drop such levels); any μ is still valid.
  d.mu[k] = 0;
}

/** Minimise D_k over σ_g ≥ 0 with the other multipliers fixed (bisection on the monotone derivative). */
function minimiseSigma(d: DualCardModel, prices: ArrayLike<number>, k: number, g: number): void {
  const sOff = k * d.nG;
  const mu = d.mu[k] as number;
  const kappa = d.gKappa[g] as number;
  const C = d.scratchC;
  const B = d.scratchB;
  const saved = d.sigma[sOff + g] as number;
  d.sigma[sOff + g] = 0;
  for (let q = d.gEntStart[g] as number; q < (d.gEntStart[g + 1] as number); q++) {
    const i = d.gEnt[q] as number;
    const lam = prices[d.eIdx[i] as number] as number;
    for (let j = d.optStart[i] as number; j < (d.optStart[i + 1] as number); j++) {
      let inG = false;
      let s = 1;
      for (let p = d.capStart[j] as number; p < (d.capStart[j + 1] as number); p++) {
        const gg = d.caps[p] as number;
        if (gg === g) inG = true;
        else s -= d.sigma[sOff + gg] as number;
      }
      const r = d.oRate[j] as number;
      const cj = r * s - lam + mu;
      C[j] = cj;
      B[j] = inG ? r : 0;
    }
  }
  d.sigma[sOff + g] = saved;
  // Exact minimiser of the convex piecewise-linear f(s) = κ s + Σ_e m_e h_e(s),
  // h_e(s) = max(0, max_j (C_j − B_j s)): sweep the breakpoints of every entry's
  // upper envelope; the right derivative κ − Σ m_e B_active(s) only increases.
  let slope = kappa;
  const ev = d.scratchEvents;
  let nEv = 0;
  for (let q = d.gEntStart[g] as number; q < (d.gEntStart[g + 1] as number); q++) {
    const i = d.gEnt[q] as number;
    const j0 = d.optStart[i] as number;
    const j1 = d.optStart[i + 1] as number;
    const m = d.eM[i] as number;
    // Active line at s = 0+: the largest value, ties to the steepest; the floor 0 is line (0, 0).
    let curC = 0;
    let curB = 0;
    for (let j = j0; j < j1; j++) {
      const c = C[j] as number;
      const bj = B[j] as number;
      if (c > curC || (c === curC && bj > curB)) {
        curC = c;
        curB = bj;
      }
    }
    slope -= m * curB;
    let sCur = 0;
    while (curB > 0) {
      // Next active line: the earliest crossing among flatter lines (the floor included).
      let nextS = curC / curB;
      let nextC = 0;
      let nextB = 0;
      for (let j = j0; j < j1; j++) {
        const bj = B[j] as number;
        if (bj >= curB) continue;
        const x = ((curC - (C[j] as number)) as number) / (curB - bj);
        if (x < nextS || (x === nextS && bj < nextB)) {
          nextS = x;
          nextC = C[j] as number;
          nextB = bj;
        }
      }
      if (nextS < sCur) nextS = sCur;
      ev[2 * nEv] = nextS;
      ev[2 * nEv + 1] = m * (curB - nextB);
      nEv++;
      sCur = nextS;
      curC = nextC;
      curB = nextB;
    }
  }
  if (slope >= 0) {
    d.sigma[sOff + g] = 0;
    return;
  }
  // Sort events by s (insertion sort: a few dozen).
  for (let x = 1; x < nEv; x++) {
    const s0 = ev[2 * x] as number;
    const w0 = ev[2 * x + 1] as number;
    let p = x - 1;
    while (p >= 0 && (ev[2 * p] as number) > s0) {
      ev[2 * p + 2] = ev[2 * p] as number;
      ev[2 * p + 3] = ev[2 * p + 1] as number;
      p--;
    }
    ev[2 * p + 2] = s0;
    ev[2 * p + 3] = w0;
  }
  let at = 0;
  for (let x = 0; x < nEv; x++) {
    at = ev[2 * x] as number;
    slope += ev[2 * x + 1] as number;
    if (slope >= 0) break;
  }
  d.sigma[sOff + g] = Math.max(0, at);
}

/**
 * Upper bound of g_c(λ) (margin included). `cycles` coordinate-descent rounds per
 * level, warm-started from the last multipliers. When `demandOut` is given, adds
 * the card's spend per entry at the level that attains the bound (for the
 * subgradient; approximate is fine, it only steers the prices).
 */
export function dualCardBound(
  d: DualCardModel,
  prices: ArrayLike<number>,
  cycles = 2,
  demandOut: Float64Array | null = null,
): number {
  let best = Number.NEGATIVE_INFINITY;
  let bestK = 0;
  for (let k = 0; k < d.nL; k++) {
    let v = cycles > 1 ? dualValue(d, prices, k) : Number.POSITIVE_INFINITY;
    for (let c = 0; c < cycles; c++) {
      const before = v;
      for (let g = 0; g < d.nG; g++) minimiseSigma(d, prices, k, g);
      if (k > 0) {
        dualValue(d, prices, k);
        minimiseMu(d, k);
      }
      v = dualValue(d, prices, k);
      if (v > before) {
        // Cannot happen for exact 1-D minimisations; numerically harmless (any σ is valid).
        break;
      }
      if (before - v <= 1e-9 * (1 + Math.abs(v))) break;
    }
    v += d.lGain[k] as number;
    if (v > best) {
      best = v;
      bestK = k;
    }
  }
  d.lastLevel = bestK;
  if (demandOut !== null) {
    dualValue(d, prices, bestK);
    const mu = d.mu[bestK] as number;
    for (let i = 0; i < d.nE; i++) {
      if ((d.scratchA[i] as number) + mu > 0) {
        const e = d.eIdx[i] as number;
        demandOut[e] = (demandOut[e] as number) + (d.eM[i] as number);
      }
    }
  }
  return best + d.constant + MARGIN;
}
