import { countriesFor, countryOfTimeZone, type FieldError, validateRegistrationField } from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext, SiteVisit } from '../../platform/principals';
import { hashPassword, verifyPassword } from '../../platform/security/password';
import type { SecretBox } from '../../platform/security/secret-box';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import { hashToken, newSessionToken } from '../../platform/security/tokens';
import { newTotpSecret, totpUri, verifyTotp } from '../../platform/security/totp';
import { DEFAULT_PASSWORD, type MemberRow, type MembersService } from '../members';
import { siteBaseUrl } from '../merchants';
import type { SessionService } from '../session';
import { type MessageSender, phoneRecipient, type VerificationService } from '../verification';
import type { AccountRepository } from './account.repository';

const RESET_LINK_TTL_MS = 30 * 60_000;
const WITHDRAW_PASSWORD = /^.{6,20}$/u;
const WITHDRAW_PASSWORD_TRIES = 5;
const WITHDRAW_PASSWORD_WINDOW_MS = 15 * 60_000;

export const createAccountService = (deps: {
  repository: AccountRepository;
  members: MembersService;
  session: SessionService;
  verification: VerificationService;
  sender: MessageSender;
  limiter: SharedRateLimiter;
  secretBox: SecretBox;
}) => {
  const { repository, members, session, verification, sender, limiter, secretBox } = deps;

  const memberOf = async (principal: MemberPrincipal): Promise<MemberRow> => {
    const member = await members.findById(principal.memberId);
    if (!member) throw new AppError('login.not.session');
    return member;
  };

  /** The new password against the merchant's password rule and the usual traps. */
  const newPasswordErrors = (
    merchant: MerchantContext,
    newPassword: string,
    confirm: string | undefined,
  ): FieldError[] => {
    const errors: FieldError[] = [];
    const rule = merchant.settings.registerRules.password;
    const ruleError = rule ? validateRegistrationField(rule, newPassword) : null;
    if (ruleError) {
      errors.push({
        path: 'newPassword',
        code: ruleError.code,
        ...('params' in ruleError ? { params: ruleError.params } : {}),
      });
    } else if (newPassword === DEFAULT_PASSWORD) {
      errors.push({ path: 'newPassword', code: 'password_too_common' });
    }
    if (confirm !== undefined && confirm !== newPassword)
      errors.push({ path: 'confirmNewPassword', code: 'inconsistent_twice' });
    return errors;
  };

  return {
    /**
     * E-mails a reset link when username and e-mail match a member. The answer is the same either way, so the
     * form does not reveal who is a member (decision 0010).
     */
    forgotPasswordByEmail: async (ctx: SiteVisit, username: string, email: string): Promise<void> => {
      if (!(await limiter.hit(`forgot:ip:${ctx.merchant.code}:${ctx.ip}`, 10, 3_600_000)).allowed) {
        throw new AppError('too_many_requests');
      }
      const member = await members.findByUsername(ctx.merchant.code, username);
      if (!member?.email || member.email !== email.trim().toLowerCase()) return;
      if (!(await limiter.hit(`forgot:member:${member.id}`, 3, 3_600_000)).allowed) return;
      const token = newSessionToken();
      await repository.insertResetToken(member.id, hashToken(token), RESET_LINK_TTL_MS);
      const link = `${siteBaseUrl(ctx.merchant.settings)}?resetToken=${token}`;
      const params = { site: ctx.merchant.settings.name, link, minutes: RESET_LINK_TTL_MS / 60_000 };
      await sender.send({
        merchantCode: ctx.merchant.code,
        channel: 'email',
        recipient: member.email,
        template: 'password_reset_link',
        params,
        body: `Reset your ${params.site} password within ${params.minutes} minutes: ${link} — if you did not ask for this, ignore this e-mail.`,
      });
    },

    resetPassword: async (
      ctx: SiteVisit,
      input: { token: string; newPassword: string; confirmNewPassword: string },
    ) => {
      const errors = newPasswordErrors(ctx.merchant, input.newPassword, input.confirmNewPassword);
      if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
      const memberId = await repository.useResetToken(hashToken(input.token));
      const member = memberId ? await members.findById(memberId) : null;
      if (!member || member.merchantCode !== ctx.merchant.code) throw new AppError('verification_code_expired');
      await members.setPassword(member.id, input.newPassword);
      await session.revokeAllSessions(member.id);
      return { account: member.account };
    },

    setPasswordByPhone: async (
      ctx: SiteVisit,
      input: {
        mobileNum: string;
        countryDialingCode: string;
        verificationCode: string;
        newPassword: string;
        confirmNewPassword?: string | undefined;
      },
    ) => {
      const errors = newPasswordErrors(ctx.merchant, input.newPassword, input.confirmNewPassword);
      if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
      const dialing = input.countryDialingCode.replace(/^\+/, '');
      try {
        await verification.consumeCode({
          merchantCode: ctx.merchant.code,
          purpose: 'reset',
          recipient: phoneRecipient(dialing, input.mobileNum),
          code: input.verificationCode,
        });
      } catch (error) {
        if (error instanceof AppError) throw fieldError('verificationCode', error.code);
        throw error;
      }
      const member = await members.findByMobile(ctx.merchant.code, dialing, input.mobileNum);
      if (!member) throw fieldError('verificationCode', 'verification_code_invalid');
      await members.setPassword(member.id, input.newPassword);
      await session.revokeAllSessions(member.id);
      return { account: member.account };
    },

    loginHistory: async (principal: MemberPrincipal, pageSize: number) => {
      const rows = await members.listLogins(principal.memberId, pageSize);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        method: row.method,
        success: row.success,
        reason: row.reason,
      }));
    },

    /** A new authenticator secret, kept sealed and inactive until a code from it is confirmed. */
    startTwoFactor: async (ctx: SiteVisit, principal: MemberPrincipal) => {
      const member = await memberOf(principal);
      if (member.totpEnabled) throw new AppError('conflict');
      const secret = newTotpSecret();
      await members.update(member.id, { totpSecret: await secretBox.seal(secret, `totp:${member.id}`) });
      return { secret, otpauthUri: totpUri(secret, member.account, ctx.merchant.settings.name) };
    },

    enableTwoFactor: async (principal: MemberPrincipal, code: string) => {
      const member = await memberOf(principal);
      if (member.totpEnabled || !member.totpSecret) throw new AppError('conflict');
      if (!(await limiter.hit(`2fa:${member.id}`, 10, 15 * 60_000)).allowed) throw new AppError('too_many_requests');
      const secret = await secretBox.open(member.totpSecret, `totp:${member.id}`);
      if (!verifyTotp(secret, code)) throw fieldError('code', 'verification_code_invalid');
      await members.update(member.id, { totpEnabled: true });
      return { recoveryCodes: await members.issueRecoveryCodes(member.id) };
    },

    disableTwoFactor: async (principal: MemberPrincipal, password: string, code: string) => {
      const member = await memberOf(principal);
      if (!member.totpEnabled) throw new AppError('conflict');
      if (!(await limiter.hit(`2fa:${member.id}`, 10, 15 * 60_000)).allowed) throw new AppError('too_many_requests');
      if (!(await verifyPassword(member.passwordHash, password))) throw fieldError('password', 'error_password');
      if (!(await session.checkSecondFactor(member, code))) throw fieldError('code', 'verification_code_invalid');
      await members.update(member.id, { totpEnabled: false, totpSecret: null });
      await members.clearRecoveryCodes(member.id);
    },

    /**
     * Sets the withdraw password (proving the login password) or changes it (proving the old one). Five tries
     * per 15 minutes.
     */
    setWithdrawPassword: async (
      principal: MemberPrincipal,
      input: { currentPassword: string; newWithdrawPassword: string; confirmWithdrawPassword: string },
    ) => {
      const member = await memberOf(principal);
      if (!(await limiter.hit(`withdrawpw:${member.id}`, 5, 15 * 60_000)).allowed)
        throw new AppError('too_many_requests');
      const errors: FieldError[] = [];
      const current = member.paymentPasswordHash ?? member.passwordHash;
      if (!(await verifyPassword(current, input.currentPassword)))
        errors.push({ path: 'currentPassword', code: 'error_password' });
      if (!WITHDRAW_PASSWORD.test(input.newWithdrawPassword)) {
        errors.push({ path: 'newWithdrawPassword', code: 'withdraw_password_rule', params: { min: 6, max: 20 } });
      } else if (await verifyPassword(member.passwordHash, input.newWithdrawPassword)) {
        errors.push({ path: 'newWithdrawPassword', code: 'withdraw_password_same_as_login' });
      }
      if (input.confirmWithdrawPassword !== input.newWithdrawPassword) {
        errors.push({ path: 'confirmWithdrawPassword', code: 'inconsistent_twice' });
      }
      if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
      await members.update(member.id, { paymentPasswordHash: await hashPassword(input.newWithdrawPassword) });
    },

    /**
     * Proves the withdraw password before money leaves (withdrawal, payout method, transfer to upline). Only wrong
     * answers count: five in 15 minutes and further tries are refused until the window passes.
     */
    checkWithdrawPassword: async (principal: MemberPrincipal, password: string, path = 'withdrawPassword') => {
      const member = await memberOf(principal);
      if (!member.paymentPasswordHash) throw new AppError('withdraw_password_not_set');
      const key = `withdrawpw-check:${member.id}`;
      if ((await limiter.peek(key, WITHDRAW_PASSWORD_WINDOW_MS)) >= WITHDRAW_PASSWORD_TRIES)
        throw new AppError('too_many_requests');
      if (!(await verifyPassword(member.paymentPasswordHash, password))) {
        await limiter.hit(key, WITHDRAW_PASSWORD_TRIES, WITHDRAW_PASSWORD_WINDOW_MS);
        throw fieldError(path, 'error_withdraw_password');
      }
      return member;
    },

    hasWithdrawPassword: async (principal: MemberPrincipal): Promise<boolean> =>
      Boolean((await members.findById(principal.memberId))?.paymentPasswordHash),

    countries: (merchant: MerchantContext) => {
      const own = countryOfTimeZone(merchant.settings.timeZone);
      return countriesFor(own ? [own] : []);
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
