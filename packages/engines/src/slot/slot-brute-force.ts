import { linePay } from './slot-rules';
import { SLOT_REELS, SLOT_ROWS, type SlotMachine, type SlotSymbol } from './slot-types';

export type StopEnumeration = {
  /** Sum over every stop combination of (line pays + lines × scatter pay), in line bets. */
  readonly totalLineBets: bigint;
  readonly combinations: number;
  /** The largest win of one spin, in line bets, and one set of stops that shows it. */
  readonly maxLineBets: number;
  readonly maxStops: readonly number[];
};

/**
 * Every stop combination, one by one: the independent check of the per-payline enumeration and the way the
 * slot's maximum win is found. Symbols are coded 0 … 8 so that a line's pay is one table look-up.
 */
export function enumerateAllStops(machine: SlotMachine): StopEnumeration {
  if (machine.strips.length !== SLOT_REELS) throw new RangeError(`a machine has ${SLOT_REELS} reels`);
  const alphabet = [...new Set(machine.strips.flat())];
  const base = alphabet.length;
  const payByCode = new Float64Array(base ** SLOT_REELS);
  const cells = new Array<SlotSymbol>(SLOT_REELS);
  for (let code = 0; code < payByCode.length; code += 1) {
    let rest = code;
    for (let reel = 0; reel < SLOT_REELS; reel += 1) {
      cells[reel] = alphabet[rest % base] as SlotSymbol;
      rest = Math.floor(rest / base);
    }
    payByCode[code] = linePay(machine, cells);
  }
  // codes[reel][stop * 3 + row]: the symbol code, pre-multiplied by base^reel.
  const codes = machine.strips.map((strip, reel) => {
    const out = new Int32Array(strip.length * SLOT_ROWS);
    for (let stop = 0; stop < strip.length; stop += 1) {
      for (let row = 0; row < SLOT_ROWS; row += 1) {
        out[stop * SLOT_ROWS + row] = alphabet.indexOf(strip[(stop + row) % strip.length] as SlotSymbol) * base ** reel;
      }
    }
    return out;
  });
  const scatters = machine.strips.map((strip) =>
    Int32Array.from({ length: strip.length }, (_, stop) => {
      let seen = 0;
      for (let row = 0; row < SLOT_ROWS; row += 1) if (strip[(stop + row) % strip.length] === 'scatter') seen += 1;
      return seen;
    }),
  );
  const lines = machine.paylines.length;
  const scatterLineBets = Array.from(
    { length: SLOT_REELS * SLOT_ROWS + 1 },
    (_, n) => lines * (machine.scatterPays[n] ?? 0),
  );
  const rowsOf = machine.paylines.map((line) => Int32Array.from(line));
  const lengths = machine.strips.map((strip) => strip.length);
  const [l0, l1, l2, l3, l4] = lengths as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4] = codes as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const [s0, s1, s2, s3, s4] = scatters as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  let total = 0n;
  let max = -1;
  let maxStops: number[] = [];
  for (let a = 0; a < l0; a += 1) {
    let partial = 0;
    for (let b = 0; b < l1; b += 1) {
      for (let c = 0; c < l2; c += 1) {
        for (let d = 0; d < l3; d += 1) {
          for (let e = 0; e < l4; e += 1) {
            let win = scatterLineBets[
              (s0[a] as number) + (s1[b] as number) + (s2[c] as number) + (s3[d] as number) + (s4[e] as number)
            ] as number;
            for (const rows of rowsOf) {
              const code =
                (c0[a * 3 + (rows[0] as number)] as number) +
                (c1[b * 3 + (rows[1] as number)] as number) +
                (c2[c * 3 + (rows[2] as number)] as number) +
                (c3[d * 3 + (rows[3] as number)] as number) +
                (c4[e * 3 + (rows[4] as number)] as number);
              win += payByCode[code] as number;
            }
            partial += win;
            if (win > max) {
              max = win;
              maxStops = [a, b, c, d, e];
            }
          }
        }
      }
    }
    total += BigInt(partial);
  }
  return { totalLineBets: total, combinations: l0 * l1 * l2 * l3 * l4, maxLineBets: max, maxStops };
}
