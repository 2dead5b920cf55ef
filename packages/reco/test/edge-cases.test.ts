import { type InstanceInput, instanceSchema } from '@cardwise/contracts';
import { describe, expect, it, vi } from 'vitest';
import { generateInstance } from '../bench/generate-instance.ts';
import {
  evaluateCombination,
  RecoCancelledError,
  RecoTimeoutError,
  recommend,
  roundHalfAwayFromZero,
} from '../src/index.ts';
import { mergeEntries } from '../src/recommend.ts';

const card = (
  id: string,
  extra: Partial<InstanceInput['cards'][number]> = {},
): InstanceInput['cards'][number] => ({
  id,
  name: id,
  issuer: 'x',
  annual_fee: 0,
  fee_frequency: 'LIFETIME_FREE',
  rules: [{ conditions: {}, rate: 0.01, cap_groups: [] }],
  ...extra,
});
const entry = (id: string, amount: number, extra: Partial<InstanceInput['entries'][number]> = {}) => ({
  id,
  amount,
  ...extra,
});
const parse = (i: InstanceInput) => instanceSchema.parse(i);

describe('edge cases', () => {
  it('entries that every rule sees alike are searched as one, and answered one by one', () => {
    const swiggy = { mode: 'online', platform_name: 'swiggy', category: 'dining' } as const;
    const input: InstanceInput = {
      cards: [
        card('a', {
          rules: [
            { conditions: { platform_name: ['swiggy'] }, rate: 0.1, cap_groups: ['g'] },
            { conditions: {}, rate: 0.01, cap_groups: [] },
          ],
          cap_groups: [{ id: 'g', monthly_cap_inr: 300 }],
        }),
        card('b', { rules: [{ conditions: { category: ['dining'] }, rate: 0.05, cap_groups: [] }] }),
      ],
      entries: [
        entry('e1', 4000, swiggy),
        entry('e2', 100, { ...swiggy, frequency: 'WEEKLY' }),
        entry('e3', 0, swiggy),
        entry('e4', 500, { mode: 'offline', category: 'dining' }),
      ],
      desiredCardCount: 2,
    };
    const merged = mergeEntries(parse(input));
    expect(merged?.entries.map((e) => [e.id, roundHalfAwayFromZero(e.amount, 2), e.frequency])).toEqual([
      ['e1', roundHalfAwayFromZero(4000 + (100 * 52) / 12, 2), 'MONTHLY'],
      ['e4', 500, 'MONTHLY'],
    ]);
    const res = recommend(parse(input));
    const two = res.spend_level_winners.find((g) => g.n === 2);
    // a holds swiggy up to its ₹300 cap (3,000 of spend at 10%), b takes the rest of swiggy and e4 at 5%.
    const swiggySpend = 4000 + (100 * 52) / 12;
    expect(two?.group_savings).toBe(roundHalfAwayFromZero(300 + (swiggySpend - 3000) * 0.05 + 25, 2));
    expect(two?.group_details.map((d) => d.entry_id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    const used = (id: string) =>
      two?.group_details.find((d) => d.entry_id === id)?.winning_cards.reduce((s, w) => s + w.amount_used, 0);
    expect(used('e1')).toBeCloseTo(4000, 2);
    expect(used('e2')).toBeCloseTo((100 * 52) / 12, 2);
    expect(used('e3')).toBe(0);
    // Nothing to merge: the instance is searched as given.
    expect(mergeEntries(parse({ ...input, entries: [entry('x', 10)] }))).toBeNull();
  });

  it('no entries → no groups', () => {
    const res = recommend(parse({ cards: [card('a')], entries: [] }));
    expect(res.spend_level_winners).toEqual([]);
  });

  it('every card excluded → no groups', () => {
    const res = recommend(
      parse({ cards: [card('a'), card('b')], entries: [entry('e', 100)], excludeCards: ['a', 'b'] }),
    );
    expect(res.spend_level_winners).toEqual([]);
    expect(res.warnings).toBeUndefined();
  });

  it('k larger than the candidates → one group per candidate count', () => {
    const res = recommend(
      parse({
        cards: [card('a'), card('b', { rules: [{ conditions: {}, rate: 0.02, cap_groups: [] }] })],
        entries: [entry('e', 1000)],
        desiredCardCount: 5,
      }),
    );
    expect(res.spend_level_winners.map((g) => g.n).sort()).toEqual([1, 2]);
    const one = res.spend_level_winners.find((g) => g.n === 1);
    expect(one?.card_ids).toEqual(['b']);
    expect(one?.group_savings).toBe(20);
    // n=2 is worth the same; the tie goes to fewer cards.
    expect(res.spend_level_winners.map((g) => g.n)).toEqual([1, 2]);
    const two = res.spend_level_winners.find((g) => g.n === 2);
    expect(two?.group_details[0]?.winning_cards.map((w) => w.card_id)).toEqual(['b']);
  });

  it('zero amounts: the free card wins with 0, nothing placed, coverage 0', () => {
    const res = recommend(
      parse({
        cards: [card('free'), card('paid', { annual_fee: 1200, fee_frequency: 'YEARLY' })],
        entries: [entry('e', 0)],
        desiredCardCount: 2,
      }),
    );
    expect(res.spend_level_winners.map((g) => [g.n, g.group_savings, g.spend_coverage])).toEqual([
      [1, 0, 0],
      [2, -118, 0],
    ]);
    expect(res.spend_level_winners[0]?.group_details[0]?.winning_cards).toEqual([]);
  });

  it('every frequency converts to its monthly amount', () => {
    const freqs = {
      DAILY: 3000,
      WEEKLY: 520,
      MONTHLY: 120,
      QUARTERLY: 40,
      HALF_YEARLY: 20,
      YEARLY: 10,
      ONE_TIME: 10,
    } as const;
    const entries = Object.keys(freqs).map((f) =>
      entry(f.toLowerCase(), f === 'DAILY' ? 100 : 120, { frequency: f as keyof typeof freqs }),
    );
    const res = recommend(parse({ cards: [card('a')], entries }));
    const g = res.spend_level_winners[0];
    for (const [f, m] of Object.entries(freqs)) {
      const d = g?.group_details.find((x) => x.entry_id === f.toLowerCase());
      expect(d?.amount, f).toBe(m);
      expect(d?.winning_cards[0]?.cashback_amount, f).toBe(roundHalfAwayFromZero(m * 0.01));
    }
    expect(g?.group_savings).toBe(
      roundHalfAwayFromZero(0.01 * Object.values(freqs).reduce((s, v) => s + v, 0)),
    );
  });

  it('owned cards: always included, fee sunk, milestones count, never candidates', () => {
    const owned = card('own', {
      annual_fee: 5000,
      fee_frequency: 'YEARLY',
      milestones: [{ annual_spend: 120000, bonus_inr: 1200 }],
      rules: [{ conditions: {}, rate: 0.01, cap_groups: [] }],
    });
    const inst = parse({
      cards: [owned, card('b', { rules: [{ conditions: {}, rate: 0.015, cap_groups: [] }] })],
      entries: [entry('e', 10000)],
      ownedCards: ['own'],
    });
    // b: 150 on all spend vs keeping own's milestone: 100 + 100 = 200 with own holding 10,000.
    const res = recommend(inst);
    expect(res.spend_level_winners).toHaveLength(1);
    const g = res.spend_level_winners[0];
    expect(g?.card_ids).toEqual(['own', 'b']);
    expect(g?.group_savings).toBe(200);
    expect(g?.card_outcomes?.find((o) => o.card_id === 'own')).toMatchObject({
      owned: true,
      fee_cost: 0,
      milestones_reached: [120000],
    });
    // The owned card alone saves the same 200 (b adds nothing here): every group includes it.
    expect(res.owned_savings).toBe(200);
    expect(res.owned_savings).toBe(roundHalfAwayFromZero(evaluateCombination(inst, []).savings, 2));
    // With more spend than own's milestone needs, b adds 0.5% on what it takes.
    const more = parse({ ...inst, entries: [entry('e', 30000)] });
    const res2 = recommend(more);
    expect(res2.owned_savings).toBe(400);
    expect((res2.spend_level_winners[0]?.group_savings ?? 0) - (res2.owned_savings ?? 0)).toBeGreaterThan(0);
    // No owned cards: nothing to report.
    expect(recommend(parse({ ...inst, ownedCards: [] })).owned_savings).toBeUndefined();
  });

  it('owned only (no candidates left) → no groups; evaluateCombination still prices the owned set', () => {
    const inst = parse({
      cards: [card('a'), card('b')],
      entries: [entry('e', 1000)],
      ownedCards: ['a', 'b'],
    });
    expect(recommend(inst).spend_level_winners).toEqual([]);
    expect(evaluateCombination(inst, []).savings).toBeCloseTo(10, 9);
  });

  it('an unknown owned id is a schema error naming the path', () => {
    const r = instanceSchema.safeParse({ cards: [card('a')], entries: [], ownedCards: ['ghost'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['ownedCards.0']);
  });

  it('compareCards narrows the candidates; unknown compare/exclude ids are warnings', () => {
    const best = card('best', { rules: [{ conditions: {}, rate: 0.05, cap_groups: [] }] });
    const inst = parse({
      cards: [best, card('a'), card('b', { rules: [{ conditions: {}, rate: 0.02, cap_groups: [] }] })],
      entries: [entry('e', 1000)],
      compareCards: ['a', 'b', 'nope'],
      excludeCards: ['ghost'],
      desiredCardCount: 1,
    });
    const res = recommend(inst);
    expect(res.spend_level_winners.map((g) => g.card_ids)).toEqual([['b']]);
    expect(res.warnings).toEqual([
      "compareCards: unknown card id 'nope' ignored",
      "excludeCards: unknown card id 'ghost' ignored",
    ]);
  });

  it('exclusion wins over a more specific earning rule, and excluded spend never counts toward a waiver', () => {
    const c = card('c', {
      annual_fee: 1200,
      fee_frequency: 'YEARLY',
      fee_waiver_annual_spend: 12000,
      rules: [
        { conditions: { category: ['fuel'] }, rate: 0.1, cap_groups: [] },
        { conditions: { category: ['fuel'] }, excluded: true },
      ],
    });
    const inst = parse({ cards: [c], entries: [entry('fuel', 5000, { category: 'fuel' })] });
    const r = evaluateCombination(inst, ['c']);
    expect(r.savings).toBeCloseTo(-118, 9);
    expect(r.group.group_details[0]?.winning_cards).toEqual([]);
  });

  it('spend left earning nothing by a paying card whose cap is full names that card (capped_by)', () => {
    // a pays 5% on shopping up to ₹100 a month: ₹2,000 fills it, so part of each shopping
    // entries (each larger than ₹2,000) earns nothing, and fuel, which a never pays on, names no card.
    const a = card('a', {
      rules: [{ conditions: { category: ['shopping'] }, rate: 0.05, cap_groups: ['s'] }],
      cap_groups: [{ id: 's', monthly_cap_inr: 100 }],
    });
    const inst = parse({
      cards: [a],
      entries: [
        entry('big', 3000, { category: 'shopping', platform_name: 'amazon' }),
        entry('more', 2500, { category: 'shopping', platform_name: 'flipkart' }),
        entry('fuel', 500, { category: 'fuel' }),
      ],
    });
    const details = evaluateCombination(inst, ['a']).group.group_details;
    const placed = (id: string) =>
      details.find((d) => d.entry_id === id)?.winning_cards.reduce((s, w) => s + w.amount_used, 0) ?? 0;
    expect(placed('big') + placed('more')).toBeCloseTo(2000, 6);
    expect(details.filter((d) => d.entry_id !== 'fuel').map((d) => d.capped_by)).toEqual([['a'], ['a']]);
    expect(details.find((d) => d.entry_id === 'fuel')).not.toHaveProperty('capped_by');
    // All of it placed, part earning nothing on a with the waiver for its reason: a's cap is
    // still what stops that part earning (a's 10% would have paid on it otherwise).
    const waived = card('w', {
      annual_fee: 1000,
      fee_frequency: 'YEARLY',
      fee_waiver_annual_spend: 120000,
      rules: [{ conditions: { category: ['shopping'] }, rate: 0.1, cap_groups: ['s'] }],
      cap_groups: [{ id: 's', monthly_cap_inr: 500 }],
    });
    const held = evaluateCombination(
      parse({ cards: [waived], entries: [entry('x', 10000, { category: 'shopping' })] }),
      ['w'],
    ).group.group_details[0];
    expect(held?.winning_cards.map((w) => w.amount_used)).toEqual([10000]);
    expect(held?.capped_by).toEqual(['w']);
    // Under the cap, nothing is left over and nothing is said.
    const under = parse({ cards: [a], entries: [entry('small', 1500, { category: 'shopping' })] });
    expect(evaluateCombination(under, ['a']).group.group_details[0]).not.toHaveProperty('capped_by');
  });

  it('the spend a full cap leaves unplaced is said exactly (unplaced_amount), and only where there is some', () => {
    // a's 5% fills its ₹100 cap at ₹2,000, so 40 paise of ₹2,000.40 is placed nowhere: less than
    // a reader could tell from amount minus the rounded amount_used, which is why the engine says it.
    const a = card('a', {
      rules: [{ conditions: { category: ['shopping'] }, rate: 0.05, cap_groups: ['s'] }],
      cap_groups: [{ id: 's', monthly_cap_inr: 100 }],
    });
    const inst = parse({
      cards: [a],
      entries: [entry('paise', 2000.4, { category: 'shopping' }), entry('fuel', 500, { category: 'fuel' })],
    });
    const [paise, fuel] = evaluateCombination(inst, ['a']).group.group_details;
    expect(paise?.winning_cards.map((w) => w.amount_used)).toEqual([2000]);
    expect(paise?.capped_by).toEqual(['a']);
    expect(paise?.unplaced_amount).toBe(0.4);
    // No card pays on fuel, so none is capped there, but all of it is still unplaced.
    expect(fuel?.unplaced_amount).toBe(500);
    expect(fuel).not.toHaveProperty('capped_by');
    // Everything placed: under the cap, or held at nothing on the card for its waiver (capped).
    const under = parse({ cards: [a], entries: [entry('small', 1500, { category: 'shopping' })] });
    expect(evaluateCombination(under, ['a']).group.group_details[0]).not.toHaveProperty('unplaced_amount');
    const waived = card('w', {
      annual_fee: 1000,
      fee_frequency: 'YEARLY',
      fee_waiver_annual_spend: 120000,
      rules: [{ conditions: { category: ['shopping'] }, rate: 0.1, cap_groups: ['s'] }],
      cap_groups: [{ id: 's', monthly_cap_inr: 500 }],
    });
    const held = evaluateCombination(
      parse({ cards: [waived], entries: [entry('x', 10000, { category: 'shopping' })] }),
      ['w'],
    ).group.group_details[0];
    expect(held?.capped_by).toEqual(['w']);
    expect(held).not.toHaveProperty('unplaced_amount');
    // recommend() answers with the same details as evaluateCombination.
    const best = recommend(parse({ ...inst, desiredCardCount: 1 })).spend_level_winners[0];
    expect(best?.group_details.map((d) => d.unplaced_amount)).toEqual([0.4, 500]);
  });

  it('nested caps: a rule in a per-category cap and a card-wide cap obeys both', () => {
    const c = card('c', {
      rules: [
        { conditions: { category: ['dining'] }, rate: 0.1, cap_groups: ['dine', 'all'] },
        { conditions: { category: ['travel'] }, rate: 0.05, cap_groups: ['all'] },
      ],
      cap_groups: [
        { id: 'dine', monthly_cap_inr: 300 },
        { id: 'all', monthly_cap_inr: 400 },
      ],
    });
    const inst = parse({
      cards: [c],
      entries: [entry('d', 10000, { category: 'dining' }), entry('t', 10000, { category: 'travel' })],
    });
    const r = evaluateCombination(inst, ['c']);
    expect(r.savings).toBeCloseTo(400, 9);
    expect(r.group.card_outcomes?.[0]?.caps_reached).toContain('all');
    const dining =
      r.group.group_details.find((d) => d.entry_id === 'd')?.winning_cards[0]?.cashback_amount ?? 0;
    expect(dining).toBeLessThanOrEqual(300);
  });

  it('spend earning nothing on a card without a base rule still reaches its milestone', () => {
    const c = card('c', {
      milestones: [{ annual_spend: 120000, bonus_inr: 2400 }],
      rules: [{ conditions: { category: ['dining'] }, rate: 0.05, cap_groups: [] }],
    });
    const inst = parse({
      cards: [c],
      entries: [entry('d', 2000, { category: 'dining' }), entry('x', 8000, { category: 'travel' })],
    });
    const r = evaluateCombination(inst, ['c']);
    expect(r.savings).toBeCloseTo(100 + 200, 9);
    const x = r.group.group_details.find((d) => d.entry_id === 'x')?.winning_cards[0];
    expect(x).toEqual({
      card_id: 'c',
      amount_used: 8000,
      cashback_amount: 0,
      rule_breakdown: [{ rule_index: null, amount: 8000, cashback: 0 }],
    });
    expect(r.group.spend_coverage).toBe(20);
  });

  it('rounds half away from zero', () => {
    expect(roundHalfAwayFromZero(1.005)).toBe(1.01);
    expect(roundHalfAwayFromZero(-1.005)).toBe(-1.01);
    expect(roundHalfAwayFromZero(2.675)).toBe(2.68);
    expect(roundHalfAwayFromZero(0.125)).toBe(0.13);
    expect(roundHalfAwayFromZero(-0.004)).toBe(0);
    expect(roundHalfAwayFromZero(98.3333333)).toBe(98.33);
  });

  it('deadlineMs: a run past its deadline throws RecoTimeoutError; a generous one answers normally', () => {
    const inst = parse(generateInstance(300, 40, 5, 1));
    expect(() => recommend(inst, { deadlineMs: 0 })).toThrow(RecoTimeoutError);
    try {
      recommend(inst, { deadlineMs: 0 });
    } catch (err) {
      expect(err).toBeInstanceOf(RecoTimeoutError);
      expect((err as RecoTimeoutError).elapsedMs).toBeGreaterThanOrEqual(0);
    }
    const small = parse({ cards: [card('a'), card('b')], entries: [entry('e', 1000)], desiredCardCount: 2 });
    expect(recommend(small, { deadlineMs: 60_000 }).spend_level_winners.length).toBe(2);
  });

  it('cancelled: the search stops at its next check once the caller says so, partial or not', () => {
    const inst = parse(generateInstance(150, 25, 5, 3));
    let polls = 0;
    const after = (n: number) => () => ++polls > n;
    expect(() => recommend(inst, { cancelled: after(200) })).toThrow(RecoCancelledError);
    expect(polls).toBe(201);
    polls = 0;
    expect(() =>
      recommend(inst, { deadlineMs: 60_000, partialOnDeadline: true, cancelled: after(200) }),
    ).toThrow(RecoCancelledError);
    // Never cancelled: the same answer as without the option.
    expect(recommend(inst, { cancelled: () => false })).toEqual(recommend(inst));
  });

  it('partialOnDeadline: answers with every n proven before the deadline, each as an unhurried run finds it', () => {
    const inst = parse(generateInstance(150, 25, 5, 3));
    const full = recommend(inst);
    expect(full.incomplete).toBeUndefined();
    // A clock that advances one millisecond per reading makes the deadline fall at the same
    // step of the search on every machine.
    let t = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => ++t);
    const provenUpTo = new Set<number>();
    try {
      for (let budget = 25; budget < 100_000; budget *= 2) {
        t = 0;
        let res: ReturnType<typeof recommend>;
        try {
          res = recommend(inst, { deadlineMs: budget, partialOnDeadline: true });
        } catch (err) {
          // Not even n = 1 was proven: nothing to answer with.
          expect(err).toBeInstanceOf(RecoTimeoutError);
          expect(provenUpTo.size).toBe(0);
          continue;
        }
        const p = res.incomplete?.proven_up_to ?? 5;
        provenUpTo.add(p);
        if (p < 5) {
          expect(res.incomplete).toEqual({ proven_up_to: p, requested: 5 });
          // Without the option the same budget is a timeout, as before.
          t = 0;
          expect(() => recommend(inst, { deadlineMs: budget })).toThrow(RecoTimeoutError);
        }
        expect(res.spend_level_winners.map((g) => g.n).sort()).toEqual([1, 2, 3, 4, 5].slice(0, p));
        for (const g of res.spend_level_winners)
          expect(g).toEqual(full.spend_level_winners.find((f) => f.n === g.n));
        if (p === 5) break;
      }
    } finally {
      clock.mockRestore();
    }
    // The sweep met at least one answer cut short after n = 1 and before n = 5.
    expect([...provenUpTo].some((p) => p >= 1 && p < 5)).toBe(true);
  });

  it('a card that adds nothing is one that costs nothing to join or hold, when the catalogue has one', () => {
    const input: InstanceInput = {
      cards: [
        card('earner', { rules: [{ conditions: {}, rate: 0.02, cap_groups: [] }] }),
        // Both add nothing next to 'earner'; before the tie-break the first in catalogue order
        // (with a joining fee, or a fee waived at any spend) filled the combination.
        card('joins_for_500', { joining_fee: 500 }),
        card('one_time_fee', { annual_fee: 999, fee_frequency: 'ONE_TIME' }),
        card('waived_at_zero', { annual_fee: 500, fee_frequency: 'YEARLY', fee_waiver_annual_spend: 0 }),
        card('free_a'),
        card('free_b'),
      ],
      entries: [entry('e', 10000)],
      desiredCardCount: 4,
    };
    const res = recommend(parse(input));
    const byN = new Map(res.spend_level_winners.map((g) => [g.n, g]));
    expect(byN.get(1)?.card_ids).toEqual(['earner']);
    expect(byN.get(2)?.card_ids).toEqual(['earner', 'free_a']);
    expect(byN.get(3)?.card_ids).toEqual(['earner', 'free_a', 'free_b']);
    // Only two free cards exist: the fourth card is one of the others, and savings are unchanged.
    expect(byN.get(4)?.card_ids.slice(0, 1)).toEqual(['earner']);
    expect(byN.get(4)?.card_ids).toContain('free_a');
    expect(byN.get(4)?.card_ids).toContain('free_b');
    for (const g of res.spend_level_winners) expect(g.group_savings).toBe(200);
    // A filler that earns something is never swapped out.
    const earning = recommend(parse({ ...input, desiredCardCount: 1, cards: input.cards.slice(1, 2) }));
    expect(earning.spend_level_winners[0]?.card_ids).toEqual(['joins_for_500']);
  });
});
