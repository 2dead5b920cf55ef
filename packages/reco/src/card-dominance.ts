import { activeThresholds, type CompiledInstance, type SpendOption } from './compile-instance.ts';

/**
 * Dominance between candidate cards (README "Dominated cards"). Card A dominates card B
 * when, for this user's entries,
 *
 *   1. A can hold every entry B can (B's eligible entries ⊆ A's);
 *   2. on each of them A has an option whose caps can never bind (their total reach is
 *      within the cap) at a rate ≥ B's best rate there, capped or not;
 *   3. A's threshold gains net of its fee are ≥ B's at every monthly spend s:
 *      G_A(s) ≥ G_B(s), G(s) = −fee + Σ gains of the thresholds ≤ s (as new cards).
 *
 * Then moving B's whole allocation onto A is feasible (1), earns at least as much (2:
 * Σ x_e·rate_A(e) ≥ Σ x_e·best_B(e) ≥ B's capped rewards) and reaches at least B's
 * gains at the same spend (3), so V(S − B + A) ≥ V(S) for every set S ∌ A. Mutual
 * dominance is broken by catalogue order, which makes ≻ a strict partial order
 * (dominance is transitive), so repeated swaps end in an optimal set that is closed
 * under ≻: it contains every dominator of each of its cards. The search only needs
 * such closed sets; for the real catalogue this removes the many equivalent "filler"
 * combinations of large n (interchangeable free cards), the main source of ties.
 *
 * Returns, per card index, the candidates that dominate it (empty when none).
 */
export function dominatorsOf(ci: CompiledInstance, candidates: readonly number[]): number[][] {
  const E = ci.entries.length;
  const C = candidates.length;
  const profiles = cardProfiles(ci, candidates, E);
  const out: number[][] = ci.cards.map(() => []);
  // Two necessary conditions each make B's possible dominators a prefix of a sorted list, and B
  // scans the shorter one. (1) A's uncapped rates add up to at least B's best rates (Σ over B's
  // entries ≤ Σ over A's): the candidates by that sum. (2) A's uncapped rate at B's best entry t
  // reaches B's rate there: the candidates by their rate at t. Flat-rate cards have short
  // prefixes in (1), cards with an accelerated entry in (2): on the benchmark's 600-card
  // instances, about 18,000 pair tests instead of the 95,000 of (1) alone.
  const bySum = [...candidates.keys()].sort(
    (x, y) => (profiles[y] as CardProfile).sumUncapped - (profiles[x] as CardProfile).sumUncapped,
  );
  const sums = Float64Array.from(bySum, (a) => (profiles[a] as CardProfile).sumUncapped);
  const sumLen = Int32Array.from(profiles, (B) => prefixAtLeast(sums, B.sumBest - 1e-12));
  // The lists by rate are built only for the best entries of cards whose prefix by sum is long,
  // and hold only the cards that reach the lowest rate one of those needs.
  const floor = new Float64Array(E).fill(Number.POSITIVE_INFINITY);
  for (let b = 0; b < C; b++) {
    const B = profiles[b] as CardProfile;
    const t = B.topEntry;
    if (t >= 0 && (sumLen[b] as number) > LONG_PREFIX)
      floor[t] = Math.min(floor[t] as number, B.bestRate[B.off + t] as number);
  }
  const byRateAt: Int32Array[] = [];
  const ratesAt: Float64Array[] = [];
  for (let t = 0; t < E; t++) {
    const f = floor[t] as number;
    const rate = (a: number): number => uncappedAt(profiles[a] as CardProfile, t);
    const able: number[] = [];
    if (f !== Number.POSITIVE_INFINITY) for (let a = 0; a < C; a++) if (rate(a) >= f) able.push(a);
    const order = Int32Array.from(able.sort((x, y) => rate(y) - rate(x)));
    byRateAt.push(order);
    ratesAt.push(Float64Array.from(order, rate));
  }
  for (let b = 0; b < C; b++) {
    const B = profiles[b] as CardProfile;
    const t = B.topEntry;
    let list: ArrayLike<number> = bySum;
    let len = sumLen[b] as number;
    if (t >= 0 && len > LONG_PREFIX) {
      const len2 = prefixAtLeast(ratesAt[t] as Float64Array, B.bestRate[B.off + t] as number);
      if (len2 < len) {
        list = byRateAt[t] as Int32Array;
        len = len2;
      }
    }
    for (let i = 0; i < len; i++) {
      const a = list[i] as number;
      if (a === b) continue;
      const A = profiles[a] as CardProfile;
      if (
        A.sumUncapped < B.sumBest - 1e-12 ||
        A.eligibleCount < B.eligibleCount ||
        A.maxUncapped < B.minBest ||
        (A.gains[0] as number) < (B.gains[0] as number) - 1e-9 ||
        !covers(A, B)
      )
        continue;
      if (!dominates(A, B)) continue;
      // Mutual dominance: the earlier card in the catalogue counts as the dominator.
      if (dominates(B, A) && (candidates[b] as number) < (candidates[a] as number)) continue;
      (out[candidates[b] as number] as number[]).push(candidates[a] as number);
    }
  }
  // Dominators in catalogue order (the search's closure checks do not depend on it; the tests read it).
  for (const list of out) list.sort((x, y) => x - y);
  return out;
}

/** A prefix by sum longer than this is worth comparing with the one by rate at the card's best entry. */
const LONG_PREFIX = 48;

/** How many of the leading values of a descending array are ≥ `min` (binary search). */
function prefixAtLeast(sorted: Float64Array, min: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) >= min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** B's eligible entries ⊆ A's, a word at a time. */
function covers(A: CardProfile, B: CardProfile): boolean {
  for (let w = 0; w < B.mask.length; w++)
    if (((B.mask[w] as number) & ~(A.mask[w] as number)) !== 0) return false;
  return true;
}

interface CardProfile {
  /** Per entry (E of them from `off` in the shared blocks): eligible, best rate, best rate whose caps cannot bind. */
  readonly off: number;
  readonly entries: number;
  readonly eligible: Uint8Array;
  readonly bestRate: Float64Array;
  readonly uncappedRate: Float64Array;
  readonly mask: Uint32Array;
  readonly eligibleCount: number;
  /** Necessary-condition summaries: A's best uncapped rate must reach B's lowest best rate. */
  readonly maxUncapped: number;
  readonly minBest: number;
  /** Σ over eligible entries: A's uncapped rates must add up to at least B's best rates. */
  readonly sumUncapped: number;
  readonly sumBest: number;
  /** The eligible entry with the best rate (−1 when none): a dominator most often fails there. */
  readonly topEntry: number;
  /** Breakpoints (0 and each threshold) and G at each, ascending. */
  readonly steps: Float64Array;
  readonly gains: Float64Array;
}

/**
 * Every candidate's profile. The per-entry arrays of all cards share three blocks (one
 * allocation each instead of three per card: this runs for every candidate of every request,
 * 600 cards × 60 entries on the benchmark's largest size).
 */
function cardProfiles(ci: CompiledInstance, candidates: readonly number[], E: number): CardProfile[] {
  const C = candidates.length;
  const W = Math.ceil(E / 32);
  const eligible = new Uint8Array(C * E);
  const bestRate = new Float64Array(C * E);
  const uncappedRate = new Float64Array(C * E);
  const mask = new Uint32Array(Math.max(1, C * W));
  const out: CardProfile[] = new Array(C);
  for (let p = 0; p < C; p++) {
    const card = ci.cards[candidates[p] as number];
    if (card === undefined) throw new Error(`card index ${candidates[p]} out of range`);
    const off = p * E;
    const binding = card.capBinds;
    let eligibleCount = 0;
    let maxUncapped = 0;
    let minBest = Number.POSITIVE_INFINITY;
    let sumUncapped = 0;
    let sumBest = 0;
    let topEntry = -1;
    let top = -1;
    for (let e = 0; e < E; e++) {
      const opts = card.options[e];
      if (opts === null || opts === undefined || (ci.entries[e] as { monthly: number }).monthly <= 0)
        continue;
      let best = 0;
      let free = 0;
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i] as SpendOption;
        if (o.rate > best) best = o.rate;
        if (o.rate <= free) continue;
        let unbound = true;
        for (let k = 0; k < o.caps.length; k++) if (binding[o.caps[k] as number] === 1) unbound = false;
        if (unbound) free = o.rate;
      }
      eligible[off + e] = 1;
      bestRate[off + e] = best;
      uncappedRate[off + e] = free;
      if (topEntry < 0 || best > top) {
        topEntry = e;
        top = best;
      }
      sumUncapped += free;
      sumBest += best;
      mask[p * W + (e >> 5)] = (mask[p * W + (e >> 5)] as number) | (1 << (e & 31));
      eligibleCount++;
      if (free > maxUncapped) maxUncapped = free;
      if (best < minBest) minBest = best;
    }
    if (eligibleCount === 0) minBest = 0;
    const act = activeThresholds(card, false);
    const L = act.levels.length;
    const steps = new Float64Array(L + 1);
    const gains = new Float64Array(L + 1);
    let g = act.constantGain - card.feeMonthly;
    gains[0] = g;
    for (let l = 0; l < L; l++) {
      const level = act.levels[l] as { monthly: number; gain: number };
      g += level.gain;
      steps[l + 1] = level.monthly;
      gains[l + 1] = g;
    }
    out[p] = {
      off,
      entries: E,
      eligible,
      bestRate,
      uncappedRate,
      mask: mask.subarray(p * W, p * W + W),
      eligibleCount,
      maxUncapped,
      minBest,
      sumUncapped,
      sumBest,
      topEntry,
      steps,
      gains,
    };
  }
  return out;
}

function uncappedAt(p: CardProfile, e: number): number {
  return p.uncappedRate[p.off + e] as number;
}

/** G at spend s: the gain of the last breakpoint ≤ s. */
function gainAt(p: CardProfile, s: number): number {
  let v = p.gains[0] as number;
  for (let i = 1; i < p.steps.length && (p.steps[i] as number) <= s; i++) v = p.gains[i] as number;
  return v;
}

function dominates(A: CardProfile, B: CardProfile): boolean {
  const t = B.topEntry;
  const a0 = A.off;
  const b0 = B.off;
  if (t >= 0 && (A.uncappedRate[a0 + t] as number) < (B.bestRate[b0 + t] as number)) return false;
  const E = B.entries;
  for (let e = 0; e < E; e++) {
    if (!B.eligible[b0 + e]) continue;
    if (!A.eligible[a0 + e] || (A.uncappedRate[a0 + e] as number) < (B.bestRate[b0 + e] as number))
      return false;
  }
  // Both are right-continuous step functions: comparing at every breakpoint of either suffices.
  for (let i = 0; i < A.steps.length; i++) {
    const s = A.steps[i] as number;
    if (gainAt(A, s) < gainAt(B, s) - 1e-9) return false;
  }
  for (let i = 0; i < B.steps.length; i++) {
    const s = B.steps[i] as number;
    if (gainAt(A, s) < gainAt(B, s) - 1e-9) return false;
  }
  return true;
}
