import type { LanguageCode } from '@tessera/contracts';
import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import type { MemberProfile } from './members.schema';

export interface MemberRow {
  id: string;
  merchantCode: string;
  /** Lower-cased for uniqueness and lookup; `account` keeps the spelling the member chose. */
  username: string;
  account: string;
  passwordHash: string;
  /** 0 member; 1, 2, 41, 42 agents; 4 free-play trial. */
  type: number;
  nickname: string;
  mobileDialingCode: string | null;
  mobileNumber: string | null;
  email: string | null;
  payeeName: string | null;
  paymentPasswordHash: string | null;
  profile: MemberProfile;
  affiliateCode: string | null;
  uplineId: string | null;
  referralCode: string;
  referredById: string | null;
  language: LanguageCode | null;
  firstLogin: boolean;
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  lockedAt: Date | null;
  totpSecret: string | null;
  totpEnabled: boolean;
  registerIp: string | null;
  registerDomain: string | null;
  registerUrl: string | null;
  /** The member's region (decision 0140): the country of its latest successful sign-in or of its registration. */
  country: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
}

/** The columns a new member must name; the others have a default (or stay null). */
type RequiredOnInsert = 'merchantCode' | 'username' | 'account' | 'passwordHash' | 'nickname' | 'referralCode';
export type NewMember = Pick<MemberRow, RequiredOnInsert> & Partial<Omit<MemberRow, RequiredOnInsert>>;

export interface MemberLoginRow {
  id: bigint;
  memberId: string;
  at: Date;
  ip: string;
  userAgent: string | null;
  deviceId: string | null;
  method: string;
  success: boolean;
  reason: string | null;
  /** ISO 3166 alpha-2 from the trusted CDN header, when configured. */
  country: string | null;
}
export type NewMemberLogin = Pick<MemberLoginRow, 'memberId' | 'ip' | 'method' | 'success' | 'country'> &
  Partial<Pick<MemberLoginRow, 'userAgent' | 'deviceId' | 'reason' | 'at'>>;

/** A member someone referred, as the referral programme reads it. */
export type ReferredMember = Pick<MemberRow, 'id' | 'account' | 'createdAt'>;

/** Which unique rule an insert broke, so the service can name the field. */
export type InsertConflict = 'username' | 'mobile' | 'referral';

/** Every column of `members`, by field. */
const MEMBER_FIELDS: Record<keyof MemberRow, string> = {
  id: 'id',
  merchantCode: 'merchant_code',
  username: 'username',
  account: 'account',
  passwordHash: 'password_hash',
  type: 'type',
  nickname: 'nickname',
  mobileDialingCode: 'mobile_dialing_code',
  mobileNumber: 'mobile_number',
  email: 'email',
  payeeName: 'payee_name',
  paymentPasswordHash: 'payment_password_hash',
  profile: 'profile',
  affiliateCode: 'affiliate_code',
  uplineId: 'upline_id',
  referralCode: 'referral_code',
  referredById: 'referred_by_id',
  language: 'language',
  firstLogin: 'first_login',
  mustChangePassword: 'must_change_password',
  passwordChangedAt: 'password_changed_at',
  lockedAt: 'locked_at',
  totpSecret: 'totp_secret',
  totpEnabled: 'totp_enabled',
  registerIp: 'register_ip',
  registerDomain: 'register_domain',
  registerUrl: 'register_url',
  country: 'country',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
};
const MEMBER_COLUMNS = Object.entries(MEMBER_FIELDS)
  .map(([field, column]) => `${column} AS "${field}"`)
  .join(', ');
const LOGIN_COLUMNS = `id, member_id AS "memberId", at, ip, user_agent AS "userAgent", device_id AS "deviceId", method,
  success, reason, country`;

/** The fields of `values` that are set (undefined ones are left out: their column keeps or takes its default). */
const assigned = (values: Partial<MemberRow>) =>
  (Object.keys(MEMBER_FIELDS) as (keyof MemberRow)[])
    .filter((field) => values[field] !== undefined)
    .map((field) => ({
      column: MEMBER_FIELDS[field],
      value: field === 'profile' ? JSON.stringify(values.profile) : values[field],
    }));

const conflictOf = (error: unknown): InsertConflict | null => {
  const constraint =
    (error as { constraint?: string; cause?: { constraint?: string } })?.cause?.constraint ??
    (error as { constraint?: string })?.constraint;
  if (constraint === 'members_merchant_username_key') return 'username';
  if (constraint === 'members_merchant_mobile_key') return 'mobile';
  if (constraint === 'members_merchant_referral_key') return 'referral';
  return null;
};

/** `replica`: the read replica when one is configured, for operators' member search (decision 0161). */
export const createMembersRepository = (pool: pg.Pool, replica: pg.Pool = pool) => {
  const one = async (where: string, values: unknown[]): Promise<MemberRow | null> =>
    (await pool.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE ${where} LIMIT 1`, values)).rows[0] ??
    null;
  return {
    // Read on most member requests: prepared on each connection by name.
    findById: async (id: string): Promise<MemberRow | null> =>
      (
        await pool.query<MemberRow>({
          name: 'members_find_by_id',
          text: `SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $1 LIMIT 1`,
          values: [id],
        })
      ).rows[0] ?? null,

    /** Several members by id (a page of an agent's downline), in no particular order. */
    findByIds: async (ids: readonly string[]): Promise<MemberRow[]> =>
      ids.length === 0
        ? []
        : (await pool.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ANY($1::uuid[])`, [[...ids]]))
            .rows,

    /** Members with this account name (any case) on the given merchants (null: every merchant). */
    findByAccount: async (account: string, merchantCodes: readonly string[] | null): Promise<MemberRow[]> =>
      (
        await pool.query<MemberRow>(
          `SELECT ${MEMBER_COLUMNS} FROM members
            WHERE username = $1 AND ($2::text[] IS NULL OR merchant_code = ANY($2::text[])) LIMIT 50`,
          [account.trim().toLowerCase(), merchantCodes === null ? null : [...merchantCodes]],
        )
      ).rows,

    /**
     * The merchant's real members (agents included, free-play trial accounts left out) with their language: those
     * of `ids` when given, those registered in `[from, to)` when given, else all.
     */
    recipients: async (
      merchantCode: string,
      filter: { ids?: readonly string[]; registered?: { from: Date; to: Date } },
    ): Promise<{ id: string; language: LanguageCode | null }[]> =>
      (
        await pool.query<{ id: string; language: LanguageCode | null }>(
          `SELECT id, language FROM members
            WHERE merchant_code = $1 AND type <> 4
              AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
              AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at < $4)`,
          [
            merchantCode,
            filter.ids ? [...filter.ids] : null,
            filter.registered?.from ?? null,
            filter.registered?.to ?? null,
          ],
        )
      ).rows,

    findByUsername: (merchantCode: string, username: string): Promise<MemberRow | null> =>
      one('merchant_code = $1 AND username = $2', [merchantCode, username.toLowerCase()]),

    findByMobile: (merchantCode: string, dialingCode: string, number: string): Promise<MemberRow | null> =>
      one('merchant_code = $1 AND mobile_dialing_code = $2 AND mobile_number = $3', [
        merchantCode,
        dialingCode,
        number,
      ]),

    /**
     * Members on every merchant who are the same person by e-mail (any case) or mobile: responsible gaming's
     * exclusions across merchants (issue 31).
     */
    findSamePerson: async (identity: {
      email: string | null;
      mobileDialingCode: string | null;
      mobileNumber: string | null;
    }): Promise<Pick<MemberRow, 'id' | 'merchantCode'>[]> => {
      const email = identity.email?.trim().toLowerCase() || null;
      const mobile = identity.mobileDialingCode && identity.mobileNumber ? identity : null;
      if (!email && !mobile) return [];
      const { rows } = await pool.query<Pick<MemberRow, 'id' | 'merchantCode'>>(
        `SELECT id, merchant_code AS "merchantCode" FROM members
         WHERE ($1::text IS NOT NULL AND lower(email) = $1)
            OR ($2::text IS NOT NULL AND mobile_number = $3
                AND regexp_replace(mobile_dialing_code, '[^0-9]', '', 'g') = $2)`,
        // A dialing code compares by its digits ("+65" and "65" are one code), as the identity keys hash it.
        [email, mobile?.mobileDialingCode?.replace(/\D/g, '') ?? null, mobile?.mobileNumber ?? null],
      );
      return rows;
    },

    findAgentByAffiliateCode: (merchantCode: string, code: string): Promise<MemberRow | null> =>
      one('merchant_code = $1 AND affiliate_code = $2', [merchantCode, code]),

    findByReferralCode: (merchantCode: string, code: string): Promise<MemberRow | null> =>
      one('merchant_code = $1 AND referral_code = $2', [merchantCode, code]),

    /** Inserts a member; a unique clash returns which rule it broke instead of throwing. */
    /**
     * Inserts a member; a unique clash answers its conflict. With `client`, inside the caller's transaction (a
     * savepoint keeps that transaction usable after a clash).
     */
    insert: async (
      values: NewMember,
      client?: pg.PoolClient,
    ): Promise<{ row: MemberRow } | { conflict: InsertConflict }> => {
      const set = assigned(values);
      const db = client ?? pool;
      if (client) await client.query('SAVEPOINT member_insert');
      try {
        const { rows } = await db.query<MemberRow>(
          `INSERT INTO members (${set.map((entry) => entry.column).join(', ')})
           VALUES (${set.map((_, at) => `$${at + 1}`).join(', ')}) RETURNING ${MEMBER_COLUMNS}`,
          set.map((entry) => entry.value),
        );
        const row = rows[0];
        if (!row) throw new Error('member insert returned no row');
        if (client) await client.query('RELEASE SAVEPOINT member_insert');
        return { row };
      } catch (error) {
        if (client) await client.query('ROLLBACK TO SAVEPOINT member_insert');
        const conflict = conflictOf(error);
        if (conflict) return { conflict };
        throw error;
      }
    },

    /**
     * Sets the given fields (undefined ones are left as they are); null when there is no such member. `client`: in
     * the caller's transaction (an agent branch move sets the upline with the tree).
     */
    update: async (id: string, values: Partial<NewMember>, client?: pg.PoolClient): Promise<MemberRow | null> => {
      const set = assigned(values);
      if (set.length === 0) return one('id = $1', [id]);
      const { rows } = await (client ?? pool).query<MemberRow>(
        `UPDATE members SET ${set.map((entry, at) => `${entry.column} = $${at + 2}`).join(', ')}
         WHERE id = $1 RETURNING ${MEMBER_COLUMNS}`,
        [id, ...set.map((entry) => entry.value)],
      );
      return rows[0] ?? null;
    },

    recordLogin: async (entry: NewMemberLogin): Promise<void> => {
      await pool.query(
        `INSERT INTO member_logins (member_id, at, ip, user_agent, device_id, method, success, reason, country)
         VALUES ($1, coalesce($2, now()), $3, $4, $5, $6, $7, $8, $9)`,
        [
          entry.memberId,
          entry.at ?? null,
          entry.ip,
          entry.userAgent ?? null,
          entry.deviceId ?? null,
          entry.method,
          entry.success,
          entry.reason ?? null,
          entry.country,
        ],
      );
    },

    listLogins: async (memberId: string, limit: number): Promise<MemberLoginRow[]> =>
      (
        await pool.query<MemberLoginRow>(
          `SELECT ${LOGIN_COLUMNS} FROM member_logins WHERE member_id = $1 ORDER BY id DESC LIMIT $2`,
          [memberId, limit],
        )
      ).rows.map((row) => ({ ...row, id: BigInt(row.id) })),

    isKnownIp: async (memberId: string, ip: string): Promise<boolean> =>
      ((await pool.query('SELECT 1 FROM member_known_ips WHERE member_id = $1 AND ip = $2 LIMIT 1', [memberId, ip]))
        .rowCount ?? 0) > 0,

    hasAnyKnownIp: async (memberId: string): Promise<boolean> =>
      ((await pool.query('SELECT 1 FROM member_known_ips WHERE member_id = $1 LIMIT 1', [memberId])).rowCount ?? 0) > 0,

    replaceRecoveryCodes: async (memberId: string, hashes: readonly string[]): Promise<void> => {
      await inTransaction(pool, async (client) => {
        await client.query('DELETE FROM member_recovery_codes WHERE member_id = $1', [memberId]);
        if (hashes.length > 0) {
          await client.query('INSERT INTO member_recovery_codes (member_id, code_hash) SELECT $1, unnest($2::text[])', [
            memberId,
            [...hashes],
          ]);
        }
      });
    },

    /** Uses a recovery code once; false if unknown or already used. */
    useRecoveryCode: async (memberId: string, codeHash: string): Promise<boolean> => {
      const { rowCount } = await pool.query(
        `UPDATE member_recovery_codes SET used_at = now()
         WHERE member_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        [memberId, codeHash],
      );
      return (rowCount ?? 0) > 0;
    },

    /** Operators' search: by username, mobile number or e-mail fragment, within one merchant or all. */
    search: async (merchantCodes: readonly string[] | null, query: string, limit: number): Promise<MemberRow[]> => {
      const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await replica.query<MemberRow>(
        `SELECT ${MEMBER_COLUMNS} FROM members
         WHERE ($1::text[] IS NULL OR merchant_code = ANY($1::text[]))
           AND (username ILIKE $2 OR mobile_number ILIKE $2 OR email ILIKE $2)
         ORDER BY username LIMIT $3`,
        [merchantCodes === null ? null : [...merchantCodes], pattern, limit],
      );
      return rows;
    },

    /**
     * The members `referrerId` referred within its merchant, newest first (a page of them, or all without `page`),
     * and how many there are. Trial accounts never count.
     */
    listReferred: async (
      merchantCode: string,
      referrerId: string,
      page?: { offset: number; limit: number },
    ): Promise<{ rows: ReferredMember[]; total: number }> => {
      const where = 'referred_by_id = $1 AND merchant_code = $2 AND type <> $3';
      const values = [referrerId, merchantCode, TRIAL_MEMBER_TYPE];
      const [rows, totals] = await Promise.all([
        pool.query<ReferredMember>(
          `SELECT id, account, created_at AS "createdAt" FROM members WHERE ${where}
           ORDER BY created_at DESC, id DESC${page ? ' OFFSET $4 LIMIT $5' : ''}`,
          page ? [...values, page.offset, page.limit] : values,
        ),
        pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM members WHERE ${where}`, values),
      ]);
      return { rows: rows.rows, total: totals.rows[0]?.n ?? 0 };
    },

    rememberIp: async (memberId: string, ip: string): Promise<void> => {
      await pool.query(
        `INSERT INTO member_known_ips (member_id, ip) VALUES ($1, $2)
         ON CONFLICT (member_id, ip) DO UPDATE SET last_seen_at = now()`,
        [memberId, ip],
      );
    },

    // --- Operators' notes and flags (the member's 360 view, decision 0094) ----------------------------------

    inTransaction: <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work),

    addNote: async (
      client: pg.PoolClient,
      note: { memberId: string; body: string; operatorId: string; operatorUsername: string },
    ): Promise<MemberNoteRow> =>
      (
        await client.query<MemberNoteRow>(
          `INSERT INTO member_notes (member_id, body, operator_id, operator_username) VALUES ($1, $2, $3, $4)
           RETURNING ${NOTE_COLUMNS}`,
          [note.memberId, note.body, note.operatorId, note.operatorUsername],
        )
      ).rows[0] as MemberNoteRow,

    listNotes: async (memberId: string, limit: number): Promise<MemberNoteRow[]> =>
      (
        await pool.query<MemberNoteRow>(
          `SELECT ${NOTE_COLUMNS} FROM member_notes WHERE member_id = $1 ORDER BY id DESC LIMIT $2`,
          [memberId, limit],
        )
      ).rows,

    /** Sets (or replaces the reason of) a flag, or clears it; answers whether anything changed. */
    setFlag: async (
      client: pg.PoolClient,
      change: { memberId: string; flag: string; on: boolean; reason: string; operatorUsername: string },
    ): Promise<boolean> => {
      const result = change.on
        ? await client.query(
            `INSERT INTO member_flags (member_id, flag, reason, operator_username) VALUES ($1, $2, $3, $4)
             ON CONFLICT (member_id, flag) DO UPDATE SET reason = EXCLUDED.reason,
               operator_username = EXCLUDED.operator_username, set_at = now()`,
            [change.memberId, change.flag, change.reason, change.operatorUsername],
          )
        : await client.query('DELETE FROM member_flags WHERE member_id = $1 AND flag = $2', [
            change.memberId,
            change.flag,
          ]);
      return (result.rowCount ?? 0) > 0;
    },

    listFlags: async (memberId: string, client?: pg.PoolClient): Promise<MemberFlagRow[]> =>
      (
        await (client ?? pool).query<MemberFlagRow>(
          `SELECT flag, reason, operator_username AS "operatorUsername", set_at AS "setAt" FROM member_flags
            WHERE member_id = $1 ORDER BY set_at DESC`,
          [memberId],
        )
      ).rows,
  };
};

const NOTE_COLUMNS = `id::text, body, operator_username AS "operatorUsername", created_at AS "createdAt"`;

export interface MemberNoteRow {
  id: string;
  body: string;
  operatorUsername: string;
  createdAt: Date;
}

export interface MemberFlagRow {
  flag: string;
  reason: string;
  operatorUsername: string;
  setAt: Date;
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
