import { instanceSchema } from '@cardwise/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCardBoundModel } from '../src/card-bound.ts';
import { compileInstance } from '../src/compile-instance.ts';
import { buildDualCardModel, dualCardBound } from '../src/dual-card-bound.ts';
import { type LpRow, solveLp } from '../src/lp/simplex.ts';
import { instanceArb } from './helpers/random-instance.ts';

/**
 * The card's exact Lagrangian subproblem at prices λ, by the general simplex:
 * constant + max over levels k of [gain_≤k + LP(spend ≥ t_k)].
 */
function exactCardValue(model: ReturnType<typeof buildCardBoundModel>, prices: ArrayLike<number>): number {
  const nx = model.vars.length;
  const baseRows = model.rows.filter((r) => r.idx.every((j) => j < nx));
  let best = Number.NEGATIVE_INFINITY;
  let gain = 0;
  for (let k = 0; k <= model.levels.length; k++) {
    if (k > 0) gain += (model.levels[k - 1] as { gain: number }).gain;
    const t = k === 0 ? 0 : (model.levels[k - 1] as { monthly: number }).monthly;
    const rows: LpRow[] = [...baseRows];
    if (t > 0) rows.push({ idx: model.vars.map((_, j) => j), val: model.vars.map(() => -1), rhs: -t });
    const sol = solveLp({
      numVars: nx,
      objective: Float64Array.from(model.vars.map((v) => v.option.rate - (prices[v.entryIndex] as number))),
      lower: new Float64Array(nx),
      upper: Float64Array.from(model.vars.map((v) => v.upper)),
      rows,
    });
    if (sol.status === 'optimal') best = Math.max(best, sol.objective + gain);
  }
  return best + model.constant;
}

describe('per-card dual bound (weak duality, no simplex)', () => {
  it('is a valid upper bound of the exact per-card subproblem and, after enough cycles, equal to it', () => {
    let checked = 0;
    let tight = 0;
    fc.assert(
      fc.property(
        instanceArb(6),
        fc.array(fc.constantFrom(0, 0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.2), { minLength: 5, maxLength: 5 }),
        (input, lam) => {
          const inst = instanceSchema.parse(input);
          const ci = compileInstance(inst);
          for (const card of ci.cards) {
            for (const owned of [false, true]) {
              const model = buildCardBoundModel(ci, card.index, owned);
              const d = buildDualCardModel(model);
              const exact = exactCardValue(model, lam);
              const quick = dualCardBound(d, lam, 1);
              const deep = dualCardBound(d, lam, 30);
              expect(quick).toBeGreaterThanOrEqual(exact - 1e-9);
              expect(deep).toBeGreaterThanOrEqual(exact - 1e-9);
              checked++;
              if (deep <= exact + 1e-4) tight++;
            }
          }
        },
      ),
      { numRuns: 300, seed: 4242 },
    );
    // Coordinate descent on a piecewise-linear dual can stop at a kink; it must be rare.
    expect(tight / checked).toBeGreaterThan(0.95);
  });
});
