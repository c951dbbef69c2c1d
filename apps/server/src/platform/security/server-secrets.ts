import { randomBytes } from 'node:crypto';
import { type Queryable, queryRows } from '../db/queryable';

/** Returns the named secret, creating it (32 random bytes) on first use; the first writer wins a race. */
export const getServerSecret = async (db: Queryable, name: string): Promise<Buffer> => {
  await queryRows(db, 'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const rows = await queryRows<{ value: string }>(db, 'SELECT value FROM server_secrets WHERE name = $1 LIMIT 1', [
    name,
  ]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`server secret ${name} missing`);
  return Buffer.from(value, 'base64');
};
