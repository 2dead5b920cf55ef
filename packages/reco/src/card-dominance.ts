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
  const profiles = candidates.map((c) => cardProfile(ci, c, E));
  // A dominator's uncapped rates add up to at least B's best rates (Σ over B's entries ≤ Σ over
  // A's). With the candidates sorted by that sum, B's possible dominators are a prefix.
  const bySum = [...candidates.keys()].sort(
    (x, y) => (profiles[y] as CardProfile).sumUncapped - (profiles[x] as CardProfile).sumUncapped,
  );
  const out: number[][] = ci.cards.map(() => []);
  for (let b = 0; b < candidates.length; b++) {
    const B = profiles[b] as CardProfile;
    for (let i = 0; i < bySum.length; i++) {
      const a = bySum[i] as number;
      const A = profiles[a] as CardProfile;
      if (A.sumUncapped < B.sumBest - 1e-12) break;
      if (a === b) continue;
      if (
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

/** B's eligible entries ⊆ A's, a word at a time. */
function covers(A: CardProfile, B: CardProfile): boolean {
  for (let w = 0; w < B.mask.length; w++)
    if (((B.mask[w] as number) & ~(A.mask[w] as number)) !== 0) return false;
  return true;
}

interface CardProfile {
  readonly eligible: Uint8Array;
  readonly mask: Uint32Array;
  readonly eligibleCount: number;
  /** Necessary-condition summaries: A's best uncapped rate must reach B's lowest best rate. */
  readonly maxUncapped: number;
  readonly minBest: number;
  /** Σ over eligible entries: A's uncapped rates must add up to at least B's best rates. */
  readonly sumUncapped: number;
  readonly sumBest: number;
  readonly bestRate: Float64Array;
  readonly uncappedRate: Float64Array;
  /** The eligible entry with the best rate (−1 when none): a dominator most often fails there. */
  readonly topEntry: number;
  /** Breakpoints (0 and each threshold) and G at each, ascending. */
  readonly steps: Float64Array;
  readonly gains: Float64Array;
}

function cardProfile(ci: CompiledInstance, c: number, E: number): CardProfile {
  const card = ci.cards[c];
  if (card === undefined) throw new Error(`card index ${c} out of range`);
  // Plain loops: this runs for every candidate of every request (600 cards × 60 entries).
  const binding = card.capBinds;
  const eligible = new Uint8Array(E);
  const bestRate = new Float64Array(E);
  const uncappedRate = new Float64Array(E);
  for (let e = 0; e < E; e++) {
    const opts = card.options[e];
    if (opts === null || opts === undefined || (ci.entries[e] as { monthly: number }).monthly <= 0) continue;
    eligible[e] = 1;
    for (let i = 0; i < opts.length; i++) {
      const o = opts[i] as SpendOption;
      if (o.rate > (bestRate[e] as number)) bestRate[e] = o.rate;
      if (o.rate <= (uncappedRate[e] as number)) continue;
      let free = true;
      for (let k = 0; k < o.caps.length; k++) if (binding[o.caps[k] as number] === 1) free = false;
      if (free) uncappedRate[e] = o.rate;
    }
  }
  const mask = new Uint32Array(Math.ceil(E / 32));
  let eligibleCount = 0;
  let maxUncapped = 0;
  let minBest = Number.POSITIVE_INFINITY;
  let sumUncapped = 0;
  let sumBest = 0;
  let topEntry = -1;
  for (let e = 0; e < E; e++) {
    if (!eligible[e]) continue;
    if (topEntry < 0 || (bestRate[e] as number) > (bestRate[topEntry] as number)) topEntry = e;
    sumUncapped += uncappedRate[e] as number;
    sumBest += bestRate[e] as number;
    mask[e >> 5] = (mask[e >> 5] as number) | (1 << (e & 31));
    eligibleCount++;
    maxUncapped = Math.max(maxUncapped, uncappedRate[e] as number);
    minBest = Math.min(minBest, bestRate[e] as number);
  }
  if (eligibleCount === 0) minBest = 0;
  const act = activeThresholds(card, false);
  const steps = [0, ...act.levels.map((l) => l.monthly)];
  let g = act.constantGain - card.feeMonthly;
  const gains = [g];
  for (const l of act.levels) {
    g += l.gain;
    gains.push(g);
  }
  return {
    eligible,
    mask,
    eligibleCount,
    maxUncapped,
    minBest,
    sumUncapped,
    sumBest,
    bestRate,
    uncappedRate,
    topEntry,
    steps: Float64Array.from(steps),
    gains: Float64Array.from(gains),
  };
}

/** G at spend s: the gain of the last breakpoint ≤ s. */
function gainAt(p: CardProfile, s: number): number {
  let v = p.gains[0] as number;
  for (let i = 1; i < p.steps.length && (p.steps[i] as number) <= s; i++) v = p.gains[i] as number;
  return v;
}

function dominates(A: CardProfile, B: CardProfile): boolean {
  const t = B.topEntry;
  if (t >= 0 && (A.uncappedRate[t] as number) < (B.bestRate[t] as number)) return false;
  for (let e = 0; e < B.eligible.length; e++) {
    if (!B.eligible[e]) continue;
    if (!A.eligible[e] || (A.uncappedRate[e] as number) < (B.bestRate[e] as number)) return false;
  }
  // Both are right-continuous step functions: comparing at every breakpoint of either suffices.
  for (const s of A.steps) if (gainAt(A, s) < gainAt(B, s) - 1e-9) return false;
  for (const s of B.steps) if (gainAt(A, s) < gainAt(B, s) - 1e-9) return false;
  return true;
}
