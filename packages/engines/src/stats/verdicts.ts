import type { TestVerdict } from './uniformity';

/** "name: statistic vs critical" for each verdict that failed, so a failing test says which and by how much. */
export function failedVerdicts(verdicts: readonly TestVerdict[]): string[] {
  return verdicts
    .filter((v) => !v.passed)
    .map((v) => `${v.name}: ${v.statistic.toFixed(3)} > ${v.critical.toFixed(3)}`);
}
