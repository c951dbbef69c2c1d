/** Standard normal quantiles used at 99% confidence. */
export const Z_ONE_SIDED_99 = 2.326347874040841;
export const Z_TWO_SIDED_99 = 2.5758293035489004;

/** Standard normal upper-tail probability, P(Z > z) (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
    Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}
