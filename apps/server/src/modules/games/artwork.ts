import { createHash } from 'node:crypto';

/**
 * Game and vendor artwork drawn by the platform (docs/decisions/0016-game-catalogue-and-artwork.md): a
 * deterministic SVG from the vendor's palette, a motif and the game's name, so the demo catalogue ships no copied
 * images and every tile is recognisable. Served with a content hash in the URL and cached for a year.
 */

interface Palette {
  from: string;
  to: string;
  accent: string;
  ink: string;
}

/** Palette 0 is the in-house brand; the others go to vendors in turn. */
const palettes: readonly Palette[] = [
  { from: '#3b0764', to: '#7c3aed', accent: '#fbbf24', ink: '#ffffff' },
  { from: '#7f1d1d', to: '#dc2626', accent: '#fde68a', ink: '#ffffff' },
  { from: '#0c4a6e', to: '#0284c7', accent: '#a5f3fc', ink: '#ffffff' },
  { from: '#14532d', to: '#16a34a', accent: '#fef08a', ink: '#ffffff' },
  { from: '#78350f', to: '#d97706', accent: '#fffbeb', ink: '#ffffff' },
  { from: '#312e81', to: '#4f46e5', accent: '#f9a8d4', ink: '#ffffff' },
  { from: '#831843', to: '#db2777', accent: '#fde047', ink: '#ffffff' },
  { from: '#134e4a', to: '#0d9488', accent: '#fcd34d', ink: '#ffffff' },
  { from: '#1e293b', to: '#475569', accent: '#38bdf8', ink: '#ffffff' },
  { from: '#4a044e', to: '#a21caf', accent: '#67e8f9', ink: '#ffffff' },
  { from: '#422006', to: '#a16207', accent: '#fef9c3', ink: '#ffffff' },
  { from: '#172554', to: '#1d4ed8', accent: '#fca5a5', ink: '#ffffff' },
];

const paletteOf = (index: number): Palette => palettes[Math.abs(index) % palettes.length] as Palette;

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

/** Up to three capitals from the words of a name ("Lucky Tiger Jackpot" → LTJ). */
export const initialsOf = (name: string): string =>
  name
    .split(/[\s/'-]+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
    .slice(0, 3) || '?';

const motif = (variant: number, accent: string, seed: number): string => {
  const shapes: string[] = [];
  const opacity = 'fill-opacity="0.18"';
  switch (variant % 8) {
    case 0:
      for (let r = 30; r <= 170; r += 28)
        shapes.push(
          `<circle cx="120" cy="120" r="${r}" fill="none" stroke="${accent}" stroke-opacity="0.25" stroke-width="6"/>`,
        );
      break;
    case 1:
      for (let x = -240; x < 240; x += 32)
        shapes.push(
          `<rect x="${x}" y="-40" width="14" height="340" fill="${accent}" ${opacity} transform="rotate(35 120 120)"/>`,
        );
      break;
    case 2:
      for (let x = 0; x <= 240; x += 40)
        for (let y = (x / 40) % 2 === 0 ? 0 : 20; y <= 240; y += 40)
          shapes.push(
            `<rect x="${x - 8}" y="${y - 8}" width="16" height="16" fill="${accent}" ${opacity} transform="rotate(45 ${x} ${y})"/>`,
          );
      break;
    case 3:
      for (let angle = 0; angle < 360; angle += 20)
        shapes.push(
          `<polygon points="120,120 250,${110 + (seed % 7)} 250,${130 - (seed % 5)}" fill="${accent}" ${opacity} transform="rotate(${angle} 120 120)"/>`,
        );
      break;
    case 4:
      for (let y = 20; y < 260; y += 34)
        shapes.push(
          `<path d="M0 ${y} Q 60 ${y - 22} 120 ${y} T 240 ${y}" fill="none" stroke="${accent}" stroke-opacity="0.25" stroke-width="7"/>`,
        );
      break;
    case 5:
      for (let row = 0; row < 7; row++)
        for (let col = 0; col < 6; col++) {
          const cx = col * 46 + (row % 2) * 23;
          const cy = row * 40;
          shapes.push(
            `<polygon points="${[0, 60, 120, 180, 240, 300].map((a) => `${(cx + 18 * Math.cos((a * Math.PI) / 180)).toFixed(1)},${(cy + 18 * Math.sin((a * Math.PI) / 180)).toFixed(1)}`).join(' ')}" fill="none" stroke="${accent}" stroke-opacity="0.22" stroke-width="3"/>`,
          );
        }
      break;
    case 6:
      for (let i = 0; i < 14; i++) {
        const x = (seed * (i + 3) * 37) % 240;
        const y = (seed * (i + 7) * 53) % 240;
        const size = 6 + ((seed >> i) % 10);
        shapes.push(
          `<path d="M${x} ${y - size} L${x + size * 0.3} ${y - size * 0.3} L${x + size} ${y} L${x + size * 0.3} ${y + size * 0.3} L${x} ${y + size} L${x - size * 0.3} ${y + size * 0.3} L${x - size} ${y} L${x - size * 0.3} ${y - size * 0.3} Z" fill="${accent}" fill-opacity="0.35"/>`,
        );
      }
      break;
    default:
      for (let x = 0; x < 240; x += 48)
        for (let y = 0; y < 240; y += 48)
          shapes.push(
            `<polygon points="${x},${y + 48} ${x + 24},${y} ${x + 48},${y + 48}" fill="${accent}" fill-opacity="${0.06 + (((x + y + seed) / 48) % 4) * 0.05}"/>`,
          );
  }
  return shapes.join('');
};

const seedOf = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0);

/** A square game tile: the vendor's palette, a motif, the name's initials, the vendor code. */
export const gameArtworkSvg = (input: { name: string; vendor: string; palette: number; variant: number }): string => {
  const palette = paletteOf(input.palette);
  const seed = seedOf(`${input.vendor}|${input.name}`);
  const initials = escapeXml(initialsOf(input.name));
  const vendor = escapeXml(input.vendor);
  const size = initials.length > 2 ? 56 : initials.length === 2 ? 68 : 92;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img">',
    `<title>${escapeXml(input.name)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    '<rect width="240" height="240" fill="url(#g)"/>',
    motif(input.variant, palette.accent, seed),
    `<circle cx="120" cy="112" r="62" fill="${palette.from}" fill-opacity="0.55" stroke="${palette.accent}" stroke-width="4"/>`,
    `<text x="120" y="112" dy="0.35em" text-anchor="middle" font-family="serif" font-weight="700" font-size="${size}" fill="${palette.ink}">${initials}</text>`,
    `<rect x="78" y="196" width="84" height="26" rx="13" fill="${palette.accent}"/>`,
    `<text x="120" y="209" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="14" fill="${palette.from}">${vendor}</text>`,
    '</svg>',
  ].join('');
};

/** A vendor logo: its code on its palette, wide for provider filters and lanes. */
export const vendorLogoSvg = (input: { code: string; displayName: string; palette: number }): string => {
  const palette = paletteOf(input.palette);
  const code = escapeXml(input.code);
  const size = input.code.length > 9 ? 13 : input.code.length > 5 ? 19 : 34;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64" width="160" height="64" role="img">',
    `<title>${escapeXml(input.displayName)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    '<rect width="160" height="64" rx="12" fill="url(#g)"/>',
    `<rect x="10" y="10" width="44" height="44" rx="10" fill="none" stroke="${palette.accent}" stroke-width="4"/>`,
    `<circle cx="32" cy="32" r="9" fill="${palette.accent}"/>`,
    `<text x="106" y="32" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="${size}" fill="${palette.ink}">${code}</text>`,
    '</svg>',
  ].join('');
};

/** The drawing's own revision: changing how the artwork is drawn changes every artwork's URL. */
const DRAWING_REVISION = 2;

/** A short hash of what the artwork is drawn from: part of its URL, so an edit changes the URL. */
export const artworkVersion = (parts: readonly (string | number)[]): string => {
  // Every listed game asks (a page of 18 hashed 18 times was 2% of the lobby's CPU): remember the answers.
  const key = parts.join('|');
  let version = versions.get(key);
  if (version === undefined) {
    version = createHash('sha256').update(`${DRAWING_REVISION}|${key}`).digest('hex').slice(0, 10);
    if (versions.size >= 100_000) versions.clear();
    versions.set(key, version);
  }
  return version;
};
const versions = new Map<string, string>();
