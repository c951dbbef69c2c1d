import { type MerchantSettings, merchantSettingsSchema } from '@tessera/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { merchantDomains, merchants } from './merchants.schema';

export type MerchantRow = typeof merchants.$inferSelect;

/** Settings are read through their schema: defaults of newer fields apply, and corrupt JSON fails loudly. */
const normalise = (row: MerchantRow): MerchantRow => ({ ...row, settings: merchantSettingsSchema.parse(row.settings) });

export const createMerchantsRepository = (db: Db) => ({
  findByCode: async (code: string): Promise<MerchantRow | null> => {
    const rows = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
    return rows[0] ? normalise(rows[0]) : null;
  },

  findCodeByDomain: async (domain: string): Promise<string | null> => {
    const rows = await db
      .select({ code: merchantDomains.merchantCode })
      .from(merchantDomains)
      .where(eq(merchantDomains.domain, domain))
      .limit(1);
    return rows[0]?.code ?? null;
  },

  list: async (codes: readonly string[] | null): Promise<MerchantRow[]> => {
    const query = db.select().from(merchants);
    const rows = await (codes === null
      ? query.orderBy(merchants.code)
      : query.where(inArray(merchants.code, [...codes])).orderBy(merchants.code));
    return rows.map(normalise);
  },

  /** Domains in `domains` already held by another merchant. */
  findDomainsTakenByOthers: async (code: string, domains: readonly string[]): Promise<string[]> => {
    if (domains.length === 0) return [];
    const rows = await db
      .select({ domain: merchantDomains.domain })
      .from(merchantDomains)
      .where(and(inArray(merchantDomains.domain, [...domains]), ne(merchantDomains.merchantCode, code)));
    return rows.map((row) => row.domain);
  },

  /** Inserts the merchant unless its code exists; returns whether it was created. */
  insertIfAbsent: async (code: string, settings: MerchantSettings): Promise<boolean> =>
    db.transaction(async (tx) => {
      const inserted = await tx
        .insert(merchants)
        .values({ code, name: settings.name, enabled: settings.enabled, settings })
        .onConflictDoNothing()
        .returning({ code: merchants.code });
      if (inserted.length === 0) return false;
      if (settings.domains.length > 0) {
        await tx
          .insert(merchantDomains)
          .values(settings.domains.map((domain) => ({ domain, merchantCode: code })))
          .onConflictDoNothing();
      }
      return true;
    }),

  /** Replaces the settings if `expectedVersion` is current; returns the new row, or null on a version clash. */
  updateSettings: async (
    code: string,
    expectedVersion: number,
    settings: MerchantSettings,
  ): Promise<MerchantRow | null> =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(merchants)
        .set({
          name: settings.name,
          enabled: settings.enabled,
          settings,
          version: expectedVersion + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(merchants.code, code), eq(merchants.version, expectedVersion)))
        .returning();
      const row = updated[0] ? normalise(updated[0]) : undefined;
      if (!row) return null;
      await tx.delete(merchantDomains).where(eq(merchantDomains.merchantCode, code));
      if (settings.domains.length > 0) {
        await tx.insert(merchantDomains).values(settings.domains.map((domain) => ({ domain, merchantCode: code })));
      }
      return row;
    }),
});

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
