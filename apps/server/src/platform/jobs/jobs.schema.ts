import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job and period that took effect (decision 0048). The queue delivers at least once; this key,
 * inserted in the same transaction as the job's effect, is what makes the effect happen once.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    periodKey: text('period_key').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'job_runs_pkey', columns: [table.name, table.periodKey] })],
);
