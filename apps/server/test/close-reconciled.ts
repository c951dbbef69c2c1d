import { expect } from 'vitest';
import { reconcileLedger } from '../src/modules/ledger';
import type { TestApp } from './test-app';

/** Ends a test file's app after checking that its ledger reconciles: no account with a discrepancy. */
export const closeReconciled = async (t: TestApp): Promise<void> => {
  const report = await reconcileLedger(t.database.pool);
  expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  await t.close();
};
