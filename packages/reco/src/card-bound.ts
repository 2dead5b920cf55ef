import { activeThresholds, type CompiledInstance, type SpendOption } from './compile-instance.ts';
import type { LpRow } from './lp/simplex.ts';

/**
 * Lagrangian bound of one card (README "Bounds"). With a price λ_e ≥ 0 on each
 * rupee of entry e, the combination value satisfies
 *
 *   V(S) ≤ Σ_e λ_e m_e + Σ_{c∈S} g_c(λ),
 *   g_c(λ) = max over the card's own spend s ≤ m of
 *            rewards_c(s) + bonuses_c(s) − fee_c(s) − λ·s
 *
 * because relaxing the shared entry amounts with λ ≥ 0 only adds λ·(m − Σ s) ≥ 0
 * and then the cards separate. Any over-estimate of g_c keeps the bound valid.
 * This model feeds the exact per-card LP (card-lp-bound.ts, one LP per threshold
 * level) and the O(entries) ceiling `cheapCardBound` used before a card has one.
 */
export interface CardBoundVar {
  readonly entryIndex: number;
  readonly option: SpendOption;
  /** Index of the option's rule among the card's capped rules (−1 when uncapped). */
  readonly optionId: number;
  readonly upper: number;
}

export interface CardBoundModel {
  readonly cardIndex: number;
  readonly owned: boolean;
  readonly constant: number;
  /** Grouped by entry, entries ascending. */
  readonly vars: readonly CardBoundVar[];
  /**
   * The entries the card has no variable for (excluded, no spend, or nothing to earn and no
   * threshold): the search's lazy bound subtracts their terms from a total over all entries.
   */
  readonly missingEntries: Int32Array;
  /**
   * The active threshold levels, ascending: monthly spend and gain of each. Typed arrays, so a
   * card with no level has the same shape as one with levels (the JIT then compiles the bound's
   * hot loops once for both, instead of throwing that code away when a new shape appears).
   */
  readonly levelMonthly: Float64Array;
  readonly levelGain: Float64Array;
  readonly rows: readonly LpRow[];
  /** True when no cap or threshold can bind: g_c has a closed form. */
  readonly separable: boolean;
  readonly capCount: number;
  readonly capLimits: Float64Array;
  /** Per capped rule: the tightest cap it sits in. */
  readonly optionCaps: readonly (readonly number[])[];
  readonly optionCapLimit: Float64Array;
  readonly groupOptions: readonly number[][];
  readonly scratchOptInc: Float64Array;
  readonly scratchOptRatio: Float64Array;
  readonly scratchOptBound: Float64Array;
  readonly scratchNets: Float64Array;
}

export function buildCardBoundModel(ci: CompiledInstance, cardIndex: number, owned: boolean): CardBoundModel {
  const card = ci.cards[cardIndex];
  if (card === undefined) throw new Error(`card index ${cardIndex} out of range`);
  const act = activeThresholds(card, owned);
  const hasLevels = act.levels.length > 0;
  // Plain loops and one pass per cap: every candidate of every request builds one.
  const vars: CardBoundVar[] = [];
  const rows: LpRow[] = [];
  const optionIds = new Map<number | null | readonly number[], number>();
  const optionCaps: (readonly number[])[] = [];
  const missingEntries: number[] = [];
  const E = ci.entries.length;
  for (let e = 0; e < E; e++) {
    const opts = card.options[e];
    const monthly = (ci.entries[e] as { monthly: number }).monthly;
    const first = vars.length;
    if (opts === null || opts === undefined || monthly <= 0) {
      missingEntries.push(e);
      continue;
    }
    for (let i = 0; i < opts.length; i++) {
      const o = opts[i] as SpendOption;
      if (o.rate <= 0 && !hasLevels) continue;
      let optionId = -1;
      // One id per rule; an open entry's option across its paths (ADR 019) names a rule for its
      // explanation but may carry more caps than that rule, so it has its own.
      if (o.caps.length > 0) {
        const id = o.acrossPaths ? o.caps : o.ruleIndex;
        const known = optionIds.get(id);
        if (known === undefined) {
          optionId = optionCaps.length;
          optionIds.set(id, optionId);
          optionCaps.push(o.caps);
        } else optionId = known;
      }
      vars.push({ entryIndex: e, option: o, optionId, upper: monthly });
    }
    const count = vars.length - first;
    if (count === 0) missingEntries.push(e);
    if (count < 2) continue;
    const idx: number[] = [];
    const val: number[] = [];
    for (let j = first; j < vars.length; j++) {
      idx.push(j);
      val.push(1);
    }
    rows.push({ idx, val, rhs: monthly });
  }
  // Rows only for the groups that can bind (CardModel.capBinds); option caps are distinct.
  const G = card.caps.length;
  const capIdx: number[][] = [];
  const capVal: number[][] = [];
  for (let g = 0; g < G; g++) {
    capIdx.push([]);
    capVal.push([]);
  }
  for (let j = 0; j < vars.length; j++) {
    const v = vars[j] as CardBoundVar;
    const caps = v.option.caps;
    for (let k = 0; k < caps.length; k++) {
      const g = caps[k] as number;
      if (card.capBinds[g] !== 1) continue;
      (capIdx[g] as number[]).push(j);
      (capVal[g] as number[]).push(v.option.rate);
    }
  }
  let capRows = 0;
  for (let g = 0; g < G; g++) {
    const idx = capIdx[g] as number[];
    if (idx.length === 0) continue;
    rows.push({ idx, val: capVal[g] as number[], rhs: (card.caps[g] as { cap: number }).cap });
    capRows++;
  }
  const constant = act.constantGain - (owned ? 0 : card.feeMonthly);
  const capLimits = Float64Array.from(card.caps.map((c) => c.cap));
  const optionCapLimit = Float64Array.from(
    optionCaps.map((caps) => Math.min(...caps.map((g) => capLimits[g] as number))),
  );
  const groupOptions: number[][] = [];
  for (let g = 0; g < G; g++) groupOptions.push([]);
  for (let o = 0; o < optionCaps.length; o++)
    for (const g of optionCaps[o] as number[]) {
      const list = groupOptions[g] as number[];
      if (list[list.length - 1] !== o) list.push(o);
    }
  return {
    cardIndex,
    owned,
    constant,
    vars,
    missingEntries: Int32Array.from(missingEntries),
    levelMonthly: Float64Array.from(act.levels, (l) => l.monthly),
    levelGain: Float64Array.from(act.levels, (l) => l.gain),
    rows,
    separable: capRows === 0 && !hasLevels,
    capCount: card.caps.length,
    capLimits,
    optionCaps,
    optionCapLimit,
    groupOptions,
    scratchOptInc: new Float64Array(optionCaps.length),
    scratchOptRatio: new Float64Array(optionCaps.length),
    scratchOptBound: new Float64Array(optionCaps.length),
    scratchNets: new Float64Array(2 * ci.entries.length),
  };
}

/**
 * O(entries) ceiling of g_c(λ), valid for every λ ≥ 0 (README "Bounds"):
 * - A: every rupee at its best uncapped net rate, plus for each capped rule the
 *   extra over that, limited both by its amount and by what its tightest cap
 *   allows (extra per rupee of reward ≤ max_e extra_e / rate), and for each cap
 *   group the extras of its rules together limited the same way;
 * - B(t): caps ignored, spend ≥ t enforced (fractional knapsack on net rates);
 * - g_c ≤ const + max over reachable levels t of [gain(t) + min(A, B(t))].
 */
export function cheapCardBound(model: CardBoundModel, prices: ArrayLike<number>): number {
  const { vars, capCount } = model;
  const optInc = model.scratchOptInc;
  const optRatio = model.scratchOptRatio;
  optInc.fill(0);
  optRatio.fill(0);
  const nets = model.scratchNets;
  let nEntries = 0;
  let a = 0;
  let positive = 0;
  let i = 0;
  while (i < vars.length) {
    const e = (vars[i] as CardBoundVar).entryIndex;
    const lam = prices[e] as number;
    let j = i;
    let baseNet = 0;
    let bestNet = Number.NEGATIVE_INFINITY;
    for (; j < vars.length && (vars[j] as CardBoundVar).entryIndex === e; j++) {
      const v = vars[j] as CardBoundVar;
      const net = v.option.rate - lam;
      if (net > bestNet) bestNet = net;
      if (v.option.caps.length === 0 && net > baseNet) baseNet = net;
    }
    const m = (vars[i] as CardBoundVar).upper;
    a += baseNet * m;
    for (let q = i; q < j; q++) {
      const v = vars[q] as CardBoundVar;
      if (v.option.caps.length === 0) continue;
      const extra = v.option.rate - lam - baseNet;
      if (extra <= 0) continue;
      optInc[v.optionId] = (optInc[v.optionId] as number) + extra * m;
      const ratio = extra / v.option.rate;
      if (ratio > (optRatio[v.optionId] as number)) optRatio[v.optionId] = ratio;
    }
    if (bestNet > 0) positive += bestNet * m;
    nets[nEntries * 2] = bestNet;
    nets[nEntries * 2 + 1] = m;
    nEntries++;
    i = j;
  }
  // Extras of capped rules: each rule alone, then each cap group as a whole.
  let incTotal = 0;
  const optBound = model.scratchOptBound;
  for (let o = 0; o < model.optionCaps.length; o++) {
    const inc = optInc[o] as number;
    if (inc <= 0) {
      optBound[o] = 0;
      continue;
    }
    const b = Math.min(inc, (model.optionCapLimit[o] as number) * (optRatio[o] as number));
    optBound[o] = b;
    incTotal += b;
  }
  let incBest = incTotal;
  for (let g = 0; g < capCount; g++) {
    let inGroup = 0;
    let ratio = 0;
    for (const o of model.groupOptions[g] as number[]) {
      inGroup += optBound[o] as number;
      if ((optRatio[o] as number) > ratio) ratio = optRatio[o] as number;
    }
    const alt = incTotal - inGroup + Math.min(inGroup, (model.capLimits[g] as number) * ratio);
    if (alt < incBest) incBest = alt;
  }
  const capAware = a + incBest;
  let best = Math.min(capAware, positive);
  const L = model.levelMonthly.length;
  if (L > 0) {
    // Fill toward each level with the least costly non-positive entries.
    const pairs: { net: number; m: number }[] = [];
    let spendPositive = 0;
    for (let q = 0; q < nEntries; q++) {
      const net = nets[q * 2] as number;
      const m = nets[q * 2 + 1] as number;
      if (net > 0) spendPositive += m;
      else pairs.push({ net, m });
    }
    pairs.sort((x, y) => y.net - x.net);
    let gainCum = 0;
    for (let k = 0; k < L; k++) {
      gainCum += model.levelGain[k] as number;
      let need = (model.levelMonthly[k] as number) - spendPositive;
      let b = positive;
      for (let q = 0; q < pairs.length && need > 0; q++) {
        const p = pairs[q] as { net: number; m: number };
        const take = Math.min(need, p.m);
        b += p.net * take;
        need -= take;
      }
      if (need > 1e-9) break;
      const v = gainCum + Math.min(capAware, b);
      if (v > best) best = v;
    }
  }
  return best + model.constant + 1e-7;
}
