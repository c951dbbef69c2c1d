import { inTransaction } from '../src/platform/db/transaction';
import type { TestApp } from './test-app';

/** What the export job does once: claims the oldest queued export on a transaction and builds it; false when none. */
export const buildNextExport = async (t: TestApp): Promise<boolean> => {
  const claimed = await inTransaction(t.database.pool, (db) => t.services.reports.claimExport(db));
  if (!claimed) return false;
  await t.services.reports.buildExport(claimed, (code) => t.services.merchants.resolve({ code, host: '' }));
  return true;
};
