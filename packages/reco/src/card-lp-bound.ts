import { type CardBoundModel, cheapCardBound } from './card-bound.ts';
import { Tableau } from './lp/simplex.ts';

/**
 * The card's exact Lagrangian term g_c(λ) (README "Per-card bound"):
 *
 *   g_c(λ) = constant + max over threshold levels k of [gain_≤k + P_k(λ)],
 *   P_k(λ) = max Σ (r_o − λ_e) x_eo  s.t. the card's entry rows, its cap rows and Σ x ≥ t_k,
 *
 * one LP per level. Only the objective depends on λ, so each level keeps its
 * simplex basis between calls (`Tableau.optimise`): a new price vector costs a
 * re-pricing of the basis and a few pivots. The value is the per-card optimum
 * itself (threshold binaries integral), not an estimate, so the bounds built on
 * it are as tight as the Lagrangian relaxation allows.
 */
export interface CardLp {
  readonly model: CardBoundModel;
  /**
   * One tableau per level (level 0 = no threshold; null when the level is infeasible,
   * undefined until a solve needs it): most cards of a large catalogue never need one.
   */
  levels: (Tableau | null | undefined)[] | null;
  /** gainUpTo[k]: the gains of levels 1..k together (the model's levelGain holds each level's own). */
  readonly gainUpTo: Float64Array;
  readonly objective: Float64Array;
  /** Per variable: its option's rate and its entry (the objective is rate − λ_entry). */
  readonly rates: Float64Array;
  readonly entryOf: Int32Array;
  readonly x: Float64Array;
  readonly bestX: Float64Array;
  /** The prices of the last evaluation (the search never mutates a price vector) and its value. */
  lastPrices: ArrayLike<number> | null;
  lastValue: number;
  /** Margin added to the value: covers the simplex's reduced-cost tolerance over every column's range. */
  readonly margin: number;
}

const MARGIN = 1e-7;

export function buildCardLp(model: CardBoundModel): CardLp {
  const nx = model.vars.length;
  const upper = Float64Array.from(model.vars.map((v) => v.upper));
  const L = model.levelGain.length;
  const gainUpTo = new Float64Array(L + 1);
  let gain = 0;
  for (let k = 1; k <= L; k++) {
    gain += model.levelGain[k - 1] as number;
    gainUpTo[k] = gain;
  }
  return {
    model,
    levels: null,
    gainUpTo,
    objective: new Float64Array(nx),
    rates: Float64Array.from(model.vars.map((v) => v.option.rate)),
    entryOf: Int32Array.from(model.vars.map((v) => v.entryIndex)),
    x: new Float64Array(nx),
    bestX: new Float64Array(nx),
    lastPrices: null,
    lastValue: 0,
    // At optimality each reduced cost is within 1e-9 of its sign, so the LP optimum can exceed the
    // point found by at most 1e-9 × (sum of column ranges, slacks included, each ≤ the spend bound).
    margin: MARGIN + 3e-9 * upper.reduce((s, u) => s + u, 0),
  };
}

/** Level k's tableau (k = 0: no spend row); null when the level is infeasible. */
function buildLevel(model: CardBoundModel, k: number): Tableau | null {
  const nx = model.vars.length;
  const lower = new Float64Array(nx);
  const upper = Float64Array.from(model.vars.map((v) => v.upper));
  // The model's rows (entry rows and cap rows), plus the level's spend row.
  const rows = [...model.rows];
  if (k > 0)
    rows.push({
      idx: model.vars.map((_, j) => j),
      val: model.vars.map(() => -1),
      rhs: -(model.levelMonthly[k - 1] as number),
    });
  const t = new Tableau({ numVars: nx, lower, upper, rows });
  return t.phase1 === 'optimal' ? t : null;
}

/** Level k's tableau of a card whose `levels` array exists, built on first use. */
function levelTableau(d: CardLp, k: number): Tableau | null {
  const levels = d.levels as (Tableau | null | undefined)[];
  let t = levels[k];
  if (t === undefined) {
    t = buildLevel(d.model, k);
    levels[k] = t;
  }
  return t;
}

/**
 * max over levels of gain_≤k + P_k(λ), with the maximiser's spend in d.bestX; null on a
 * numerical failure. Level 0 first: every other level has P_k ≤ P_0 (one more constraint),
 * so a level whose gain + P_0 cannot beat the best so far is skipped, and where level 0's
 * optimum already spends t_k, P_k = P_0 without a solve.
 */
function solveLevels(d: CardLp, prices: ArrayLike<number>): number | null {
  const model = d.model;
  const nx = model.vars.length;
  const { rates, entryOf } = d;
  for (let j = 0; j < nx; j++)
    d.objective[j] = (rates[j] as number) - (prices[entryOf[j] as number] as number);
  // Each level's tableau (and its phase 1) is built the first time a solve needs it: levels
  // that cannot win, or that level 0 already reaches, never need one.
  if (d.levels === null) d.levels = new Array(model.levelMonthly.length + 1).fill(undefined);
  const levels = d.levels;
  const t0 = levelTableau(d, 0);
  if (t0 === null || t0 === undefined || t0.optimise(d.objective) !== 'optimal') return null;
  const p0 = t0.primal(d.bestX);
  let spend0 = 0;
  for (let j = 0; j < nx; j++) spend0 += d.bestX[j] as number;
  let best = p0;
  for (let k = 1; k < levels.length; k++) {
    const gain = d.gainUpTo[k] as number;
    if (gain + p0 <= best) continue;
    if (spend0 >= (model.levelMonthly[k - 1] as number)) {
      best = gain + p0;
      continue;
    }
    const t = levelTableau(d, k);
    if (t === null) continue;
    if (t.optimise(d.objective) !== 'optimal') return null;
    const v = t.primal(d.x) + gain;
    if (v > best) {
      best = v;
      d.bestX.set(d.x);
    }
  }
  return best;
}

/**
 * g_c(λ) (margin included). When `demandOut` is given, adds the card's optimal
 * spend per entry (the subgradient of the Lagrangian needs each card's demand).
 */
export function cardLpBound(
  d: CardLp,
  prices: ArrayLike<number>,
  demandOut: Float64Array | null = null,
): number {
  const model = d.model;
  if (model.separable) {
    // Closed form; cached like the LP value (the search asks again at the same prices for demand).
    if (d.lastPrices !== prices) {
      d.lastPrices = prices;
      d.lastValue = cheapCardBound(model, prices);
    }
    const v = d.lastValue;
    if (demandOut !== null) {
      let prev = -1;
      for (const x of model.vars) {
        if (x.entryIndex === prev) continue;
        if (x.option.rate - (prices[x.entryIndex] as number) > 0) {
          demandOut[x.entryIndex] = (demandOut[x.entryIndex] as number) + x.upper;
          prev = x.entryIndex;
        }
      }
    }
    return v;
  }
  const nx = model.vars.length;
  if (d.lastPrices !== prices) {
    const best = solveLevels(d, prices);
    if (best === null) return cheapCardBound(model, prices);
    d.lastPrices = prices;
    d.lastValue = best;
  }
  if (demandOut !== null) {
    const { entryOf, bestX } = d;
    for (let j = 0; j < nx; j++) {
      const e = entryOf[j] as number;
      demandOut[e] = (demandOut[e] as number) + (bestX[j] as number);
    }
  }
  return d.lastValue + model.constant + d.margin;
}
