/** Winners are sorted by winAmount, largest first (spec section 3), shown two per slide, looping from 7 entries. */
export const WINNERS_PER_SLIDE = 2;
export const WINNERS_LOOP_FROM = 7;

export const sortWinners = <T extends { winAmount: string }>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => Number(b.winAmount) - Number(a.winAmount));

/** Entries in slides of two. */
export const slidesOf = <T>(entries: readonly T[], perSlide = WINNERS_PER_SLIDE): T[][] => {
  const slides: T[][] = [];
  for (let index = 0; index < entries.length; index += perSlide) slides.push(entries.slice(index, index + perSlide));
  return slides;
};

export const isWinnersLooping = (count: number): boolean => count >= WINNERS_LOOP_FROM;
