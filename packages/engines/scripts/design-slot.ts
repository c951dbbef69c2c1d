/**
 * Tunes the slot's pays so that its RTP is exactly the declared one, and prints the machine's pays.
 * Run: npx tsx packages/engines/scripts/design-slot.ts
 *
 * The RTP is linear in the pays: sum over pay entries of entry × (weighted number of stop combinations that
 * show it) / stop combinations. Starting from hand-set pays, entries are moved, rarest first to commonest,
 * to the values whose total is closest to the target, and the last one (five wilds, weight 1) closes it exactly.
 */

import { stopCombinations } from '../src/slot/slot-enumeration';
import { SLOT_MACHINE } from '../src/slot/slot-machine';
import { resolveLine, symbolAt } from '../src/slot/slot-rules';
import { SLOT_ROWS, type SlotSymbol } from '../src/slot/slot-types';

const machine = SLOT_MACHINE;
const declared = Number(process.argv[2] ?? '0.96');
const combos = stopCombinations(machine);
const target = BigInt(Math.round(declared * 1e6)) * combos;
if (target % 1_000_000n !== 0n) throw new Error('the declared RTP is not a multiple of 1 / stop combinations');
const targetTotal = target / 1_000_000n;

// Weights of every line entry (symbol, count).
const lineWeights = new Map<string, bigint>();
const reels = machine.strips.map((strip) => {
  const counts = new Map<SlotSymbol, number>();
  for (const s of strip) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts];
});
const cells: SlotSymbol[] = [];
const walk = (reel: number, weight: bigint): void => {
  const options = reels[reel];
  if (options === undefined) {
    const shown = resolveLine(cells);
    if (shown !== null && shown.count >= 3) {
      const key = `${shown.symbol}:${shown.count}`;
      lineWeights.set(key, (lineWeights.get(key) ?? 0n) + weight);
    }
    return;
  }
  for (const [symbol, count] of options) {
    cells.push(symbol);
    walk(reel + 1, weight * BigInt(count));
    cells.pop();
  }
};
walk(0, 1n);

// Weights of scatter counts.
let ways = [1n];
for (const strip of machine.strips) {
  const per = new Array<bigint>(SLOT_ROWS + 1).fill(0n);
  for (let stop = 0; stop < strip.length; stop += 1) {
    let seen = 0;
    for (let row = 0; row < SLOT_ROWS; row += 1) if (symbolAt(strip, stop, row) === 'scatter') seen += 1;
    per[seen] = (per[seen] as bigint) + 1n;
  }
  const next = new Array<bigint>(ways.length + SLOT_ROWS).fill(0n);
  ways.forEach((w, have) => {
    per.forEach((c, add) => {
      next[have + add] = (next[have + add] as bigint) + w * c;
    });
  });
  ways = next;
}

type Entry = { key: string; weight: bigint; value: number };
const entries: Entry[] = [];
for (const [symbol, pays] of Object.entries(machine.linePays)) {
  for (let count = 3; count <= 5; count += 1) {
    entries.push({
      key: `${symbol}:${count}`,
      weight: lineWeights.get(`${symbol}:${count}`) ?? 0n,
      value: pays[count] ?? 0,
    });
  }
}
machine.scatterPays.forEach((value, count) => {
  if (count >= 3) entries.push({ key: `scatter:${count}`, weight: ways[count] ?? 0n, value });
});

const totalOf = (list: Entry[]): bigint => list.reduce((s, e) => s + e.weight * BigInt(e.value), 0n);
console.log('stop combinations', combos, 'target total', targetTotal);
console.log('hand-set RTP', Number(totalOf(entries)) / Number(combos));
for (const e of entries) console.log(e.key.padEnd(12), String(e.weight).padStart(10), e.value);

// Search: the free entries take round values near their hand-set ones, and five wilds (weight 1) takes the
// exact remainder; the combination whose remainder is itself the roundest number in the wanted range wins.
const free = (process.argv[3] ?? 'bell:4,seven:4,bell:5,seven:5,melon:5').split(',').map((key) => {
  const e = entries.find((x) => x.key === key);
  if (e === undefined) throw new Error(`unknown entry ${key}`);
  return e;
});
const wild = entries.find((e) => e.key === 'wild:5');
if (wild === undefined || wild.weight !== 1n) throw new Error('five wilds must have weight 1 (one wild per reel)');
const roundOptions = (v: number): number[] => {
  const step = v >= 1000 ? 100 : v >= 100 ? 10 : 5;
  return [...Array(21).keys()].map((k) => v + (k - 10) * step).filter((x) => x > 0);
};
const roundness = (v: number): number =>
  v % 1000 === 0 ? 4 : v % 100 === 0 ? 3 : v % 50 === 0 ? 2 : v % 10 === 0 ? 1 : 0;
const fixed = totalOf(entries.filter((e) => !free.includes(e) && e !== wild));
let best: { values: number[]; wild: number; score: number } | null = null;
const values = free.map(() => 0);
const search = (i: number, sum: bigint): void => {
  if (i === free.length) {
    const rest = Number(targetTotal - fixed - sum);
    if (rest < 2000 || rest > 10000) return;
    const score =
      roundness(rest) * 10 +
      values.reduce((s, v) => s + roundness(v), 0) * 5 -
      values.reduce((s, v, j) => s + Math.abs(v - (free[j] as Entry).value) / (free[j] as Entry).value, 0);
    if (best === null || score > best.score) best = { values: values.slice(), wild: rest, score };
    return;
  }
  const e = free[i] as Entry;
  for (const v of roundOptions(e.value)) {
    values[i] = v;
    search(i + 1, sum + e.weight * BigInt(v));
  }
};
search(0, 0n);
if (best === null) throw new Error('no combination lands five wilds in [2000, 10000]');
const found: { values: number[]; wild: number } = best;
free.forEach((e, i) => {
  e.value = found.values[i] as number;
});
wild.value = found.wild;
console.log('tuned:', [...free, wild].map((e) => `${e.key}=${e.value}`).join(' '));
console.log(
  'tuned RTP',
  Number(totalOf(entries)) / Number(combos),
  totalOf(entries) === targetTotal ? 'exact' : 'NOT exact',
);
