import { create } from 'qrcode';
import { useMemo } from 'react';
import { qrScalesOf } from './qr-options';

export interface QrCodeProps {
  value: string;
  label: string;
  className?: string;
  /** Drawn size in px (spec section 9: 200 by default, 120 in the side panel); unset, CSS sizes it. */
  size?: number;
  /** The white margin around the symbol, in px of `size`; unset, four modules. */
  margin?: number;
  /** Data dots as a share of their module (finder patterns stay whole). */
  dotScale?: number;
  /** A centre mark (the merchant's monogram) this share of the symbol wide. */
  logoScale?: number;
  logoText?: string;
}

const isFinder = (row: number, col: number, count: number): boolean =>
  (row < 7 && col < 7) || (row < 7 && col >= count - 7) || (row >= count - 7 && col < 7);

/**
 * A QR code drawn as one SVG path (crisp at any size, no canvas), e.g. the authenticator's otpauth URI or the
 * app-download link. Black on white whatever the theme: scanners need that contrast, so these are the one place
 * raw colours are right. With a centre mark the error correction rises to H so the code still reads.
 */
export const QrCode = ({ value, label, className, size, margin, dotScale, logoScale, logoText }: QrCodeProps) => {
  const scales = qrScalesOf({ dotScale, logoScale });
  const hasLogo = Boolean(logoText) && scales.logoScale !== undefined;
  const drawing = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: hasLogo ? 'H' : 'M' });
    const count = modules.size;
    // Units: one module is 1; the margin is converted from px when a size is given.
    const quiet = size && margin !== undefined ? (margin * count) / (size - 2 * margin) : 4;
    const inset = (1 - scales.dotScale) / 2;
    let d = '';
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) {
        if (!modules.get(row, col)) continue;
        const dot = isFinder(row, col, count) ? 1 : scales.dotScale;
        const offset = isFinder(row, col, count) ? 0 : inset;
        d += `M${col + quiet + offset} ${row + quiet + offset}h${dot}v${dot}h-${dot}z`;
      }
    }
    return { total: count + quiet * 2, count, quiet, path: d };
  }, [value, hasLogo, size, margin, scales.dotScale]);
  const logoSide = hasLogo && scales.logoScale ? drawing.count * scales.logoScale : 0;
  const logoAt = drawing.quiet + (drawing.count - logoSide) / 2;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${drawing.total} ${drawing.total}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-code=""
      data-qr-value={value}
    >
      <rect width={drawing.total} height={drawing.total} fill="#ffffff" />
      <path d={drawing.path} fill="#000000" />
      {logoSide > 0 ? (
        <g>
          <rect x={logoAt} y={logoAt} width={logoSide} height={logoSide} rx={logoSide / 5} fill="#ffffff" />
          <text
            x={logoAt + logoSide / 2}
            y={logoAt + logoSide / 2}
            fontSize={logoSide * 0.62}
            fontWeight={700}
            textAnchor="middle"
            dominantBaseline="central"
            fill="#000000"
            shapeRendering="auto"
          >
            {logoText}
          </text>
        </g>
      ) : null}
    </svg>
  );
};
