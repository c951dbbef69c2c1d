import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverSecrets } from './security.schema';

/** Returns the named secret, creating it (32 random bytes) on first use; the first writer wins a race. */
export const getServerSecret = async (db: Db, name: string): Promise<Buffer> => {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const rows = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  const value = rows[0]?.value;
  if (!value) throw new Error(`server secret ${name} missing`);
  return Buffer.from(value, 'base64');
};
