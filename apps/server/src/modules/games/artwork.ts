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

/** What a tile is about: read from the game's English name, then its classification, then its category. */
export type Emblem =
  | 'crown'
  | 'gem'
  | 'coins'
  | 'star'
  | 'cherries'
  | 'bell'
  | 'seven'
  | 'flame'
  | 'paw'
  | 'wing'
  | 'fish'
  | 'temple'
  | 'chest'
  | 'lantern'
  | 'mountain'
  | 'ship'
  | 'mask'
  | 'horseshoe'
  | 'flower'
  | 'shield'
  | 'crystal'
  | 'firework'
  | 'pearl'
  | 'wave'
  | 'wheel'
  | 'cards'
  | 'dice'
  | 'chips'
  | 'ball'
  | 'controller'
  | 'rooster'
  | 'balls'
  | 'rocket'
  | 'pegs'
  | 'bomb'
  | 'car';

/** Keywords of a name, first match wins (more specific words first). */
const nameEmblems: readonly (readonly [RegExp, Emblem])[] = [
  [/crash|rocket|airship/i, 'rocket'],
  [/limbo/i, 'firework'],
  [/plinko/i, 'pegs'],
  [/mines/i, 'bomb'],
  [/keno|lotto|bingo|draw|four|ten|five|three|lottery/i, 'balls'],
  [/roulette|wheel|spins|fortune/i, 'wheel'],
  [/sic bo|dice|craps/i, 'dice'],
  [/fan tan|chip/i, 'chips'],
  [/racing|kart|derby|greyhound|race|dash/i, 'car'],
  [/cockfight|rooster|sabong|pit\b/i, 'rooster'],
  [/football|basketball|tennis|cricket|sport|betting|outright/i, 'ball'],
  [/esports|moba|shooter|royale|sim series|arena/i, 'controller'],
  [/fish|shark|kraken|mermaid|ocean king|coral|koi|tidal|bay/i, 'fish'],
  [
    /baccarat|blackjack|poker|hold'em|rummy|cards|niu|zha|dou di|sam gong|pai gow|mahjong|run fast|dragon tiger/i,
    'cards',
  ],
  [/crown|king|queen|royal|empire/i, 'crown'],
  [/gem|diamond|jade|emerald|sapphire/i, 'gem'],
  [/coin|riches|gold|jackpot/i, 'coins'],
  [/treasure|secret|hidden/i, 'chest'],
  [/star|cosmic|lunar|solar|midnight/i, 'star'],
  [/fruit|cherr/i, 'cherries'],
  [/bell/i, 'bell'],
  [/dragon|blazing|volcano|crimson|flame/i, 'flame'],
  [/tiger|lion|wolf|panda|cat|monkey|rhino|buffalo|safari|jungle/i, 'paw'],
  [/phoenix|eagle/i, 'wing'],
  [/temple|palace|shrine/i, 'temple'],
  [/lantern|festival/i, 'lantern'],
  [/mountain|desert/i, 'mountain'],
  [/ship|voyage|pirate/i, 'ship'],
  [/mask|carnival/i, 'mask'],
  [/horse/i, 'horseshoe'],
  [/orchid|garden|bamboo/i, 'flower'],
  [/knight|legend|quest/i, 'shield'],
  [/wizard|magic|mystic|sacred|eternal/i, 'crystal'],
  [/pearl/i, 'pearl'],
  [/river|frozen/i, 'wave'],
  [/scratch/i, 'star'],
  [/arcade/i, 'controller'],
  [/lucky|happy|sunny/i, 'seven'],
];

const categoryEmblems: Readonly<Record<string, Emblem>> = {
  RNG: 'seven',
  LIVE: 'cards',
  FISH: 'fish',
  PVP: 'cards',
  SPORTS: 'ball',
  ESPORTS: 'controller',
  COCKFIGHT: 'rooster',
  LOTT: 'balls',
  ELOTT: 'balls',
  INHOUSE: 'dice',
};

export const emblemOf = (name: string, gameType: string): Emblem =>
  nameEmblems.find(([pattern]) => pattern.test(name))?.[1] ?? categoryEmblems[gameType] ?? 'star';

/**
 * Each emblem in a 100 × 100 box: `a` is the palette's accent (the metal), `d` its dark colour, `l` a light one.
 * Drawn with a gold-like gradient `url(#m)` defined by the tile.
 */
const emblemShapes: Readonly<Record<Emblem, (d: string) => string>> = {
  crown: (d) =>
    `<path d="M14 74 L10 30 L32 50 L50 18 L68 50 L90 30 L86 74 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><rect x="14" y="74" width="72" height="12" rx="3" fill="url(#m)" stroke="${d}" stroke-width="3"/><circle cx="50" cy="56" r="7" fill="#e11d48" stroke="#fff" stroke-width="2"/><circle cx="30" cy="64" r="4" fill="#22d3ee"/><circle cx="70" cy="64" r="4" fill="#22d3ee"/><circle cx="10" cy="28" r="5" fill="url(#m)"/><circle cx="50" cy="16" r="5" fill="url(#m)"/><circle cx="90" cy="28" r="5" fill="url(#m)"/>`,
  gem: (d) =>
    `<path d="M22 36 L36 18 L64 18 L78 36 L50 88 Z" fill="#22d3ee" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M22 36 L78 36 M36 18 L44 36 L50 88 M64 18 L56 36 L50 88" fill="none" stroke="#ecfeff" stroke-width="2" stroke-opacity="0.8"/><path d="M36 18 L44 36 L22 36 Z" fill="#ecfeff" fill-opacity="0.6"/><path d="M56 36 L78 36 L50 88 Z" fill="#0e7490" fill-opacity="0.45"/>`,
  coins: (d) =>
    [70, 56, 42]
      .map(
        (y, i) =>
          `<ellipse cx="${42 + i * 8}" cy="${y + 8}" rx="30" ry="11" fill="${d}" fill-opacity="0.5"/><ellipse cx="${42 + i * 8}" cy="${y}" rx="30" ry="11" fill="url(#m)" stroke="${d}" stroke-width="2.5"/>`,
      )
      .join('') +
    `<circle cx="58" cy="36" r="24" fill="url(#m)" stroke="${d}" stroke-width="3"/><circle cx="58" cy="36" r="17" fill="none" stroke="${d}" stroke-width="2" stroke-opacity="0.6"/><text x="58" y="36" dy="0.36em" text-anchor="middle" font-family="serif" font-weight="700" font-size="22" fill="${d}">$</text>`,
  star: (d) =>
    `<path d="M50 8 L61 37 L92 38 L68 58 L77 89 L50 71 L23 89 L32 58 L8 38 L39 37 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M50 22 L57 40 L50 62 L43 40 Z" fill="#fff" fill-opacity="0.5"/>`,
  cherries: (d) =>
    `<path d="M34 62 Q40 30 62 14 M66 60 Q62 34 62 14" fill="none" stroke="#15803d" stroke-width="5" stroke-linecap="round"/><path d="M62 14 Q78 8 86 20 Q72 26 62 14 Z" fill="#22c55e"/><circle cx="32" cy="70" r="18" fill="#dc2626" stroke="${d}" stroke-width="3"/><circle cx="68" cy="68" r="18" fill="#e11d48" stroke="${d}" stroke-width="3"/><circle cx="26" cy="64" r="5" fill="#fff" fill-opacity="0.7"/><circle cx="62" cy="62" r="5" fill="#fff" fill-opacity="0.7"/>`,
  bell: (d) =>
    `<path d="M50 12 C30 12 26 32 26 50 C26 62 20 68 14 74 L86 74 C80 68 74 62 74 50 C74 32 70 12 50 12 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><circle cx="50" cy="82" r="8" fill="url(#m)" stroke="${d}" stroke-width="3"/><rect x="44" y="6" width="12" height="9" rx="3" fill="url(#m)" stroke="${d}" stroke-width="2"/><path d="M38 24 Q32 36 34 52" fill="none" stroke="#fff" stroke-width="4" stroke-opacity="0.6" stroke-linecap="round"/>`,
  seven: (d) =>
    `<text x="50" y="54" dy="0.36em" text-anchor="middle" font-family="serif" font-weight="900" font-size="96" fill="#dc2626" stroke="${d}" stroke-width="4" paint-order="stroke">7</text><text x="50" y="50" dy="0.36em" text-anchor="middle" font-family="serif" font-weight="900" font-size="96" fill="url(#m)">7</text>`,
  flame: (d) =>
    `<path d="M50 6 C58 26 80 34 80 60 C80 80 66 92 50 92 C34 92 20 80 20 60 C20 44 30 36 34 24 C38 34 42 38 46 40 C48 28 46 18 50 6 Z" fill="#f97316" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M50 40 C56 52 66 58 66 70 C66 82 58 88 50 88 C42 88 34 82 34 70 C34 62 40 58 42 50 C46 56 48 52 50 40 Z" fill="url(#m)"/><path d="M50 62 C54 68 58 72 58 78 C58 84 54 86 50 86 C46 86 42 84 42 78 C42 72 48 70 50 62 Z" fill="#fff" fill-opacity="0.8"/>`,
  paw: (d) =>
    `<ellipse cx="50" cy="66" rx="24" ry="20" fill="url(#m)" stroke="${d}" stroke-width="3"/><ellipse cx="22" cy="44" rx="9" ry="12" fill="url(#m)" stroke="${d}" stroke-width="3" transform="rotate(-20 22 44)"/><ellipse cx="40" cy="28" rx="9" ry="13" fill="url(#m)" stroke="${d}" stroke-width="3"/><ellipse cx="60" cy="28" rx="9" ry="13" fill="url(#m)" stroke="${d}" stroke-width="3"/><ellipse cx="78" cy="44" rx="9" ry="12" fill="url(#m)" stroke="${d}" stroke-width="3" transform="rotate(20 78 44)"/>`,
  wing: (d) =>
    `<path d="M50 86 C30 70 8 52 6 18 C22 30 30 30 40 34 C34 24 34 16 38 8 C46 22 50 34 50 44 C50 34 54 22 62 8 C66 16 66 24 60 34 C70 30 78 30 94 18 C92 52 70 70 50 86 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M50 84 L50 46 M50 70 L26 44 M50 70 L74 44" fill="none" stroke="${d}" stroke-width="2" stroke-opacity="0.5"/>`,
  fish: (d) =>
    `<path d="M10 50 C24 24 58 20 76 44 L94 28 L90 50 L94 72 L76 56 C58 80 24 76 10 50 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><circle cx="28" cy="46" r="5" fill="${d}"/><circle cx="27" cy="45" r="1.8" fill="#fff"/><path d="M44 36 Q52 50 44 64 M56 36 Q64 50 56 64" fill="none" stroke="${d}" stroke-width="2" stroke-opacity="0.5"/><circle cx="82" cy="16" r="4" fill="none" stroke="#fff" stroke-width="2" stroke-opacity="0.7"/><circle cx="90" cy="6" r="3" fill="none" stroke="#fff" stroke-width="2" stroke-opacity="0.7"/>`,
  temple: (d) =>
    `<path d="M6 34 L50 8 L94 34 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><rect x="12" y="34" width="76" height="8" fill="url(#m)" stroke="${d}" stroke-width="2.5"/>${[20, 36, 56, 72].map((x) => `<rect x="${x}" y="44" width="8" height="36" fill="url(#m)" stroke="${d}" stroke-width="2"/>`).join('')}<rect x="8" y="80" width="84" height="10" fill="url(#m)" stroke="${d}" stroke-width="2.5"/>`,
  chest: (d) =>
    `<path d="M12 44 C12 22 88 22 88 44 Z" fill="#92400e" stroke="${d}" stroke-width="3"/><rect x="12" y="44" width="76" height="42" rx="3" fill="#b45309" stroke="${d}" stroke-width="3"/><path d="M12 44 L88 44 M30 28 L30 86 M70 28 L70 86" stroke="url(#m)" stroke-width="6"/><rect x="42" y="40" width="16" height="20" rx="3" fill="url(#m)" stroke="${d}" stroke-width="2"/><circle cx="36" cy="22" r="5" fill="url(#m)"/><circle cx="56" cy="18" r="6" fill="url(#m)"/><circle cx="66" cy="26" r="4" fill="#22d3ee"/>`,
  lantern: (d) =>
    `<rect x="40" y="6" width="20" height="8" rx="2" fill="url(#m)"/><ellipse cx="50" cy="50" rx="34" ry="36" fill="#dc2626" stroke="${d}" stroke-width="3"/><path d="M50 14 C34 30 34 70 50 86 C66 70 66 30 50 14 Z" fill="none" stroke="url(#m)" stroke-width="3"/><path d="M24 26 L76 26 M24 74 L76 74" stroke="url(#m)" stroke-width="5"/><path d="M46 86 L46 96 M50 86 L50 98 M54 86 L54 96" stroke="url(#m)" stroke-width="3"/>`,
  mountain: (d) =>
    `<circle cx="74" cy="24" r="12" fill="url(#m)"/><path d="M4 88 L38 26 L56 58 L66 44 L96 88 Z" fill="#475569" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M30 40 L38 26 L46 40 L40 36 L36 42 Z" fill="#fff"/><path d="M60 52 L66 44 L72 52 Z" fill="#fff"/>`,
  ship: (d) =>
    `<path d="M48 10 L48 66 M48 14 L80 58 L48 58 Z M44 20 L18 58 L44 58 Z" fill="#fff" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M8 66 L92 66 L80 86 L20 86 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M48 10 L62 14 L48 18" fill="#dc2626"/>`,
  mask: (d) =>
    `<path d="M8 30 C30 22 42 30 50 36 C58 30 70 22 92 30 C94 56 80 74 62 70 C56 68 54 60 50 60 C46 60 44 68 38 70 C20 74 6 56 8 30 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><ellipse cx="30" cy="44" rx="10" ry="7" fill="${d}"/><ellipse cx="70" cy="44" rx="10" ry="7" fill="${d}"/><path d="M20 26 C14 10 30 4 34 18 M80 26 C86 10 70 4 66 18" fill="none" stroke="#e11d48" stroke-width="4" stroke-linecap="round"/>`,
  horseshoe: (d) =>
    `<path d="M22 88 L16 46 C14 22 30 10 50 10 C70 10 86 22 84 46 L78 88 L62 88 L66 48 C68 34 60 26 50 26 C40 26 32 34 34 48 L38 88 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/>${[
      [24, 76],
      [21, 58],
      [24, 38],
      [76, 76],
      [79, 58],
      [76, 38],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="${d}"/>`)
      .join('')}`,
  flower: (d) =>
    `${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="50" cy="26" rx="14" ry="24" fill="#f472b6" stroke="${d}" stroke-width="2.5" transform="rotate(${a} 50 50)"/>`).join('')}<circle cx="50" cy="50" r="12" fill="url(#m)" stroke="${d}" stroke-width="2.5"/>`,
  shield: (d) =>
    `<path d="M50 6 L88 20 C88 56 74 80 50 94 C26 80 12 56 12 20 Z" fill="#1d4ed8" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M50 14 L80 25 C80 54 69 73 50 85 Z" fill="url(#m)"/><path d="M32 50 L45 63 L69 35" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
  crystal: (d) =>
    `<rect x="26" y="76" width="48" height="14" rx="4" fill="url(#m)" stroke="${d}" stroke-width="3"/><circle cx="50" cy="44" r="34" fill="#a78bfa" stroke="${d}" stroke-width="3"/><circle cx="50" cy="44" r="26" fill="#c4b5fd" fill-opacity="0.6"/><path d="M36 30 Q42 22 52 22" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/><path d="M56 42 L60 50 L68 52 L60 55 L56 64 L52 55 L44 52 L52 50 Z" fill="#fff"/>`,
  firework: (d) =>
    `${Array.from({ length: 12 }, (_, i) => `<path d="M50 50 L50 10" stroke="${i % 2 ? '#f472b6' : 'url(#m)'}" stroke-width="5" stroke-linecap="round" transform="rotate(${i * 30} 50 50)"/><circle cx="50" cy="8" r="4" fill="#fff" transform="rotate(${i * 30} 50 50)"/>`).join('')}<circle cx="50" cy="50" r="10" fill="url(#m)" stroke="${d}" stroke-width="2"/>`,
  pearl: (d) =>
    `<path d="M6 56 C10 30 30 22 50 40 C70 22 90 30 94 56 C80 62 70 64 50 64 C30 64 20 62 6 56 Z" fill="#0e7490" stroke="${d}" stroke-width="3"/><path d="M10 60 C20 84 80 84 90 60 C70 68 30 68 10 60 Z" fill="#155e75" stroke="${d}" stroke-width="3"/><circle cx="50" cy="52" r="16" fill="#f8fafc" stroke="${d}" stroke-width="2"/><circle cx="44" cy="46" r="5" fill="#fff"/>`,
  wave: (d) =>
    `<path d="M4 60 C20 30 44 20 64 28 C50 34 46 46 56 54 C66 62 84 54 96 48 L96 92 L4 92 Z" fill="#0284c7" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M4 76 C24 66 44 86 64 76 C76 70 86 70 96 76" fill="none" stroke="#e0f2fe" stroke-width="5" stroke-linecap="round"/><circle cx="72" cy="22" r="12" fill="url(#m)"/>`,
  wheel: (d) =>
    `<circle cx="50" cy="50" r="44" fill="url(#m)" stroke="${d}" stroke-width="3"/>${Array.from({ length: 12 }, (_, i) => `<path d="M50 50 L50 10 A40 40 0 0 1 ${(50 + 40 * Math.sin(Math.PI / 6)).toFixed(1)} ${(50 - 40 * Math.cos(Math.PI / 6)).toFixed(1)} Z" fill="${i === 0 ? '#16a34a' : i % 2 ? '#111827' : '#dc2626'}" transform="rotate(${i * 30} 50 50)"/>`).join('')}<circle cx="50" cy="50" r="16" fill="url(#m)" stroke="${d}" stroke-width="2"/><circle cx="50" cy="22" r="4" fill="#fff"/>`,
  cards: (d) =>
    `<rect x="14" y="16" width="44" height="64" rx="6" fill="#fff" stroke="${d}" stroke-width="3" transform="rotate(-14 36 48)"/><rect x="42" y="18" width="44" height="64" rx="6" fill="#fff" stroke="${d}" stroke-width="3" transform="rotate(12 64 50)"/><text x="66" y="52" dy="0.36em" text-anchor="middle" font-family="serif" font-weight="700" font-size="34" fill="#dc2626" transform="rotate(12 64 50)">A</text><path d="M30 40 C30 32 40 32 36 42 C40 32 50 34 42 46 L36 54 L30 46 Z" fill="#111827" transform="rotate(-14 36 48)"/>`,
  dice: (d) =>
    `<rect x="8" y="30" width="48" height="48" rx="9" fill="#fff" stroke="${d}" stroke-width="3" transform="rotate(-12 32 54)"/><rect x="46" y="14" width="46" height="46" rx="9" fill="#dc2626" stroke="${d}" stroke-width="3" transform="rotate(14 69 37)"/>${[
      [22, 44],
      [32, 54],
      [42, 64],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#111827" transform="rotate(-12 32 54)"/>`)
      .join('')}${[
      [58, 26],
      [80, 26],
      [58, 48],
      [80, 48],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4.5" fill="#fff" transform="rotate(14 69 37)"/>`)
      .join('')}`,
  chips: (d) =>
    `${[
      [30, 64, '#dc2626'],
      [70, 64, '#2563eb'],
      [50, 36, '#16a34a'],
    ]
      .map(
        ([x, y, c]) =>
          `<circle cx="${x}" cy="${y}" r="24" fill="${c}" stroke="${d}" stroke-width="3"/><circle cx="${x}" cy="${y}" r="24" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="8 10.8"/><circle cx="${x}" cy="${y}" r="13" fill="url(#m)"/>`,
      )
      .join('')}`,
  ball: (d) =>
    `<circle cx="50" cy="50" r="40" fill="#fff" stroke="${d}" stroke-width="3"/><path d="M50 32 L66 44 L60 63 L40 63 L34 44 Z" fill="#111827"/><path d="M50 32 L50 12 M66 44 L86 38 M60 63 L72 80 M40 63 L28 80 M34 44 L14 38" stroke="#111827" stroke-width="3"/><path d="M36 12 L50 12 L60 10 M86 38 L90 52 M72 80 L60 88 M28 80 L40 88 M14 38 L10 52" stroke="#111827" stroke-width="3"/>`,
  controller: (d) =>
    `<path d="M24 30 L76 30 C90 30 96 46 96 60 C96 76 86 82 78 76 L66 64 L34 64 L22 76 C14 82 4 76 4 60 C4 46 10 30 24 30 Z" fill="#334155" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M20 46 L36 46 M28 38 L28 54" stroke="url(#m)" stroke-width="6" stroke-linecap="round"/><circle cx="68" cy="42" r="5" fill="#22c55e"/><circle cx="78" cy="50" r="5" fill="#ef4444"/><circle cx="58" cy="50" r="5" fill="#3b82f6"/><circle cx="68" cy="58" r="5" fill="url(#m)"/>`,
  rooster: (d) =>
    `<path d="M30 90 L40 70 C20 66 14 46 26 34 C32 28 40 30 44 34 L52 20 C56 14 62 16 62 22 C68 16 76 20 72 28 C80 28 80 38 72 40 L66 42 C76 52 84 40 92 46 C94 64 80 78 60 74 L62 90 Z" fill="url(#m)" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M52 20 C56 10 66 10 64 18 C70 12 76 18 70 24" fill="#dc2626"/><path d="M44 34 L34 40 L44 42 Z" fill="#f59e0b"/><circle cx="50" cy="34" r="3" fill="${d}"/><path d="M44 44 C44 52 50 54 50 48" fill="#dc2626"/>`,
  balls: (d) =>
    `${[
      [30, 64, '#dc2626', '7'],
      [70, 64, '#2563eb', '3'],
      [50, 32, '#16a34a', '9'],
    ]
      .map(
        ([x, y, c, n]) =>
          `<circle cx="${x}" cy="${y}" r="24" fill="${c}" stroke="${d}" stroke-width="3"/><circle cx="${x}" cy="${y}" r="12" fill="#fff"/><text x="${x}" y="${y}" dy="0.36em" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="15" fill="#111827">${n}</text><circle cx="${Number(x) - 10}" cy="${Number(y) - 12}" r="4" fill="#fff" fill-opacity="0.6"/>`,
      )
      .join('')}`,
  rocket: (d) =>
    `<path d="M50 4 C66 18 70 40 66 62 L34 62 C30 40 34 18 50 4 Z" fill="#f1f5f9" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><circle cx="50" cy="32" r="9" fill="#38bdf8" stroke="${d}" stroke-width="3"/><path d="M34 46 L20 66 L34 62 Z M66 46 L80 66 L66 62 Z" fill="#dc2626" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M38 64 C40 80 46 88 50 96 C54 88 60 80 62 64 Z" fill="url(#m)"/>`,
  pegs: (d) =>
    `${Array.from({ length: 6 }, (_, row) =>
      Array.from(
        { length: row + 1 },
        (_, col) => `<circle cx="${50 - row * 7 + col * 14}" cy="${12 + row * 13}" r="3.4" fill="#fff"/>`,
      ).join(''),
    ).join(
      '',
    )}<circle cx="57" cy="32" r="7" fill="url(#m)" stroke="${d}" stroke-width="2"/>${['#dc2626', '#f97316', '#facc15', '#f97316', '#dc2626'].map((c, i) => `<rect x="${16 + i * 14}" y="86" width="12" height="9" rx="2" fill="${c}"/>`).join('')}`,
  bomb: (d) =>
    `<circle cx="44" cy="58" r="32" fill="#111827" stroke="${d}" stroke-width="3"/><rect x="56" y="20" width="16" height="12" rx="2" fill="#475569" transform="rotate(40 64 26)"/><path d="M68 20 C74 10 84 10 86 6" fill="none" stroke="#a16207" stroke-width="3"/><path d="M88 2 L90 8 L96 8 L91 12 L93 18 L88 14 L83 18 L85 12 L80 8 L86 8 Z" fill="url(#m)"/><circle cx="32" cy="46" r="8" fill="#fff" fill-opacity="0.3"/>`,
  car: (d) =>
    `<path d="M6 66 L10 50 C12 44 18 42 24 42 L34 28 C36 26 38 24 44 24 L66 24 C72 24 74 26 78 32 L86 44 C92 46 96 50 96 56 L96 66 Z" fill="#dc2626" stroke="${d}" stroke-width="3" stroke-linejoin="round"/><path d="M38 42 L46 30 L60 30 L60 42 Z M66 42 L66 30 L72 30 L80 42 Z" fill="#bae6fd"/><circle cx="28" cy="68" r="11" fill="#111827" stroke="url(#m)" stroke-width="4"/><circle cx="76" cy="68" r="11" fill="#111827" stroke="url(#m)" stroke-width="4"/><path d="M2 82 L30 82 M40 88 L70 88" stroke="#fff" stroke-width="3" stroke-opacity="0.6" stroke-linecap="round"/>`,
};

/** A name in at most two lines of at most `width` characters each; the second is cut with an ellipsis. */
export const nameLines = (name: string, width: number): string[] => {
  const words = name.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (!line) line = word;
    else if (`${line} ${word}`.length <= width) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines.map((text) => (text.length > width ? `${text.slice(0, width - 1)}…` : text));
  const second = lines.slice(1).join(' ');
  return [lines[0] as string, second.length > width ? `${second.slice(0, width - 1)}…` : second];
};

/**
 * A square game tile, illustrated: the vendor's palette as a lit stage, a motif behind, the game's emblem (from
 * its name, classification or category) in the middle, its name on a plate below and the vendor's badge at the top centre (the card's corners hold its hot badge and
 * favourite heart, swapped in right-to-left pages).
 */
export const gameArtworkSvg = (input: {
  name: string;
  vendor: string;
  palette: number;
  variant: number;
  gameType?: string;
}): string => {
  const palette = paletteOf(input.palette);
  const seed = seedOf(`${input.vendor}|${input.name}`);
  const emblem = emblemOf(input.name, input.gameType ?? 'RNG');
  const lines = nameLines(input.name, 15);
  const vendor = escapeXml(input.vendor.length > 12 ? `${input.vendor.slice(0, 11)}…` : input.vendor);
  const badgeWidth = Math.max(44, Math.min(124, input.vendor.length * 8 + 20));
  const fontSize = Math.max(...lines.map((line) => line.length)) > 12 ? 19 : 22;
  const firstY = lines.length > 1 ? 190 : 202;
  const tilt = (seed % 11) - 5;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img">',
    `<title>${escapeXml(input.name)}</title>`,
    '<defs>',
    `<radialGradient id="g" cx="0.5" cy="0.38" r="0.75"><stop offset="0" stop-color="${palette.to}"/><stop offset="1" stop-color="${palette.from}"/></radialGradient>`,
    `<linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff7d6"/><stop offset="0.45" stop-color="${palette.accent}"/><stop offset="1" stop-color="#b7791f"/></linearGradient>`,
    '<linearGradient id="p" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.8"/></linearGradient>',
    '<filter id="s" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="4" stdDeviation="4" flood-opacity="0.45"/></filter>',
    '</defs>',
    '<rect width="240" height="240" fill="url(#g)"/>',
    motif(input.variant, palette.accent, seed),
    `<g opacity="0.22">${Array.from({ length: 12 }, (_, i) => `<path d="M120 96 L106 -40 L134 -40 Z" fill="#fff" transform="rotate(${i * 30 + (seed % 30)} 120 96)"/>`).join('')}</g>`,
    `<circle cx="120" cy="96" r="66" fill="${palette.accent}" fill-opacity="0.16"/>`,
    `<g filter="url(#s)" transform="translate(62 40) scale(1.16) rotate(${tilt} 50 50)">${emblemShapes[emblem](palette.from)}</g>`,
    '<rect y="150" width="240" height="90" fill="url(#p)"/>',
    lines
      .map(
        (line, index) =>
          `<text x="120" y="${firstY + index * (fontSize + 3)}" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="${fontSize}" fill="${palette.ink}" stroke="${palette.from}" stroke-width="3" paint-order="stroke">${escapeXml(line)}</text>`,
      )
      .join(''),
    `<rect x="${120 - badgeWidth / 2}" y="10" width="${badgeWidth}" height="22" rx="11" fill="#000" fill-opacity="0.45" stroke="${palette.accent}" stroke-opacity="0.7"/>`,
    `<text x="120" y="21" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="12" fill="#fff">${vendor}</text>`,
    '</svg>',
  ].join('');
};

/**
 * A vendor logo: a mark and the vendor's name on its palette, wide for provider filters and lanes. The name's size
 * follows its length (about 0.74 em a bold capital) so that it fits the space beside the mark; a name too long for
 * one line goes on two.
 */
export const vendorLogoSvg = (input: { code: string; displayName: string; palette: number }): string => {
  const palette = paletteOf(input.palette);
  const label = input.displayName.length <= 12 ? input.displayName : input.code;
  const words = label.replace(/_/g, ' ').split(/\s+/).filter(Boolean);
  const oneLine = words.join(' ');
  const lines =
    oneLine.length > 8 && words.length > 1
      ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')]
      : [oneLine];
  const room = 96;
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(lines.length > 1 ? 18 : 24, Math.floor(room / (longest * 0.74)));
  const top = 32 - ((lines.length - 1) * (size + 2)) / 2;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64" width="160" height="64" role="img">',
    `<title>${escapeXml(input.displayName)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    '<rect width="160" height="64" rx="12" fill="url(#g)"/>',
    `<path d="M32 10 L52 32 L32 54 L12 32 Z" fill="none" stroke="${palette.accent}" stroke-width="4" stroke-linejoin="round"/>`,
    `<path d="M32 21 L43 32 L32 43 L21 32 Z" fill="${palette.accent}"/>`,
    lines
      .map(
        (line, index) =>
          `<text x="108" y="${top + index * (size + 2)}" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="${size}" fill="${palette.ink}">${escapeXml(line)}</text>`,
      )
      .join(''),
    '</svg>',
  ].join('');
};

/** The drawing's own revision: changing how the artwork is drawn changes every artwork's URL. */
const DRAWING_REVISION = 3;

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
