import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (stored images). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A bit string of any length (`bit varying`), as PostgreSQL's text form ('0101...'). */
export const varbit = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });
