import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a stand-in keeps its state across restarts (decisions 0136, 0167): the sportsbook its book, the tables their
 * open rounds, the round runner the rounds under way and the calls it owes, the tournaments their standings. A real
 * provider keeps these in its own database; the stand-in keeps one JSON file per stand-in, rewritten whole after
 * every change (written beside it, then renamed over it, so a crash leaves the previous or the new state, never half
 * of one).
 */
export interface StateStore {
  /** The state saved last, or null when there is none yet. */
  load: () => unknown;
  save: (state: unknown) => void;
}

/** Amounts are bigints: saved as `{"$bigint": "123"}` and read back as such. */
const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? { $bigint: value.toString() } : value);
const reviver = (_key: string, value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  Object.keys(value).length === 1 &&
  typeof (value as { $bigint?: unknown }).$bigint === 'string'
    ? BigInt((value as { $bigint: string }).$bigint)
    : value;

export const fileStore = (file: string): StateStore => ({
  load: () => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text, reviver);
  },
  save: (state) => {
    mkdirSync(path.dirname(file), { recursive: true });
    const next = `${file}.${process.pid}.tmp`;
    writeFileSync(next, JSON.stringify(state, replacer));
    renameSync(next, file);
  },
});

/** No store: the state lives in memory only and a restart starts empty. */
export const memoryStore: StateStore = { load: () => null, save: () => {} };
