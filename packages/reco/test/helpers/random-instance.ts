import { ENTRY_FREQUENCIES, FEE_FREQUENCIES, type InstanceInput } from '@cardwise/contracts';
import fc from 'fast-check';

/**
 * Small random instances that exercise every rule of the format: base and
 * accelerated rules, exclusions, nested caps (one rule in several groups),
 * zero and null caps, waivers and milestones (some unreachable, some at 0),
 * owned / compare / exclude lists with unknown ids, every frequency, entries open at a level.
 */
const CATEGORIES = ['dining', 'fuel', 'rent', 'grocery', 'travel'] as const;
const PLATFORMS = ['swiggy', 'amazon', 'cred', 'shell'] as const;
const MODES = ['online', 'offline'] as const;

const rateArb = fc.constantFrom(0, 0.005, 0.01, 0.015, 0.02, 0.033, 0.05, 0.1);
const capArb = fc.constantFrom<number | null>(null, 0, 20, 50, 100, 150, 300, 1000);

const conditionsArb = fc.record(
  {
    category: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 1, maxLength: 2 }),
    platform_name: fc.uniqueArray(fc.constantFrom(...PLATFORMS), { minLength: 1, maxLength: 2 }),
    mode: fc.uniqueArray(fc.constantFrom(...MODES), { minLength: 1, maxLength: 1 }),
  },
  { requiredKeys: [] },
);

const cardArb = (id: string) =>
  fc
    .record({
      annual_fee: fc.constantFrom(0, 0, 250, 500, 1000, 2500, 5000),
      fee_frequency: fc.constantFrom(...FEE_FREQUENCIES),
      fee_waiver_annual_spend: fc.option(fc.constantFrom(0, 30000, 60000, 120000, 200000, 500000), {
        nil: null,
      }),
      milestones: fc.array(
        fc.record({
          annual_spend: fc.constantFrom(0, 24000, 60000, 100000, 150000, 300000),
          bonus_inr: fc.constantFrom(0, 300, 1000, 2500),
        }),
        { maxLength: 2 },
      ),
      capValues: fc.array(capArb, { maxLength: 3 }),
      base: fc.option(rateArb, { nil: null }),
      rules: fc.array(
        fc.record({
          conditions: conditionsArb,
          rate: rateArb,
          excluded: fc.boolean(),
          capPicks: fc.array(fc.nat(4), { maxLength: 2 }),
        }),
        { maxLength: 4 },
      ),
    })
    .map((c) => {
      const cap_groups = c.capValues.map((v, i) => ({ id: `g${i}`, monthly_cap_inr: v }));
      const groupsFor = (picks: number[]): string[] =>
        cap_groups.length === 0
          ? []
          : [...new Set(picks.map((p) => (cap_groups[p % cap_groups.length] as { id: string }).id))];
      const rules = c.rules.map((r, i) =>
        r.excluded && i % 2 === 0
          ? { conditions: r.conditions, excluded: true as const }
          : { conditions: r.conditions, rate: r.rate, cap_groups: groupsFor(r.capPicks) },
      );
      if (c.base !== null)
        rules.unshift({ conditions: {}, rate: c.base, cap_groups: groupsFor([c.rules.length]) });
      return {
        id,
        name: id.toUpperCase(),
        issuer: 'test',
        annual_fee: c.annual_fee,
        fee_frequency: c.fee_frequency,
        fee_waiver_annual_spend: c.fee_waiver_annual_spend,
        milestones: c.milestones,
        rules,
        cap_groups,
      };
    });

const entryArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    label: fc.option(fc.constant(`Entry ${id}`), { nil: undefined }),
    amount: fc.constantFrom(0, 300, 1000, 2500, 5000, 12000, 60000),
    frequency: fc.constantFrom(...ENTRY_FREQUENCIES),
    mode: fc.option(fc.constantFrom(...MODES), { nil: null }),
    platform_name: fc.option(fc.constantFrom(...PLATFORMS), { nil: null }),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
    // What a null level could be (ADR 018); ignored where the level has a value.
    open: fc.option(
      fc.record(
        {
          category: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 2, maxLength: 3 }),
          platform_name: fc.uniqueArray(fc.constantFrom(...PLATFORMS), { minLength: 2, maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    ),
  });

export const instanceArb = (maxCards = 12): fc.Arbitrary<InstanceInput> =>
  fc
    .record({
      numCards: fc.integer({ min: 1, max: maxCards }),
      numEntries: fc.integer({ min: 1, max: 5 }),
      k: fc.integer({ min: 1, max: 3 }),
      ownedPick: fc.array(fc.nat(20), { maxLength: 2 }),
      comparePick: fc.array(fc.nat(20), { maxLength: 5 }),
      excludePick: fc.array(fc.nat(20), { maxLength: 3 }),
      unknownIds: fc.boolean(),
    })
    .chain((p) =>
      fc
        .record({
          cards: fc.tuple(...Array.from({ length: p.numCards }, (_, i) => cardArb(`card_${i}`))),
          entries: fc.tuple(...Array.from({ length: p.numEntries }, (_, i) => entryArb(`e${i}`))),
        })
        .map(({ cards, entries }) => {
          const id = (i: number) => `card_${i % p.numCards}`;
          const owned = [...new Set(p.ownedPick.map(id))];
          const compare = p.comparePick.map(id);
          const exclude = p.excludePick.map(id);
          if (p.unknownIds) {
            compare.push('nope_card');
            exclude.push('ghost_card');
          }
          return {
            cards: [...cards],
            entries: [...entries],
            ownedCards: owned,
            compareCards: compare.length > 1 || p.unknownIds ? compare : [],
            excludeCards: exclude,
            desiredCardCount: p.k,
          };
        }),
    );
