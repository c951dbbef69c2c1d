export type SlotSymbol = 'wild' | 'scatter' | 'seven' | 'bell' | 'melon' | 'grape' | 'orange' | 'lemon' | 'cherry';
export type LineSymbol = Exclude<SlotSymbol, 'scatter'>;

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/** Reel strips, paylines and pays: one machine. */
export type SlotMachine = {
  /** One strip per reel, read top to bottom and wrapping around. */
  readonly strips: readonly (readonly SlotSymbol[])[];
  /** For each payline, the row (0 = top) it crosses on each reel. */
  readonly paylines: readonly (readonly number[])[];
  /** Line pays in multiples of the line bet, by symbol and by count (index 3, 4, 5). */
  readonly linePays: Readonly<Record<LineSymbol, readonly number[]>>;
  /** Scatter pays in multiples of the total stake, by scatters anywhere in the window (index 3, 4, 5). */
  readonly scatterPays: readonly number[];
};
