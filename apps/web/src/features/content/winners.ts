import type { WinnerEntry } from '@tessera/contracts';

/** Spec sections 3 and 9: two winners a slide; the board scrolls by itself from 7 entries. */
export const WINNERS_PER_SLIDE = 2;
export const WINNERS_LOOP_FROM = 7;

/** Entries by win, largest first (the wire's decimal strings compared as numbers), cut into slides of two. */
export const winnerSlidesOf = (entries: readonly WinnerEntry[]): WinnerEntry['vo'][][] => {
  const sorted = entries.map((entry) => entry.vo).sort((a, b) => Number(b.winAmount) - Number(a.winAmount));
  const slides: WinnerEntry['vo'][][] = [];
  for (let index = 0; index < sorted.length; index += WINNERS_PER_SLIDE) {
    slides.push(sorted.slice(index, index + WINNERS_PER_SLIDE));
  }
  return slides;
};
