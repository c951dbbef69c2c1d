import type pg from 'pg';

/** Where a statement runs: the pool, or the client of a transaction `inTransaction` opened (decision 0053). */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** Runs one parameterised statement (`$1…`) and answers its rows. */
export const queryRows = async <R extends Record<string, unknown>>(
  executor: Queryable,
  text: string,
  values: readonly unknown[] = [],
): Promise<R[]> => (await executor.query<R>(text, [...values])).rows;
