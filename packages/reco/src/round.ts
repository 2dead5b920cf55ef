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
