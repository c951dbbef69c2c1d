import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (stored images). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
