import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { memberKnownIps, memberLogins, memberRecoveryCodes, members } from './members.schema';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type MemberLoginRow = typeof memberLogins.$inferSelect;
/** A member someone referred, as the referral programme reads it. */
export type ReferredMember = Pick<MemberRow, 'id' | 'account' | 'createdAt'>;

/** Which unique rule an insert broke, so the service can name the field. */
export type InsertConflict = 'username' | 'mobile' | 'referral';

const conflictOf = (error: unknown): InsertConflict | null => {
  const constraint =
    (error as { constraint?: string; cause?: { constraint?: string } })?.cause?.constraint ??
    (error as { constraint?: string })?.constraint;
  if (constraint === 'members_merchant_username_key') return 'username';
  if (constraint === 'members_merchant_mobile_key') return 'mobile';
  if (constraint === 'members_merchant_referral_key') return 'referral';
  return null;
};

export const createMembersRepository = (db: Db) => {
  // Read on most member requests: built once, prepared on each connection by name.
  const byId = db
    .select()
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .limit(1)
    .prepare('members_find_by_id');
  return {
    findById: async (id: string): Promise<MemberRow | null> => (await byId.execute({ id }))[0] ?? null,

    /** Several members by id (a page of an agent's downline), in no particular order. */
    findByIds: async (ids: readonly string[]): Promise<MemberRow[]> =>
      ids.length === 0
        ? []
        : db
            .select()
            .from(members)
            .where(inArray(members.id, [...ids])),

    findByUsername: async (merchantCode: string, username: string): Promise<MemberRow | null> => {
      const rows = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.username, username.toLowerCase())))
        .limit(1);
      return rows[0] ?? null;
    },

    findByMobile: async (merchantCode: string, dialingCode: string, number: string): Promise<MemberRow | null> => {
      const rows = await db
        .select()
        .from(members)
        .where(
          and(
            eq(members.merchantCode, merchantCode),
            eq(members.mobileDialingCode, dialingCode),
            eq(members.mobileNumber, number),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

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
      return db
        .select({ id: members.id, merchantCode: members.merchantCode })
        .from(members)
        .where(
          or(
            email ? sql`lower(${members.email}) = ${email}` : sql`false`,
            mobile
              ? and(
                  eq(members.mobileDialingCode, mobile.mobileDialingCode ?? ''),
                  eq(members.mobileNumber, mobile.mobileNumber ?? ''),
                )
              : sql`false`,
          ),
        );
    },

    findAgentByAffiliateCode: async (merchantCode: string, code: string): Promise<MemberRow | null> => {
      const rows = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.affiliateCode, code)))
        .limit(1);
      return rows[0] ?? null;
    },

    findByReferralCode: async (merchantCode: string, code: string): Promise<MemberRow | null> => {
      const rows = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.referralCode, code)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Inserts a member; a unique clash returns which rule it broke instead of throwing. */
    insert: async (values: NewMember): Promise<{ row: MemberRow } | { conflict: InsertConflict }> => {
      try {
        const rows = await db.insert(members).values(values).returning();
        const row = rows[0];
        if (!row) throw new Error('member insert returned no row');
        return { row };
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) return { conflict };
        throw error;
      }
    },

    update: async (id: string, values: Partial<NewMember>): Promise<MemberRow | null> => {
      const rows = await db.update(members).set(values).where(eq(members.id, id)).returning();
      return rows[0] ?? null;
    },

    recordLogin: async (entry: typeof memberLogins.$inferInsert): Promise<void> => {
      await db.insert(memberLogins).values(entry);
    },

    listLogins: (memberId: string, limit: number): Promise<MemberLoginRow[]> =>
      db
        .select()
        .from(memberLogins)
        .where(eq(memberLogins.memberId, memberId))
        .orderBy(desc(memberLogins.id))
        .limit(limit),

    isKnownIp: async (memberId: string, ip: string): Promise<boolean> => {
      const rows = await db
        .select({ ip: memberKnownIps.ip })
        .from(memberKnownIps)
        .where(and(eq(memberKnownIps.memberId, memberId), eq(memberKnownIps.ip, ip)))
        .limit(1);
      return rows.length > 0;
    },

    hasAnyKnownIp: async (memberId: string): Promise<boolean> => {
      const rows = await db
        .select({ ip: memberKnownIps.ip })
        .from(memberKnownIps)
        .where(eq(memberKnownIps.memberId, memberId))
        .limit(1);
      return rows.length > 0;
    },

    replaceRecoveryCodes: async (memberId: string, hashes: readonly string[]): Promise<void> => {
      await db.transaction(async (tx) => {
        await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
        if (hashes.length > 0) {
          await tx.insert(memberRecoveryCodes).values(hashes.map((codeHash) => ({ memberId, codeHash })));
        }
      });
    },

    /** Uses a recovery code once; false if unknown or already used. */
    useRecoveryCode: async (memberId: string, codeHash: string): Promise<boolean> => {
      const rows = await db
        .update(memberRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(memberRecoveryCodes.memberId, memberId),
            eq(memberRecoveryCodes.codeHash, codeHash),
            isNull(memberRecoveryCodes.usedAt),
          ),
        )
        .returning({ memberId: memberRecoveryCodes.memberId });
      return rows.length > 0;
    },

    /** Operators' search: by username, mobile number or e-mail fragment, within one merchant or all. */
    search: (merchantCodes: readonly string[] | null, query: string, limit: number): Promise<MemberRow[]> => {
      const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const text = or(
        ilike(members.username, pattern),
        ilike(members.mobileNumber, pattern),
        ilike(members.email, pattern),
      );
      const scope = merchantCodes === null ? undefined : inArray(members.merchantCode, [...merchantCodes]);
      return db
        .select()
        .from(members)
        .where(scope ? and(scope, text) : text)
        .orderBy(members.username)
        .limit(limit);
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
      const where = and(
        eq(members.referredById, referrerId),
        eq(members.merchantCode, merchantCode),
        ne(members.type, TRIAL_MEMBER_TYPE),
      );
      const query = db
        .select({ id: members.id, account: members.account, createdAt: members.createdAt })
        .from(members)
        .where(where)
        .orderBy(desc(members.createdAt), desc(members.id));
      const [rows, totals] = await Promise.all([
        page ? query.offset(page.offset).limit(page.limit) : query,
        db.select({ n: count() }).from(members).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    rememberIp: async (memberId: string, ip: string): Promise<void> => {
      await db
        .insert(memberKnownIps)
        .values({ memberId, ip })
        .onConflictDoUpdate({ target: [memberKnownIps.memberId, memberKnownIps.ip], set: { lastSeenAt: sql`now()` } });
    },
  };
};

export type MembersRepository = ReturnType<typeof createMembersRepository>;
