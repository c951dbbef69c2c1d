import { type Fraction, fraction } from '../math/fraction';
import { linePay, scatterPay, symbolAt } from './slot-rules';
import { SLOT_ROWS, type SlotMachine, type SlotSymbol } from './slot-types';

/** How many stops of each symbol a strip has. */
function symbolCounts(strip: readonly SlotSymbol[]): Map<SlotSymbol, number> {
  const counts = new Map<SlotSymbol, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return counts;
}

/**
 * Sum over all stop combinations of one payline's pay (in line bets). A payline crosses each reel at one row,
 * and with a uniform stop the symbol there is distributed like the strip's symbol counts whatever the row, so
 * it is the sum over symbol tuples of (product of counts) × pay: at most 9^5 tuples instead of every stop
 * combination. Every payline has the same total.
 */
export function lineWeightedTotal(machine: SlotMachine): bigint {
  const reels = machine.strips.map((strip) => [...symbolCounts(strip)]);
  const cells: SlotSymbol[] = [];
  let total = 0n;
  const walk = (reel: number, weight: bigint): void => {
    const options = reels[reel];
    if (options === undefined) {
      const pay = linePay(machine, cells);
      if (pay !== 0) total += weight * BigInt(pay);
      return;
    }
    for (const [symbol, count] of options) {
      cells.push(symbol);
      walk(reel + 1, weight * BigInt(count));
      cells.pop();
    }
  };
  walk(0, 1n);
  return total;
}

/** For each reel, how many stops show 0, 1, 2 or 3 scatters in the window. */
function scatterCountsByReel(machine: SlotMachine): number[][] {
  return machine.strips.map((strip) => {
    const counts = new Array<number>(SLOT_ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let seen = 0;
      for (let row = 0; row < SLOT_ROWS; row += 1) if (symbolAt(strip, stop, row) === 'scatter') seen += 1;
      counts[seen] = (counts[seen] as number) + 1;
    }
    return counts;
  });
}

/** Sum over all stop combinations of the scatter pay (in stakes): the reels' scatter counts convolved. */
export function scatterWeightedTotal(machine: SlotMachine): bigint {
  let ways = [1n];
  for (const reel of scatterCountsByReel(machine)) {
    const next = new Array<bigint>(ways.length + SLOT_ROWS).fill(0n);
    ways.forEach((w, have) => {
      reel.forEach((count, add) => {
        next[have + add] = (next[have + add] as bigint) + w * BigInt(count);
      });
    });
    ways = next;
  }
  return ways.reduce((sum, w, scatters) => sum + w * BigInt(scatterPay(machine, scatters)), 0n);
}

export function stopCombinations(machine: SlotMachine): bigint {
  return machine.strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
}

/** RTP = (line total + scatter total) / stop combinations: each line bet is stake / lines and all lines alike. */
export function slotExactRtpFraction(machine: SlotMachine): Fraction {
  return fraction(lineWeightedTotal(machine) + scatterWeightedTotal(machine), stopCombinations(machine));
}
