import { createMultiplier, type Multiplier } from '../money/multiplier';
import type { SlotMachine, SlotSymbol } from './slot-types';

const LETTERS: Record<string, SlotSymbol> = {
  W: 'wild',
  S: 'scatter',
  '7': 'seven',
  B: 'bell',
  M: 'melon',
  G: 'grape',
  O: 'orange',
  L: 'lemon',
  C: 'cherry',
};

function parseStrip(letters: string): SlotSymbol[] {
  return letters.split(' ').map((letter) => {
    const symbol = LETTERS[letter];
    if (symbol === undefined) throw new Error(`unknown strip letter ${letter}`);
    return symbol;
  });
}

/**
 * "Fruit Five": 5 reels of 25 stops (25^5 = 9,765,625 stop combinations), 3 rows, 10 paylines. Each strip has
 * one wild and one scatter; W wild, S scatter, 7 seven, B bell, M melon, G grape, O orange, L lemon, C cherry.
 */
export const SLOT_MACHINE: SlotMachine = {
  strips: [
    parseStrip('C O L C G M C B O L S C G O 7 L M C W O L G B M C'),
    parseStrip('L C O G C M B L C O S G C L 7 M O C W G L B O M C'),
    parseStrip('O C L M C G B O C L S M C G 7 O L C W M B G L O C'),
    parseStrip('C L G O C B M C L O S C G M 7 L C O W B G M O L C'),
    parseStrip('G C O L C M B C O G S L C M 7 O C L W G B O M L C'),
  ],
  paylines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [1, 0, 1, 2, 1],
  ],
  // Pays tuned by scripts/design-slot.ts so that the RTP is exactly 96% (9,375,000 / 9,765,625).
  linePays: {
    wild: [0, 0, 0, 0, 0, 9125],
    seven: [0, 0, 0, 60, 400, 2000],
    bell: [0, 0, 0, 40, 100, 500],
    melon: [0, 0, 0, 20, 60, 200],
    grape: [0, 0, 0, 15, 50, 200],
    orange: [0, 0, 0, 10, 25, 100],
    lemon: [0, 0, 0, 10, 25, 100],
    cherry: [0, 0, 0, 5, 20, 50],
  },
  scatterPays: [0, 0, 0, 5, 25, 250],
};

/**
 * The largest win of one spin, 9230 line bets = 923x the stake (five wilds on a line among others), shown at
 * stops 17, 18, 17, 16, 17; that nothing pays more is checked over all 9,765,625 stop combinations by
 * `scripts/slot-enumerate.ts`.
 */
export const SLOT_MAX_MULTIPLIER: Multiplier = createMultiplier(923, 1);
export const SLOT_MAX_WIN_STOPS: readonly number[] = [17, 18, 17, 16, 17];
