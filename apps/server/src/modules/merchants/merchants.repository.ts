import { type MerchantSettings, merchantSettingsSchema } from '@tessera/contracts';
import type pg from 'pg';
import type { Queryable } from '../../platform/db/queryable';
import { inTransaction } from '../../platform/db/transaction';
import type { merchants } from './merchants.schema';

export type MerchantRow = typeof merchants.$inferSelect;

const COLUMNS = `code, name, enabled, version, settings, created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Settings are read through their schema: defaults of newer fields apply, and corrupt JSON fails loudly. */
const normalise = (row: MerchantRow): MerchantRow => ({ ...row, settings: merchantSettingsSchema.parse(row.settings) });

/** Gives `code` the domains (one statement); `ifFree` skips a domain already held instead of failing. */
const insertDomains = async (client: Queryable, code: string, domains: readonly string[], ifFree: boolean) => {
  if (domains.length === 0) return;
  await client.query(
    `INSERT INTO merchant_domains (domain, merchant_code) SELECT d, $2 FROM unnest($1::text[]) AS d
     ${ifFree ? 'ON CONFLICT DO NOTHING' : ''}`,
    [[...domains], code],
  );
};

export const createMerchantsRepository = (pool: pg.Pool) => ({
  findByCode: async (code: string): Promise<MerchantRow | null> => {
    const { rows } = await pool.query<MerchantRow>(`SELECT ${COLUMNS} FROM merchants WHERE code = $1 LIMIT 1`, [code]);
    return rows[0] ? normalise(rows[0]) : null;
  },

  findCodeByDomain: async (domain: string): Promise<string | null> => {
    const { rows } = await pool.query<{ code: string }>(
      'SELECT merchant_code AS code FROM merchant_domains WHERE domain = $1 LIMIT 1',
      [domain],
    );
    return rows[0]?.code ?? null;
  },

  /** Every merchant (`codes` null) or those named, by code. */
  list: async (codes: readonly string[] | null): Promise<MerchantRow[]> => {
    const { rows } = await pool.query<MerchantRow>(
      `SELECT ${COLUMNS} FROM merchants WHERE $1::text[] IS NULL OR code = ANY($1::text[]) ORDER BY code`,
      [codes === null ? null : [...codes]],
    );
    return rows.map(normalise);
  },

  /** Domains in `domains` already held by another merchant. */
  findDomainsTakenByOthers: async (code: string, domains: readonly string[]): Promise<string[]> => {
    if (domains.length === 0) return [];
    const { rows } = await pool.query<{ domain: string }>(
      'SELECT domain FROM merchant_domains WHERE domain = ANY($1::text[]) AND merchant_code <> $2',
      [[...domains], code],
    );
    return rows.map((row) => row.domain);
  },

  /** Inserts the merchant unless its code exists; returns whether it was created. */
  insertIfAbsent: async (code: string, settings: MerchantSettings): Promise<boolean> =>
    inTransaction(pool, async (client) => {
      const inserted = await client.query(
        `INSERT INTO merchants (code, name, enabled, settings) VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT DO NOTHING RETURNING code`,
        [code, settings.name, settings.enabled, JSON.stringify(settings)],
      );
      if (inserted.rows.length === 0) return false;
      await insertDomains(client, code, settings.domains, true);
      return true;
    }),

  /** Replaces the settings if `expectedVersion` is current; returns the new row, or null on a version clash. */
  updateSettings: async (
    code: string,
    expectedVersion: number,
    settings: MerchantSettings,
  ): Promise<MerchantRow | null> =>
    inTransaction(pool, async (client) => {
      const updated = await client.query<MerchantRow>(
        `UPDATE merchants SET name = $3, enabled = $4, settings = $5::jsonb, version = $2::int + 1, updated_at = $6
          WHERE code = $1 AND version = $2 RETURNING ${COLUMNS}`,
        [code, expectedVersion, settings.name, settings.enabled, JSON.stringify(settings), new Date()],
      );
      const row = updated.rows[0] ? normalise(updated.rows[0]) : undefined;
      if (!row) return null;
      await client.query('DELETE FROM merchant_domains WHERE merchant_code = $1', [code]);
      await insertDomains(client, code, settings.domains, false);
      return row;
    }),
});

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
