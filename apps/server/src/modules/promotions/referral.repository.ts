import type { ReferralSettingsMinor, RewardStatus } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import type { ReferralSettings } from './referral.rules';
import { friendOfSourceKey, referralSourceKey } from './referral.rules';
import type { Client, Executor } from './rewards.repository';

export interface ReferralSettingsRow extends ReferralSettings {
  merchantCode: string;
  updatedAt: Date;
}

/** A referral reward of a referrer (a `member_rewards` row of kind REFERRAL), by the friend it was granted for. */
export interface ReferralRewardRow {
  friendId: string;
  amount: bigint;
  currency: string;
  status: RewardStatus;
}

const SETTINGS_COLUMNS = `merchant_code AS "merchantCode", enabled, currency, reward_per_friend AS "rewardPerFriend",
  qualifying_deposits AS "qualifyingDeposits", max_rewarded_friends AS "maxRewardedFriends", updated_at AS "updatedAt"`;

const INSERT_SETTINGS = `INSERT INTO referral_settings
  (merchant_code, enabled, currency, reward_per_friend, qualifying_deposits, max_rewarded_friends)
  VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (merchant_code)`;

const settingsValues = (merchantCode: string, currency: string, settings: ReferralSettingsMinor) => [
  merchantCode,
  settings.enabled,
  currency,
  settings.rewardPerFriend,
  settings.qualifyingDeposits,
  settings.maxRewardedFriends,
];

/** The programme's settings (`referral_settings`) and the referral rewards the programme granted. */
export const createReferralRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>): Promise<T> => inTransaction(pool, work),

  /**
   * A merchant's settings. `forShare` (inside a transaction): held until it ends, so a change of the settings
   * waits for a grant made under them, and the other way round.
   */
  settings: async (
    merchantCode: string,
    db: Executor = pool,
    options: { forShare?: boolean } = {},
  ): Promise<ReferralSettingsRow | null> => {
    const { rows } = await db.query<ReferralSettingsRow>(
      `SELECT ${SETTINGS_COLUMNS} FROM referral_settings WHERE merchant_code = $1${options.forShare ? ' FOR SHARE' : ''}`,
      [merchantCode],
    );
    return rows[0] ?? null;
  },

  /**
   * The merchant's settings, locked until the transaction ends; the advisory lock also serialises two first
   * saves, when there is no row to lock yet.
   */
  lockSettings: async (client: Client, merchantCode: string): Promise<ReferralSettingsRow | null> => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('referral_settings:' || $1))", [merchantCode]);
    const { rows } = await client.query<ReferralSettingsRow>(
      `SELECT ${SETTINGS_COLUMNS} FROM referral_settings WHERE merchant_code = $1 FOR UPDATE`,
      [merchantCode],
    );
    return rows[0] ?? null;
  },

  saveSettings: async (
    client: Client,
    merchantCode: string,
    currency: string,
    settings: ReferralSettingsMinor,
  ): Promise<ReferralSettingsRow> => {
    const { rows } = await client.query<ReferralSettingsRow>(
      `${INSERT_SETTINGS} DO UPDATE SET enabled = $2, currency = $3, reward_per_friend = $4,
         qualifying_deposits = $5, max_rewarded_friends = $6, updated_at = now()
       RETURNING ${SETTINGS_COLUMNS}`,
      settingsValues(merchantCode, currency, settings),
    );
    const row = rows[0];
    if (!row) throw new Error(`referral settings of ${merchantCode} not saved`);
    return row;
  },

  /** Stores settings for a merchant that has none; false when it has (the demo seed leaves operator edits alone). */
  insertSettingsIfAbsent: async (
    merchantCode: string,
    currency: string,
    settings: ReferralSettingsMinor,
  ): Promise<boolean> => {
    const { rowCount } = await pool.query(
      `${INSERT_SETTINGS} DO NOTHING`,
      settingsValues(merchantCode, currency, settings),
    );
    return rowCount === 1;
  },

  /** Serialises the evaluations of one referrer's friends until the transaction ends (the cap is counted under it). */
  lockReferrer: async (client: Client, merchantCode: string, memberId: string): Promise<void> => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('referral:' || $1 || ':' || $2))", [
      merchantCode,
      memberId,
    ]);
  },

  /** The referral rewards granted to a member: all of them, or those for some friends. */
  rewardsOf: async (
    merchantCode: string,
    memberId: string,
    options: { friendIds?: readonly string[]; db?: Executor } = {},
  ): Promise<ReferralRewardRow[]> => {
    const keys = options.friendIds?.map(referralSourceKey) ?? null;
    const { rows } = await (options.db ?? pool).query<Omit<ReferralRewardRow, 'friendId'> & { sourceKey: string }>(
      `SELECT source_key AS "sourceKey", amount, currency, status FROM member_rewards
        WHERE member_id = $1 AND merchant_code = $2 AND kind = 'REFERRAL'
          AND ($3::text[] IS NULL OR source_key = ANY($3::text[]))`,
      [memberId, merchantCode, keys],
    );
    return rows.map(({ sourceKey, ...reward }) => ({ friendId: friendOfSourceKey(sourceKey), ...reward }));
  },
});

export type ReferralRepository = ReturnType<typeof createReferralRepository>;
