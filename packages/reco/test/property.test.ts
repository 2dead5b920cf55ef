import { instanceSchema } from '@cardwise/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateCombination, recommend } from '../src/index.ts';
import { checkGroup } from './helpers/check-group.ts';
import {
  type Highs,
  loadHighs,
  oracleBestPerN,
  oracleCandidates,
  oracleCombination,
  solveModel,
} from './helpers/highs-oracle.ts';
import { instanceArb } from './helpers/random-instance.ts';

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

const TOL = 0.01;

describe('recommend against an independent HiGHS oracle', () => {
  it('matches brute force over every subset (each solved as a MIP) and returns feasible allocations', () => {
    fc.assert(
      fc.property(instanceArb(9), (input) => {
        const inst = instanceSchema.parse(input);
        // Keep the enumeration affordable: the MIP per subset is the slow part.
        fc.pre(oracleCandidates(inst).length <= 7);
        const best = oracleBestPerN(highs, inst);
        const weak = inst.entries.length % 2 === 1;
        const res = recommend(
          inst,
          weak ? { search: { greedyTries: 1, swaps: false, chosenDualsMinChildren: 1 } } : {},
        );
        expect(res.spend_level_winners.length).toBe(best.size);
        for (const g of res.spend_level_winners) {
          const want = best.get(g.n);
          expect(want, `n=${g.n}`).toBeDefined();
          expect(Math.abs(g.group_savings - (want as number))).toBeLessThanOrEqual(TOL);
          expect(checkGroup(inst, g)).toEqual([]);
        }
      }),
      { numRuns: 100, seed: 20240611 },
    );
  });

  it('matches the full MIP per n (binary card choice, Σy = n) on larger candidate pools', () => {
    fc.assert(
      fc.property(instanceArb(12), (input) => {
        const inst = instanceSchema.parse(input);
        const cands = oracleCandidates(inst);
        // Half the runs start from a deliberately weak incumbent, so the branch and
        // bound (not the greedy) has to find and prove the optimum.
        const weak = inst.desiredCardCount % 2 === 0 || inst.cards.length % 2 === 0;
        const res = recommend(
          inst,
          weak ? { search: { greedyTries: 1, swaps: false, chosenDualsMinChildren: 1 } } : {},
        );
        const K = inst.entries.length === 0 ? 0 : Math.min(inst.desiredCardCount, cands.length);
        expect(res.spend_level_winners.map((g) => g.n).sort()).toEqual(
          Array.from({ length: K }, (_, i) => i + 1),
        );
        for (const g of res.spend_level_winners) {
          const want = solveModel(highs, inst, inst.ownedCards, { n: g.n, candidates: cands });
          expect(want.status).toBe('Optimal');
          expect(Math.abs(g.group_savings - want.value)).toBeLessThanOrEqual(TOL);
          expect(checkGroup(inst, g)).toEqual([]);
          expect(g.card_ids.length).toBe(g.n + new Set(inst.ownedCards).size);
        }
        // Sorted by savings descending, ties by fewer cards.
        for (let i = 1; i < res.spend_level_winners.length; i++) {
          const a = res.spend_level_winners[i - 1];
          const b = res.spend_level_winners[i];
          if (a === undefined || b === undefined) continue;
          expect(
            a.group_savings > b.group_savings || (a.group_savings === b.group_savings && a.n < b.n),
          ).toBe(true);
        }
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('evaluates any fixed combination to the MIP optimum', () => {
    fc.assert(
      fc.property(instanceArb(8), fc.array(fc.nat(7), { minLength: 1, maxLength: 3 }), (input, picks) => {
        const inst = instanceSchema.parse(input);
        const ids = [...new Set(picks.map((p) => `card_${p % inst.cards.length}`))].filter(
          (id) => !inst.ownedCards.includes(id),
        );
        const got = evaluateCombination(inst, ids);
        const want = oracleCombination(highs, inst, ids);
        expect(Math.abs(got.savings - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(want)) + 1e-6);
        expect(checkGroup(inst, got.group)).toEqual([]);
      }),
      { numRuns: 200, seed: 99 },
    );
  });
});
