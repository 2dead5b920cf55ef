import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LpRow, solveLp, Tableau } from '../src/lp/simplex.ts';

/** Random bounded LPs shaped like the allocation LPs: non-negative columns, ≤ rows, some with negative coefficients. */
const lpArb = fc
  .record({
    n: fc.integer({ min: 2, max: 7 }),
    m: fc.integer({ min: 1, max: 5 }),
  })
  .chain(({ n, m }) =>
    fc.record({
      objective: fc.array(fc.integer({ min: -5, max: 10 }), { minLength: n, maxLength: n }),
      upper: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: n, maxLength: n }),
      rows: fc.array(
        fc.record({
          coef: fc.array(fc.integer({ min: -3, max: 5 }), { minLength: n, maxLength: n }),
          rhs: fc.integer({ min: 0, max: 30 }),
        }),
        { minLength: m, maxLength: m },
      ),
      fix: fc.array(fc.record({ j: fc.nat(n - 1), lo: fc.nat(20), width: fc.nat(5) }), { maxLength: 3 }),
    }),
  );

describe('simplex', () => {
  it('a bound change re-optimised by the dual simplex matches a solve from scratch', () => {
    let compared = 0;
    fc.assert(
      fc.property(lpArb, (p) => {
        const n = p.objective.length;
        const rows: LpRow[] = p.rows.map((r) => ({
          idx: r.coef.map((_, j) => j),
          val: r.coef,
          rhs: r.rhs,
        }));
        const lower = new Float64Array(n);
        const upper = Float64Array.from(p.upper);
        const t = new Tableau({ numVars: n, lower, upper, rows });
        expect(t.phase1).toBe('optimal'); // x = 0 is feasible: every rhs ≥ 0
        expect(t.optimise(p.objective)).toBe('optimal');
        let tab = t;
        for (const f of p.fix) {
          // Branch-and-bound style: copy, then tighten one column's bounds.
          const lo = Math.min(f.lo, p.upper[f.j] as number);
          const hi = Math.min(lo + f.width, p.upper[f.j] as number);
          lower[f.j] = lo;
          upper[f.j] = hi;
          tab = tab.clone();
          tab.setBounds(f.j, lo, hi);
          const warm = tab.reoptimise();
          const cold = solveLp({ numVars: n, objective: p.objective, lower, upper, rows });
          expect(warm === 'optimal' ? 'optimal' : 'infeasible').toBe(cold.status);
          if (cold.status !== 'optimal') break;
          const x = new Float64Array(n);
          const value = tab.primal(x);
          expect(value).toBeCloseTo(cold.objective, 6);
          // The warm point is feasible for the new bounds and rows.
          x.forEach((v, j) => {
            expect(v).toBeGreaterThanOrEqual((lower[j] as number) - 1e-7);
            expect(v).toBeLessThanOrEqual((upper[j] as number) + 1e-7);
          });
          for (const r of rows)
            expect(r.val.reduce((s, a, j) => s + a * (x[j] as number), 0)).toBeLessThanOrEqual(r.rhs + 1e-6);
          compared++;
        }
      }),
      { numRuns: 500, seed: 2026 },
    );
    expect(compared).toBeGreaterThan(300);
  });
});
