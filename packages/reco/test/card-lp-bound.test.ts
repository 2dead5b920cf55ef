import { instanceSchema } from '@cardwise/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCardBoundModel } from '../src/card-bound.ts';
import { buildCardLp, cardLpBound } from '../src/card-lp-bound.ts';
import { compileInstance } from '../src/compile-instance.ts';
import { type LpRow, solveLp } from '../src/lp/simplex.ts';
import { instanceArb } from './helpers/random-instance.ts';

/**
 * The card's exact Lagrangian subproblem at prices λ, each level solved from
 * scratch by the general simplex: constant + max over levels k of [gain_≤k + LP(spend ≥ t_k)].
 */
function exactCardValue(model: ReturnType<typeof buildCardBoundModel>, prices: ArrayLike<number>): number {
  const nx = model.vars.length;
  const baseRows = model.rows;
  let best = Number.NEGATIVE_INFINITY;
  let gain = 0;
  for (let k = 0; k <= model.levelMonthly.length; k++) {
    if (k > 0) gain += model.levelGain[k - 1] as number;
    const t = k === 0 ? 0 : (model.levelMonthly[k - 1] as number);
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

const priceArb = fc.array(fc.constantFrom(0, 0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.2), {
  minLength: 5,
  maxLength: 5,
});

describe('per-card bound (the card LP, warm-started across prices)', () => {
  it('equals the per-card optimum solved from scratch, for a sequence of prices on one warm basis', () => {
    let checked = 0;
    fc.assert(
      fc.property(instanceArb(6), fc.array(priceArb, { minLength: 1, maxLength: 4 }), (input, priceList) => {
        const inst = instanceSchema.parse(input);
        const ci = compileInstance(inst);
        for (const card of ci.cards) {
          for (const owned of [false, true]) {
            const model = buildCardBoundModel(ci, card.index, owned);
            const lp = buildCardLp(model);
            for (const lam of priceList) {
              const exact = exactCardValue(model, lam);
              const demand = new Float64Array(inst.entries.length);
              const value = cardLpBound(lp, lam, demand);
              // Valid (never below the optimum) and tight (only the numerical margin above it).
              expect(value).toBeGreaterThanOrEqual(exact - 1e-9);
              expect(value).toBeLessThanOrEqual(exact + lp.margin + 1e-6);
              // The demand is a spend the card can hold: within each entry's amount.
              demand.forEach((s, e) => {
                expect(s).toBeGreaterThanOrEqual(-1e-9);
                expect(s).toBeLessThanOrEqual((ci.entries[e]?.monthly ?? 0) + 1e-6);
              });
              checked++;
            }
          }
        }
      }),
      { numRuns: 200, seed: 4242 },
    );
    expect(checked).toBeGreaterThan(500);
  });
});
