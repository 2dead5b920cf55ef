import { activeThresholds, type CompiledInstance, type SpendOption } from './compile-instance.ts';
import { type LpRow, solveLp } from './lp/simplex.ts';

/**
 * Lagrangian bound of one card (README "Bounds"). With a price λ_e ≥ 0 on each
 * rupee of entry e, the combination value satisfies
 *
 *   V(S) ≤ Σ_e λ_e m_e + Σ_{c∈S} g_c(λ),
 *   g_c(λ) = max over the card's own spend s ≤ m of
 *            rewards_c(s) + bonuses_c(s) − fee_c(s) − λ·s
 *
 * because relaxing the shared entry amounts with λ ≥ 0 only adds λ·(m − Σ s) ≥ 0
 * and then the cards separate. Any over-estimate of g_c keeps the bound valid;
 * we use the card's LP relaxation (threshold binaries in [0, 1]), which is the
 * card's exact problem with integrality dropped.
 */
export interface CardBoundModel {
  readonly cardIndex: number;
  readonly owned: boolean;
  readonly constant: number;
  readonly vars: readonly { entryIndex: number; option: SpendOption; upper: number }[];
  readonly levelGains: readonly number[];
  readonly rows: readonly LpRow[];
  /** True when no cap or threshold can bind: g_c has a closed form. */
  readonly separable: boolean;
  /** Σ of all threshold gains: added to the closed-form ceiling. */
  readonly totalGain: number;
}

export function buildCardBoundModel(ci: CompiledInstance, cardIndex: number, owned: boolean): CardBoundModel {
  const card = ci.cards[cardIndex];
  if (card === undefined) throw new Error(`card index ${cardIndex} out of range`);
  const act = activeThresholds(card, owned);
  const hasLevels = act.levels.length > 0;
  const vars: { entryIndex: number; option: SpendOption; upper: number }[] = [];
  const perEntry: number[][] = ci.entries.map(() => []);
  card.options.forEach((opts, e) => {
    const em = ci.entries[e];
    if (opts === null || em === undefined || em.monthly <= 0) return;
    for (const o of opts) {
      if (o.rate <= 0 && !hasLevels) continue;
      (perEntry[e] as number[]).push(vars.length);
      vars.push({ entryIndex: e, option: o, upper: em.monthly });
    }
  });
  const nx = vars.length;
  const rows: LpRow[] = [];
  for (const js of perEntry) {
    if (js.length < 2) continue;
    const first = vars[js[0] as number];
    rows.push({ idx: js, val: js.map(() => 1), rhs: first === undefined ? 0 : first.upper });
  }
  let capRows = 0;
  card.caps.forEach((cap, g) => {
    const idx: number[] = [];
    const val: number[] = [];
    let reach = 0;
    vars.forEach((v, j) => {
      if (v.option.caps.includes(g)) {
        idx.push(j);
        val.push(v.option.rate);
        reach += v.option.rate * v.upper;
      }
    });
    if (idx.length > 0 && reach > cap.cap) {
      rows.push({ idx, val, rhs: cap.cap });
      capRows++;
    }
  });
  act.levels.forEach((l, k) => {
    const idx = [nx + k];
    const val = [l.monthly];
    for (let j = 0; j < nx; j++) {
      idx.push(j);
      val.push(-1);
    }
    rows.push({ idx, val, rhs: 0 });
  });
  const constant = act.constantGain - (owned ? 0 : card.feeMonthly);
  return {
    cardIndex,
    owned,
    constant,
    vars,
    levelGains: act.levels.map((l) => l.gain),
    rows,
    separable: capRows === 0 && !hasLevels,
    totalGain: act.levels.reduce((s, l) => s + l.gain, 0),
  };
}

/**
 * O(entries) ceiling of g_c(λ): every rupee at its best net rate, caps ignored,
 * every threshold gain for free. Exact when the model is separable.
 */
export function cheapCardBound(model: CardBoundModel, prices: ArrayLike<number>): number {
  let best = 0;
  let prevEntry = -1;
  let entryBest = 0;
  for (const v of model.vars) {
    if (v.entryIndex !== prevEntry) {
      best += entryBest;
      entryBest = 0;
      prevEntry = v.entryIndex;
    }
    const net = (v.option.rate - (prices[v.entryIndex] as number)) * v.upper;
    if (net > entryBest) entryBest = net;
  }
  best += entryBest;
  return best + model.totalGain + model.constant;
}

/** g_c(λ) through the card's LP relaxation (an upper bound of the card's exact subproblem). */
export function lpCardBound(model: CardBoundModel, prices: ArrayLike<number>): number {
  if (model.separable) return cheapCardBound(model, prices);
  const nx = model.vars.length;
  const nz = model.levelGains.length;
  const objective = new Float64Array(nx + nz);
  const lower = new Float64Array(nx + nz);
  const upper = new Float64Array(nx + nz);
  model.vars.forEach((v, j) => {
    objective[j] = v.option.rate - (prices[v.entryIndex] as number);
    upper[j] = v.upper;
  });
  model.levelGains.forEach((g, k) => {
    objective[nx + k] = g;
    upper[nx + k] = 1;
  });
  const sol = solveLp({ numVars: nx + nz, objective, lower, upper, rows: model.rows });
  // Fall back to the always-valid ceiling if the LP misbehaves numerically.
  if (sol.status !== 'optimal') return cheapCardBound(model, prices);
  return Math.min(sol.objective + model.constant, cheapCardBound(model, prices)) + 1e-7;
}
