/** QR sizes of spec section 9: 120 in the side panel, 200 by default with a margin of 20. */
export const QR_SIDE_PANEL_SIZE = 120;
export const QR_DEFAULT_SIZE = 200;
export const QR_DEFAULT_MARGIN = 20;

const LOGO_SCALE_FALLBACK = 0.2;
const DOT_SCALE_FALLBACK = 0.35;

const within = (value: number | undefined, fallback: number): number | undefined =>
  value === undefined ? undefined : Number.isFinite(value) && value > 0 && value <= 1 ? value : fallback;

/**
 * The logo and dot scales as spec section 9 rules: a logo scale outside 0 to 1 falls back to 0.2, a dot scale
 * outside 0 to 1 to 0.35; unset, there is no logo and dots fill their module.
 */
export const qrScalesOf = (input: { logoScale?: number; dotScale?: number }) => ({
  logoScale: within(input.logoScale, LOGO_SCALE_FALLBACK),
  dotScale: within(input.dotScale, DOT_SCALE_FALLBACK) ?? 1,
});
