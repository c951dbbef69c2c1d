import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { MerchantContext } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';
import type { MemberRow, MembersRepository, NewMember } from './members.repository';

/** The well-known default password (api-facts 12.4): logging in with it forces a change. */
export const DEFAULT_PASSWORD = '123456';
/** Where the merchant enforces expiry (PWDEXPFORCECHANGE3), a password older than this must be changed. */
export const PASSWORD_MAX_AGE_DAYS = 90;

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newReferralCode = (): string =>
  Array.from(randomBytes(8), (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');

export const isPasswordExpired = (row: MemberRow, merchant: MerchantContext, now = Date.now()): boolean =>
  merchant.modules.PWDEXPFORCECHANGE3 === true &&
  now - row.passwordChangedAt.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000;

export const createMembersService = (repository: MembersRepository) => ({
  findById: repository.findById,
  findByIds: repository.findByIds,
  findByAccount: repository.findByAccount,
  findByUsername: repository.findByUsername,
  recipients: repository.recipients,
  findByMobile: repository.findByMobile,
  findSamePerson: repository.findSamePerson,
  findAgentByAffiliateCode: repository.findAgentByAffiliateCode,
  findByReferralCode: repository.findByReferralCode,
  listReferred: repository.listReferred,
  recordLogin: repository.recordLogin,
  listLogins: repository.listLogins,
  isKnownIp: repository.isKnownIp,
  hasAnyKnownIp: repository.hasAnyKnownIp,
  rememberIp: repository.rememberIp,

  /**
   * Creates a member; retries once on the (rare) referral-code clash. `client`: in the caller's transaction (an
   * agent's row held against a freeze, decision 0091).
   */
  create: async (values: Omit<NewMember, 'referralCode'>, client?: pg.PoolClient) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await repository.insert({ ...values, referralCode: newReferralCode() }, client);
      if ('row' in result || result.conflict !== 'referral') return result;
    }
    throw new Error('could not draw a free referral code');
  },

  setPassword: async (id: string, password: string, options: { mustChange?: boolean } = {}) =>
    repository.update(id, {
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date(),
      mustChangePassword: options.mustChange ?? false,
    }),

  /** A successful sign-in: its country becomes the member's region (decision 0140), null when the request had none. */
  markLoggedIn: (id: string, country: string | null) =>
    repository.update(id, { lastLoginAt: new Date(), firstLogin: false, country }),

  update: repository.update,
  search: repository.search,

  /** Operators' notes and flags on a member (decision 0094); writers audit in the change's transaction. */
  listNotes: repository.listNotes,
  listFlags: repository.listFlags,
  addNote: (
    note: { memberId: string; body: string; operatorId: string; operatorUsername: string },
    audit: (client: pg.PoolClient) => Promise<unknown>,
  ) =>
    repository.inTransaction(async (client) => {
      const row = await repository.addNote(client, note);
      await audit(client);
      return row;
    }),
  setFlag: (
    change: { memberId: string; flag: string; on: boolean; reason: string; operatorUsername: string },
    audit: (client: pg.PoolClient) => Promise<unknown>,
  ) =>
    repository.inTransaction(async (client) => {
      if (await repository.setFlag(client, change)) await audit(client);
      return repository.listFlags(change.memberId, client);
    }),

  /** Ten fresh recovery codes (XXXX-XXXX), replacing any earlier ones; only their hashes are kept. */
  issueRecoveryCodes: async (memberId: string): Promise<string[]> => {
    const codes = Array.from({ length: 10 }, () => {
      const raw = Array.from(randomBytes(8), (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
      return `${raw.slice(0, 4)}-${raw.slice(4)}`;
    });
    await repository.replaceRecoveryCodes(memberId, codes.map(hashRecoveryCode));
    return codes;
  },

  useRecoveryCode: (memberId: string, code: string) => repository.useRecoveryCode(memberId, hashRecoveryCode(code)),

  clearRecoveryCodes: (memberId: string) => repository.replaceRecoveryCodes(memberId, []),
});

const hashRecoveryCode = (code: string): string => createHash('sha256').update(code.trim().toUpperCase()).digest('hex');

export type MembersService = ReturnType<typeof createMembersService>;
