import type { LineSymbol, SlotMachine, SlotSymbol } from './slot-types';

/**
 * What a line shows: its symbol is the first non-wild cell (wild if all five are wild), its count the cells
 * from the leftmost reel that are that symbol or wild. A scatter never counts on a line: a line whose symbol
 * would be the scatter shows nothing.
 */
export function resolveLine(cells: readonly SlotSymbol[]): { symbol: LineSymbol; count: number } | null {
  let symbol: SlotSymbol = 'wild';
  for (const cell of cells) {
    if (cell !== 'wild') {
      symbol = cell;
      break;
    }
  }
  if (symbol === 'scatter') return null;
  let count = 0;
  for (const cell of cells) {
    if (cell !== symbol && cell !== 'wild') break;
    count += 1;
  }
  return { symbol, count };
}

/** A line's pay in line bets: 3, 4 or 5 of its symbol from the left (wilds substituting) per the paytable. */
export function linePay(machine: SlotMachine, cells: readonly SlotSymbol[]): number {
  const shown = resolveLine(cells);
  return shown === null ? 0 : (machine.linePays[shown.symbol][shown.count] ?? 0);
}

/** The scatter pay for the number of scatters anywhere in the window. */
export function scatterPay(machine: SlotMachine, scatters: number): number {
  return machine.scatterPays[scatters] ?? 0;
}

/** The symbol at `row` of the window on a reel stopped at `stop` (row 0 shows the stop itself). */
export function symbolAt(strip: readonly SlotSymbol[], stop: number, row: number): SlotSymbol {
  return strip[(stop + row) % strip.length] as SlotSymbol;
}
