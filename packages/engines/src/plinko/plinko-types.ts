export type PlinkoRisk = 'low' | 'medium' | 'high';
export type PlinkoRows = 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16;
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_ROWS: readonly PlinkoRows[] = [8, 9, 10, 11, 12, 13, 14, 15, 16];
