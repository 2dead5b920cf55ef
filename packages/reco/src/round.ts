/**
 * Round to `digits` decimals, half away from zero (catalog-format.md). The
 * value is first snapped to 9 significant decimals so that binary noise such as
 * 1.005 → 1.00499999… does not flip a half.
 */
export function roundHalfAwayFromZero(value: number, digits = 2): number {
  const f = 10 ** digits;
  const snapped = Number((Math.abs(value) * f).toFixed(6));
  const r = (Math.sign(value) * Math.floor(snapped + 0.5)) / f;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * The parts of a sum, each rounded to paise so that the rounded parts add up to the rounded sum
 * (a tile reading "Rewards ₹1,000, fee ₹98.24" under savings of ₹901.77 did not add up: the fee is
 * ₹98.235). Each part is first rounded alone; where their total is off by k paise, k parts take
 * their other rounding: those of the lowest `rank` first, then those whose exact value lay nearest
 * to it. So every part stays within a paisa of its exact value, and a part that is a whole number
 * of paise never moves. Always possible: a total k paise off needs at least k parts rounded the
 * other way.
 */
export function roundPartsToTotal(parts: readonly number[], rank: (index: number) => number): number[] {
  const rounded = parts.map((p) => roundHalfAwayFromZero(p));
  const paise = (v: number) => Math.round(v * 100);
  const total = paise(roundHalfAwayFromZero(parts.reduce((s, p) => s + p, 0)));
  let diff = total - rounded.reduce((s, r) => s + paise(r), 0);
  if (diff === 0) return rounded;
  const step = Math.sign(diff);
  // How far each part's exact value lies from its rounding, toward the side that closes the gap.
  const candidates = parts
    .map((p, i) => ({ i, rank: rank(i), lean: step * (p * 100 - paise(rounded[i] as number)) }))
    .filter((c) => c.lean > 1e-6)
    .sort((a, b) => a.rank - b.rank || b.lean - a.lean);
  for (const c of candidates) {
    if (diff === 0) break;
    rounded[c.i] = (paise(rounded[c.i] as number) + step) / 100;
    diff -= step;
  }
  return rounded;
}
