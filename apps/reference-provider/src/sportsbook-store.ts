import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the sportsbook keeps its book across restarts (decision 0136): the fixtures it offered, the results entered
 * and every bet with what the platform has of its round and the call it still owes. A real provider keeps these in
 * its own database; the stand-in keeps one JSON file, rewritten whole after every change (written beside it, then
 * renamed over it, so a crash leaves the previous or the new book, never half of one).
 */
export interface SportsbookStore {
  /** The book saved last, or null when there is none yet. */
  load: () => unknown;
  save: (book: unknown) => void;
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

export const fileStore = (file: string): SportsbookStore => ({
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
  save: (book) => {
    mkdirSync(path.dirname(file), { recursive: true });
    const next = `${file}.${process.pid}.tmp`;
    writeFileSync(next, JSON.stringify(book, replacer));
    renameSync(next, file);
  },
});

/** No store: the book lives in memory only and a restart starts an empty one. */
export const memoryStore: SportsbookStore = { load: () => null, save: () => {} };
