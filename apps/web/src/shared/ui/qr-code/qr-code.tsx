import { create } from 'qrcode';
import { useMemo } from 'react';

export interface QrCodeProps {
  value: string;
  label: string;
  className?: string;
}

/** Quiet zone of four modules around the symbol, as scanners expect. */
const QUIET = 4;

/**
 * A QR code drawn as one SVG path (crisp at any size, no canvas), e.g. the authenticator's otpauth URI. Black on
 * white whatever the theme: scanners need that contrast, so these are the one place raw colours are right.
 */
export const QrCode = ({ value, label, className }: QrCodeProps) => {
  const { size, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
      }
    }
    return { size: modules.size + QUIET * 2, path: d };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-code=""
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
};
