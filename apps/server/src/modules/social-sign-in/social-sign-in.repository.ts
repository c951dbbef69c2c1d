import type pg from 'pg';
import type { Queryable } from '../../platform/db/queryable';

export interface ProviderRow {
  id: string;
  merchantCode: string;
  kind: 'oidc' | 'telegram';
  name: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: string | null;
  scopes: string;
  enabled: boolean;
  links: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface FlowRow {
  state: string;
  merchantCode: string;
  providerId: string;
  intent: 'sign_in' | 'link';
  memberId: string | null;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface LinkRow {
  id: string;
  providerId: string;
  providerName: string;
  memberId: string;
  createdAt: Date;
}

const PROVIDER_COLUMNS = `p.id, p.merchant_code AS "merchantCode", p.kind, p.name, p.issuer, p.client_id AS "clientId",
  p.client_secret_sealed AS "clientSecretSealed", p.scopes, p.enabled, p.created_at AS "createdAt",
  p.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM social_sign_in_links l WHERE l.provider_id = p.id) AS links`;

export interface ProviderValues {
  name: string;
  issuer: string;
  clientId: string;
  scopes: string;
  enabled: boolean;
}

/** A provider's row values in statement order: merchant, id, name, issuer, client id, sealed secret, scopes, enabled. */
const providerParams = (merchantCode: string, id: string, values: ProviderValues, sealed: string | null) => [
  merchantCode,
  id,
  values.name,
  values.issuer,
  values.clientId,
  sealed,
  values.scopes,
  values.enabled,
];

export const createSocialSignInRepository = (pool: pg.Pool) => ({
  providers: async (merchantCode: string): Promise<ProviderRow[]> =>
    (
      await pool.query<ProviderRow>(
        `SELECT ${PROVIDER_COLUMNS} FROM social_sign_in_providers p WHERE p.merchant_code = $1 ORDER BY p.name, p.id`,
        [merchantCode],
      )
    ).rows,

  /** The merchant's Telegram login (decision 0173), if it was ever set up. */
  telegramProvider: async (merchantCode: string): Promise<ProviderRow | null> =>
    (
      await pool.query<ProviderRow>(
        `SELECT ${PROVIDER_COLUMNS} FROM social_sign_in_providers p WHERE p.merchant_code = $1 AND p.kind = 'telegram'`,
        [merchantCode],
      )
    ).rows[0] ?? null,

  provider: async (merchantCode: string, id: string, db: Queryable = pool): Promise<ProviderRow | null> =>
    (
      await db.query<ProviderRow>(
        `SELECT ${PROVIDER_COLUMNS} FROM social_sign_in_providers p WHERE p.merchant_code = $1 AND p.id = $2`,
        [merchantCode, id],
      )
    ).rows[0] ?? null,

  countProviders: async (client: pg.PoolClient, merchantCode: string): Promise<number> => {
    // Adds of one merchant queue behind each other, so the cap holds under concurrent adds.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`social-sign-in:${merchantCode}`]);
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM social_sign_in_providers WHERE merchant_code = $1 AND kind = 'oidc'",
      [merchantCode],
    );
    return rows[0]?.n ?? 0;
  },

  insertProvider: async (
    client: pg.PoolClient,
    id: string,
    merchantCode: string,
    values: ProviderValues,
    clientSecretSealed: string | null,
    kind: 'oidc' | 'telegram' = 'oidc',
  ): Promise<void> => {
    await client.query(
      `INSERT INTO social_sign_in_providers
         (merchant_code, id, name, issuer, client_id, client_secret_sealed, scopes, enabled, kind)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [...providerParams(merchantCode, id, values, clientSecretSealed), kind],
    );
  },

  /** Changes a provider; a null sealed secret keeps the stored one. False when it is not the merchant's. */
  updateProvider: async (
    client: pg.PoolClient,
    merchantCode: string,
    id: string,
    values: ProviderValues,
    clientSecretSealed: string | null,
    kind: 'oidc' | 'telegram' = 'oidc',
  ): Promise<boolean> => {
    const { rowCount } = await client.query(
      `UPDATE social_sign_in_providers SET name = $3, issuer = $4, client_id = $5,
         client_secret_sealed = coalesce($6, client_secret_sealed), scopes = $7, enabled = $8, updated_at = now()
       WHERE merchant_code = $1 AND id = $2 AND kind = $9`,
      [...providerParams(merchantCode, id, values, clientSecretSealed), kind],
    );
    return (rowCount ?? 0) > 0;
  },

  insertFlow: async (flow: FlowRow & { browserHash: string; expiresAt: Date }): Promise<void> => {
    await pool.query(
      `INSERT INTO social_sign_in_flows
         (state, merchant_code, provider_id, intent, member_id, browser_hash, nonce, code_verifier, redirect_uri, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        flow.state,
        flow.merchantCode,
        flow.providerId,
        flow.intent,
        flow.memberId,
        flow.browserHash,
        flow.nonce,
        flow.codeVerifier,
        flow.redirectUri,
        flow.expiresAt,
      ],
    );
    if (Math.random() < 0.02) {
      await pool.query("DELETE FROM social_sign_in_flows WHERE expires_at < now() - interval '1 day'");
    }
  },

  /** Uses up the merchant's live flow of that state started by that browser; null when there is none (any more). */
  consumeFlow: async (merchantCode: string, state: string, browserHash: string): Promise<FlowRow | null> =>
    (
      await pool.query<FlowRow>(
        `UPDATE social_sign_in_flows SET used_at = now()
         WHERE state = $1 AND merchant_code = $2 AND browser_hash = $3 AND used_at IS NULL AND expires_at > now()
         RETURNING state, merchant_code AS "merchantCode", provider_id AS "providerId", intent,
           member_id AS "memberId", nonce, code_verifier AS "codeVerifier", redirect_uri AS "redirectUri"`,
        [state, merchantCode, browserHash],
      )
    ).rows[0] ?? null,

  /**
   * Records Telegram login data (by its hash) as used until it expires; false when it was used already (decision
   * 0173).
   */
  useTelegramPayload: async (merchantCode: string, hash: string, expiresAt: Date): Promise<boolean> => {
    const { rowCount } = await pool.query(
      `INSERT INTO social_sign_in_telegram_uses (merchant_code, hash, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [merchantCode, hash, expiresAt],
    );
    if (Math.random() < 0.02) await pool.query('DELETE FROM social_sign_in_telegram_uses WHERE expires_at < now()');
    return (rowCount ?? 0) > 0;
  },

  findLink: async (providerId: string, issuer: string, subject: string): Promise<{ memberId: string } | null> =>
    (
      await pool.query<{ memberId: string }>(
        `SELECT member_id AS "memberId" FROM social_sign_in_links
         WHERE provider_id = $1 AND issuer = $2 AND subject = $3`,
        [providerId, issuer, subject],
      )
    ).rows[0] ?? null,

  insertLink: async (
    db: Queryable,
    link: { merchantCode: string; providerId: string; issuer: string; subject: string; memberId: string },
  ): Promise<{ id: string; createdAt: Date }> => {
    const { rows } = await db.query<{ id: string; createdAt: Date }>(
      `INSERT INTO social_sign_in_links (merchant_code, provider_id, issuer, subject, member_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at AS "createdAt"`,
      [link.merchantCode, link.providerId, link.issuer, link.subject, link.memberId],
    );
    const row = rows[0];
    if (!row) throw new Error('social sign-in link insert returned nothing');
    return row;
  },

  /** Removes the member's own link; null when that member has no link of that id (someone else's, or gone). */
  deleteLink: async (
    client: pg.PoolClient,
    memberId: string,
    linkId: string,
  ): Promise<{ providerId: string; providerName: string } | null> =>
    (
      await client.query<{ providerId: string; providerName: string }>(
        `DELETE FROM social_sign_in_links l USING social_sign_in_providers p
         WHERE l.id = $1 AND l.member_id = $2 AND p.id = l.provider_id
         RETURNING l.provider_id AS "providerId", p.name AS "providerName"`,
        [linkId, memberId],
      )
    ).rows[0] ?? null,

  linksOf: async (memberId: string): Promise<LinkRow[]> =>
    (
      await pool.query<LinkRow>(
        `SELECT l.id, l.provider_id AS "providerId", p.name AS "providerName", l.member_id AS "memberId",
           l.created_at AS "createdAt"
         FROM social_sign_in_links l JOIN social_sign_in_providers p ON p.id = l.provider_id
         WHERE l.member_id = $1 ORDER BY l.created_at`,
        [memberId],
      )
    ).rows,
});

export type SocialSignInRepository = ReturnType<typeof createSocialSignInRepository>;
