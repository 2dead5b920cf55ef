import {
  CONDITION_FIELDS,
  type EngineCard,
  type EngineEntry,
  FREQUENCY_FACTOR,
  type Instance,
  openSlugs,
  type Rule,
} from '@cardwise/contracts';
import highsLoader from 'highs';

/**
 * An oracle written straight from reward-model.md §3 and catalog-format.md,
 * sharing no code with the engine: its own matching, its own model, and HiGHS
 * for the mixed-integer program (binaries for waivers and milestones, no rule
 * pruning, no threshold merging).
 */
export type Highs = Awaited<ReturnType<typeof highsLoader>>;

export const loadHighs = (): Promise<Highs> => highsLoader();

const monthly = (e: EngineEntry): number => e.amount * FREQUENCY_FACTOR[e.frequency];

function matches(rule: Rule, entry: EngineEntry): boolean {
  return CONDITION_FIELDS.every((f) => {
    const list = rule.conditions[f];
    if (list === undefined) return true;
    const v = entry[f];
    if (v !== null) return list.includes(v);
    // A level left open matches when every slug it could have is listed (ADR 018).
    const open = openSlugs(entry, f);
    return open !== undefined && open.length > 0 && open.every((slug) => list.includes(slug));
  });
}

/** The paths below an entry's open levels that a card's rules tell apart, or null past 1,024. */
function openPaths(card: EngineCard, entry: EngineEntry): EngineEntry[] | null {
  const levels = CONDITION_FIELDS.filter(
    (f) =>
      entry[f] === null &&
      (openSlugs(entry, f)?.length ?? 0) > 0 &&
      card.rules.some((r) => r.conditions[f] !== undefined),
  );
  if (levels.length === 0) return null;
  let paths: EngineEntry[] = [entry];
  for (const f of levels) {
    paths = paths.flatMap((p) => (openSlugs(entry, f) ?? []).map((slug) => ({ ...p, [f]: slug })));
    if (paths.length > 1024) return null;
  }
  return paths;
}

const earns = (card: EngineCard, r: Rule): r is Extract<Rule, { rate: number }> =>
  !('excluded' in r) &&
  r.rate > 0 &&
  !r.cap_groups.some((g) => {
    const cap = card.cap_groups.find((c) => c.id === g)?.monthly_cap_inr;
    return cap !== undefined && cap !== null && cap <= 0;
  });

/**
 * ADR 019, from its text: an open entry is excluded where every path below it is; where every
 * path earns, it may earn the lowest of the paths' best rates (the first rule of a path's best
 * rate), under the cap groups of all those rules.
 */
function acrossPaths(
  card: EngineCard,
  entry: EngineEntry,
): 'excluded' | { rate: number; caps: string[] } | null {
  const paths = openPaths(card, entry);
  if (paths === null) return null;
  const bests = paths.map((p) => {
    if (card.rules.some((r) => 'excluded' in r && matches(r, p))) return 'excluded' as const;
    let best: Extract<Rule, { rate: number }> | null = null;
    for (const r of card.rules)
      if (earns(card, r) && matches(r, p) && (best === null || r.rate > best.rate)) best = r;
    return best;
  });
  if (bests.every((b) => b === 'excluded')) return 'excluded';
  if (bests.some((b) => b === 'excluded' || b === null)) return null;
  const rules = bests as Extract<Rule, { rate: number }>[];
  return {
    rate: Math.min(...rules.map((r) => r.rate)),
    caps: [...new Set(rules.flatMap((r) => r.cap_groups))],
  };
}

export function excludes(card: EngineCard, entry: EngineEntry): boolean {
  return (
    card.rules.some((r) => 'excluded' in r && matches(r, entry)) || acrossPaths(card, entry) === 'excluded'
  );
}

export function feePerMonth(card: EngineCard): number {
  const perYear =
    card.fee_frequency === 'YEARLY'
      ? card.annual_fee
      : card.fee_frequency === 'MONTHLY'
        ? 12 * card.annual_fee
        : 0;
  return (perYear * 1.18) / 12;
}

const num = (v: number): string => {
  // LP format wants plain decimals; 17 significant digits keep the value exact.
  const s = v.toPrecision(17);
  return s.includes('e') ? v.toFixed(12) : s;
};

/** Builds the §3 MIP. `choose`: null = the card set is fixed; a number n = pick exactly n of `candidates`. */
export function buildModel(
  inst: Instance,
  fixed: readonly string[],
  choose: { n: number; candidates: readonly string[] } | null,
): { text: string; constant: number } {
  const cardsById = new Map(inst.cards.map((c) => [c.id, c]));
  const owned = new Set(inst.ownedCards);
  const pool = [...new Set([...fixed, ...(choose?.candidates ?? [])])];
  const obj: string[] = [];
  const cons: string[] = [];
  const binaries: string[] = [];
  const bounds: string[] = [];
  let constant = 0;
  const entryTerms: string[][] = inst.entries.map(() => []);
  pool.forEach((id, ci) => {
    const card = cardsById.get(id) as EngineCard;
    const isOwned = owned.has(id);
    const selectable = choose !== null && !fixed.includes(id);
    const y = `y${ci}`;
    if (selectable) binaries.push(y);
    const cardSpend: string[] = [];
    const capTerms = new Map<string, string[]>();
    inst.entries.forEach((entry, ei) => {
      const m = monthly(entry);
      if (m <= 0 || excludes(card, entry)) return;
      const vars: string[] = [];
      /** Spend `v` earning `rate` within `caps`. */
      const earning = (v: string, rate: number, caps: readonly string[]) => {
        vars.push(v);
        obj.push(`+ ${num(rate)} ${v}`);
        for (const g of caps) {
          const list = capTerms.get(g) ?? [];
          list.push(`+ ${num(rate)} ${v}`);
          capTerms.set(g, list);
        }
      };
      card.rules.forEach((r, ri) => {
        if ('excluded' in r || !matches(r, entry) || r.rate <= 0) return;
        earning(`x${ci}_${ei}_${ri}`, r.rate, r.cap_groups);
      });
      const across = acrossPaths(card, entry);
      if (across !== null && across !== 'excluded') earning(`a${ci}_${ei}`, across.rate, across.caps);
      vars.push(`z${ci}_${ei}`);
      for (const v of vars) {
        entryTerms[ei]?.push(v);
        cardSpend.push(v);
      }
      // x_{c,e,·} ≤ m_e y_c, summed over the card's rules for the entry (same integer points).
      if (selectable) cons.push(`${vars.join(' + ')} - ${num(m)} ${y} <= 0`);
    });
    for (const g of card.cap_groups) {
      const terms = capTerms.get(g.id);
      if (g.monthly_cap_inr === null || terms === undefined) continue;
      cons.push(`${terms.join(' ')} <= ${num(g.monthly_cap_inr)}`);
    }
    const spendExpr = cardSpend.length > 0 ? cardSpend.map((v) => `+ 12 ${v}`).join(' ') : '';
    const fee = isOwned ? 0 : feePerMonth(card);
    if (fee > 0) {
      // − fee (y − w): the fee is paid by a chosen card unless waived.
      if (selectable) obj.push(`- ${num(fee)} ${y}`);
      else constant -= fee;
      if (card.fee_waiver_annual_spend !== null) {
        const w = `w${ci}`;
        binaries.push(w);
        obj.push(`+ ${num(fee)} ${w}`);
        cons.push(`${spendExpr} - ${num(card.fee_waiver_annual_spend)} ${w} >= 0`);
        if (selectable) cons.push(`${w} - ${y} <= 0`);
      }
    }
    card.milestones.forEach((ms, j) => {
      const u = `u${ci}_${j}`;
      binaries.push(u);
      obj.push(`+ ${num(ms.bonus_inr / 12)} ${u}`);
      cons.push(`${spendExpr} - ${num(ms.annual_spend)} ${u} >= 0`);
      if (selectable) cons.push(`${u} - ${y} <= 0`);
    });
  });
  inst.entries.forEach((entry, ei) => {
    const terms = entryTerms[ei] ?? [];
    if (terms.length > 0) cons.push(`${terms.map((t) => `+ ${t}`).join(' ')} <= ${num(monthly(entry))}`);
  });
  if (choose !== null) {
    const ys = pool.map((id, ci) => (fixed.includes(id) ? null : `+ y${ci}`)).filter((s) => s !== null);
    cons.push(`${ys.join(' ')} = ${choose.n}`);
  }
  const text = [
    'Maximize',
    ` obj: ${obj.length > 0 ? obj.join(' ') : '0 dummy'}`,
    'Subject To',
    ...cons.map((c, i) => ` c${i}: ${c.replace(/^\+ /, '')}`),
    ...(cons.length === 0 ? [' c0: dummy >= 0'] : []),
    'Bounds',
    ...bounds,
    ...(obj.length === 0 || cons.length === 0 ? [' dummy = 0'] : []),
    ...(binaries.length > 0 ? ['Binary', ` ${binaries.join(' ')}`] : []),
    'End',
  ].join('\n');
  return { text, constant };
}

export function solveModel(
  highs: Highs,
  inst: Instance,
  fixed: readonly string[],
  choose: { n: number; candidates: readonly string[] } | null,
  timeLimit?: number,
): { value: number; status: string } {
  const { text, constant } = buildModel(inst, fixed, choose);
  const res = highs.solve(text, {
    output_flag: false,
    mip_rel_gap: 0,
    mip_abs_gap: 1e-9,
    ...(timeLimit === undefined ? {} : { time_limit: timeLimit }),
  });
  const value = res.Status === 'Optimal' ? res.ObjectiveValue + constant : Number.NaN;
  return { value, status: res.Status };
}

/** Exact savings of a fixed combination (owned + new). */
export function oracleCombination(highs: Highs, inst: Instance, newCards: readonly string[]): number {
  const r = solveModel(highs, inst, [...inst.ownedCards, ...newCards], null);
  if (r.status !== 'Optimal') throw new Error(`HiGHS: ${r.status}`);
  return r.value;
}

export function oracleCandidates(inst: Instance): string[] {
  const ids = new Set(inst.cards.map((c) => c.id));
  const base = inst.compareCards.length > 0 ? inst.compareCards.filter((id) => ids.has(id)) : [...ids];
  return [...new Set(base)].filter((id) => !inst.ownedCards.includes(id) && !inst.excludeCards.includes(id));
}

export function* subsets<T>(items: readonly T[], n: number, start = 0, acc: T[] = []): Generator<T[]> {
  if (acc.length === n) {
    yield [...acc];
    return;
  }
  for (let i = start; i <= items.length - (n - acc.length); i++) {
    acc.push(items[i] as T);
    yield* subsets(items, n, i + 1, acc);
    acc.pop();
  }
}

/** Best savings for every n, by enumerating every subset and solving each as a MIP. */
export function oracleBestPerN(highs: Highs, inst: Instance): Map<number, number> {
  const cands = oracleCandidates(inst);
  const K = Math.min(inst.desiredCardCount, cands.length);
  const out = new Map<number, number>();
  if (inst.entries.length === 0) return out;
  for (let n = 1; n <= K; n++) {
    let best = Number.NEGATIVE_INFINITY;
    for (const s of subsets(cands, n)) best = Math.max(best, oracleCombination(highs, inst, s));
    out.set(n, best);
  }
  return out;
}
