import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './database';

/** Where a statement runs: the pool, or the client of a transaction `inTransaction` opened (decision 0053). */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * Transitional (decision 0053): the Drizzle handle (the database or one of its transactions) that modules not yet
 * moved to `pg` still pass to shared platform SQL (proof images, server secrets). Remove with the last such caller.
 */
export type DrizzleHandle = Pick<Db, 'execute'>;

/**
 * Runs one parameterised statement (`$1…`) and answers its rows. On a Drizzle handle the same text and values run
 * through its `execute` (inside its transaction, when it is one); there timestamps come back as text, so a caller
 * reading one passes it through `new Date`.
 */
export const queryRows = async <R extends Record<string, unknown>>(
  executor: Queryable | DrizzleHandle,
  text: string,
  values: readonly unknown[] = [],
): Promise<R[]> => {
  if (!('execute' in executor)) return (await executor.query<R>(text, [...values])).rows;
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, at) => (at % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1])));
  return (await executor.execute(sql.join(chunks))).rows as R[];
};
