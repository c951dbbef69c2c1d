export type KenoRisk = 'low' | 'medium' | 'high';
export const KENO_RISKS: readonly KenoRisk[] = ['low', 'medium', 'high'];
