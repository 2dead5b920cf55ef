import { instanceSchema } from '@cardwise/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dominatorsOf } from '../src/card-dominance.ts';
import { compileInstance } from '../src/compile-instance.ts';
import { selectCandidates } from '../src/recommend.ts';
import { solveAllocation } from '../src/solve-allocation.ts';
import { instanceArb } from './helpers/random-instance.ts';

describe('card dominance', () => {
  it('swapping a card for its dominator never lowers the exact value of any set', () => {
    let pairs = 0;
    fc.assert(
      fc.property(instanceArb(8), fc.array(fc.nat(50), { minLength: 3, maxLength: 3 }), (input, picks) => {
        const inst = instanceSchema.parse(input);
        const ci = compileInstance(inst);
        const { owned, candidates } = selectCandidates(ci);
        const ownedSet = new Set(owned);
        const dominators = dominatorsOf(ci, candidates);
        const value = (set: number[]) =>
          solveAllocation(ci, [...owned, ...set], ownedSet)?.value ?? Number.NaN;
        for (const b of candidates) {
          for (const a of dominators[b] ?? []) {
            // A strict order: never both ways.
            expect(dominators[a]).not.toContain(b);
            const others = candidates.filter((c) => c !== a && c !== b);
            // B alone, and B with up to two other cards picked at random.
            const sets = [
              [b],
              [
                b,
                ...picks
                  .slice(0, 2)
                  .flatMap((p) => (others.length ? [others[p % others.length] as number] : [])),
              ],
            ];
            for (const set of sets) {
              const s = [...new Set(set)];
              const swapped = s.map((c) => (c === b ? a : c));
              expect(value(swapped)).toBeGreaterThanOrEqual(value(s) - 1e-6);
            }
            pairs++;
          }
        }
      }),
      { numRuns: 300, seed: 31337 },
    );
    // The generator must actually produce dominated cards, or this test proves nothing.
    expect(pairs).toBeGreaterThan(100);
  });
});
