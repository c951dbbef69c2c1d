import {
  type FieldError,
  isAgentType,
  type LoginValue,
  type LoginVerifyMethod,
  TRIAL_MEMBER_TYPE,
  validateRegistrationField,
} from '@tessera/contracts';
import type { Caches } from '../../platform/cache';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext, SiteVisit } from '../../platform/principals';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/security/password';
import type { ProofOfWork } from '../../platform/security/proof-of-work';
import type { SecretBox } from '../../platform/security/secret-box';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import { hashToken, newSessionToken } from '../../platform/security/tokens';
import { verifyTotp } from '../../platform/security/totp';
import {
  DEFAULT_PASSWORD,
  isPasswordExpired,
  type MemberRow,
  type MembersService,
  maskEmail,
  maskMobile,
  presentMemberInfo,
} from '../members';
import type { CaptchaService } from '../system';
import { phoneRecipient, type VerificationService } from '../verification';
import { createLiveSessions, type LiveSession } from './live-sessions';
import type { SessionRepository } from './session.repository';

/** The cache channel live sessions are dropped through; database triggers notify it too (migration 0065). */
export const LIVE_SESSIONS_CACHE = 'session.live';

const SESSION_IDLE_MS = 2 * 60 * 60_000;
/** A session's idle clock is written at most this often (decision 0049): reads write nothing in between. */
const SESSION_TOUCH_MS = 60_000;
const SESSION_ABSOLUTE_MS = 24 * 60 * 60_000;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed passwords on one account before a captcha is asked for (spec: "three wrong passwords bring the captcha"). */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Failed passwords on one account (known or not) before logins to it pause for the window. */
const ACCOUNT_FAILURE_LIMIT = 10;
const IP_ATTEMPTS_PER_MINUTE = 60;
const CHALLENGE_TTL_MS = 10 * 60_000;

type LoginMethod = 'password' | 'sms' | 'freeplay' | 'register' | 'verify_ip' | 'reset' | 'social';

export interface LoginInput {
  username: string;
  password: string;
  type: 'username' | 'sms';
  countryDialingCode?: string | undefined;
  captcha?: string | undefined;
  botCheck?: string | undefined;
  agentLogin: boolean;
  loginDeviceId?: string | undefined;
}

export const createSessionService = (deps: {
  repository: SessionRepository;
  members: MembersService;
  verification: VerificationService;
  captcha: CaptchaService;
  proofOfWork: ProofOfWork;
  limiter: SharedRateLimiter;
  secretBox: SecretBox;
  caches: Pick<Caches, 'channel'>;
}) => {
  const { repository, members, verification, captcha, proofOfWork, limiter, secretBox } = deps;
  /**
   * Live sessions read here (decision 0149). A revocation, lock or type change notifies every instance from the
   * database's own triggers (migration 0065), so this instance drops its copy at once and leaves the broadcast to them.
   */
  const liveSessions = createLiveSessions();
  deps.caches.channel(LIVE_SESSIONS_CACHE, liveSessions.drop);
  const forgetSessions = (memberId: string) => liveSessions.drop(memberId);
  const principalOf = (session: LiveSession): MemberPrincipal => ({
    memberId: session.memberId,
    merchantCode: session.merchantCode,
    sessionId: session.id,
    type: session.type,
  });
  /** Checks a later module adds (responsible gaming's session-time limit): each may refuse a session's start. */
  const loginGuards: ((merchantCode: string, memberId: string) => Promise<void>)[] = [];
  /** Told of a signed-in member's activity (at most once a minute a session); one may throw to refuse the request. */
  const activityListeners: ((principal: MemberPrincipal) => Promise<void>)[] = [];

  /** Holds a login back until the member proves itself (new IP, or two-factor on). */
  const holdLogin = async (
    member: MemberRow,
    ctx: Pick<SiteVisit, 'ip' | 'userAgent' | 'country'>,
    twoFactor: boolean,
    methods: LoginVerifyMethod[],
    attempt: { method: LoginMethod; deviceId?: string | undefined },
  ): Promise<never> => {
    const verifyToken = newSessionToken();
    await repository.insertChallenge({
      memberId: member.id,
      tokenHash: hashToken(verifyToken),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    await members.recordLogin({
      memberId: member.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      country: ctx.country,
      deviceId: attempt.deviceId ?? null,
      method: attempt.method,
      success: false,
      reason: twoFactor ? 'two_factor' : 'new_ip',
    });
    throw new AppError('login_verify_required', {
      value: {
        verifyToken,
        twoFactor,
        methods,
        mobileMasked: maskMobile(member.mobileDialingCode, member.mobileNumber),
        emailMasked: maskEmail(member.email),
      },
    });
  };

  /** An authenticator code for the member's secret, or one of its unused recovery codes. */
  const checkSecondFactor = async (member: MemberRow, code: string): Promise<boolean> => {
    if (!member.totpEnabled || !member.totpSecret) return false;
    if (/^[0-9]{6}$/.test(code.trim())) {
      return verifyTotp(await secretBox.open(member.totpSecret, `totp:${member.id}`), code);
    }
    return members.useRecoveryCode(member.id, code);
  };

  /** A locked account's attempt: recorded, and refused. */
  const refuseLocked = async (
    member: MemberRow,
    ctx: Pick<SiteVisit, 'ip' | 'userAgent' | 'country'>,
    method: LoginMethod,
    deviceId: string | null,
  ): Promise<never> => {
    await members.recordLogin({
      memberId: member.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      country: ctx.country,
      deviceId,
      method,
      success: false,
      reason: 'locked',
    });
    throw new AppError('account_locked');
  };

  const failureKey = (merchant: MerchantContext, username: string) =>
    `login:fail:${merchant.code}:${username.trim().toLowerCase()}`;

  /** Opens a session for a member who has proven who they are, and answers as login does. */
  const startSession = async (
    member: MemberRow,
    merchant: MerchantContext,
    ctx: Pick<SiteVisit, 'ip' | 'userAgent' | 'country'>,
    method: LoginMethod,
    options: { usedDefaultPassword?: boolean; deviceId?: string | undefined } = {},
  ): Promise<LoginValue> => {
    for (const guard of loginGuards) await guard(member.merchantCode, member.id);
    const token = newSessionToken();
    await repository.insertSession({
      memberId: member.id,
      tokenHash: hashToken(token),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    });
    const passwordExpired = isPasswordExpired(member, merchant);
    // The default password, an expired one, or an operator reset force a change, except after an SMS login.
    const forced =
      method !== 'sms' && (options.usedDefaultPassword === true || passwordExpired || member.mustChangePassword);
    if (options.usedDefaultPassword && !member.mustChangePassword) {
      await members.update(member.id, { mustChangePassword: true });
    }
    await members.rememberIp(member.id, ctx.ip);
    await members.recordLogin({
      memberId: member.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      country: ctx.country,
      deviceId: options.deviceId ?? null,
      method,
      success: true,
    });
    await members.markLoggedIn(member.id, ctx.country);
    return {
      token,
      firstTimeLogin: member.firstLogin,
      passwordExpired,
      mustChangePassword: forced,
      member: presentMemberInfo(member, merchant.settings.currency, forced),
    };
  };

  const verifyMethodsOf = (member: MemberRow): LoginVerifyMethod[] => {
    const methods: LoginVerifyMethod[] = [];
    if (member.mobileNumber) methods.push('sms');
    if (member.email) methods.push('email');
    if (member.payeeName) methods.push('payee');
    if (member.totpEnabled && member.totpSecret) methods.push('totp');
    return methods;
  };

  const loginFailed = async (merchant: MerchantContext, key: string) => {
    const { count } = await limiter.hit(key, Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_MS);
    const captchaNeeded = merchant.modules.CAPTCHA3 === true && count >= CAPTCHA_AFTER_FAILURES;
    return new AppError('login_failed', { value: { captcha: captchaNeeded } });
  };

  return {
    startSession,

    login: async (ctx: SiteVisit, input: LoginInput, captchaId: string | undefined): Promise<LoginValue> => {
      const merchant = ctx.merchant;
      if (!(await limiter.hit(`login:ip:${merchant.code}:${ctx.ip}`, IP_ATTEMPTS_PER_MINUTE, 60_000)).allowed) {
        throw new AppError('too_many_requests');
      }
      let member: MemberRow | null;
      let usedDefaultPassword = false;
      const key = failureKey(
        merchant,
        input.type === 'sms' ? `${input.countryDialingCode}${input.username}` : input.username,
      );

      if (input.type === 'sms') {
        if (merchant.modules.MOBILEVERCODELOGIN3 !== true) throw new AppError('function.not.available');
        if (!input.countryDialingCode) throw fieldError('countryDialingCode', 'not_empty');
        if (!/^[0-9]{5,15}$/.test(input.username)) throw fieldError('username', 'in_mobileNum_error');
        await verification.consumeCode({
          merchantCode: merchant.code,
          purpose: 'login',
          recipient: phoneRecipient(input.countryDialingCode, input.username),
          code: input.password,
        });
        member = await members.findByMobile(merchant.code, input.countryDialingCode.replace(/^\+/, ''), input.username);
        if (!member) throw new AppError('login_failed', { value: { captcha: false } });
      } else {
        await proofOfWork.verify(input.botCheck);
        const failures = await limiter.peek(key, FAILURE_WINDOW_MS);
        if (failures >= ACCOUNT_FAILURE_LIMIT) throw new AppError('too_many_requests');
        if (merchant.modules.CAPTCHA3 === true && failures >= CAPTCHA_AFTER_FAILURES) {
          if (!input.captcha) throw new AppError('captcha_required', { value: { captcha: true } });
          if (!(await captcha.verify(merchant.code, captchaId, input.captcha))) {
            throw new AppError('captcha_invalid', { value: { captcha: true } });
          }
        }
        member = await members.findByUsername(merchant.code, input.username);
        const passwordOk = await verifyPassword(member?.passwordHash ?? (await decoyPasswordHash()), input.password);
        if (!member || !passwordOk) {
          if (member) {
            await members.recordLogin({
              memberId: member.id,
              ip: ctx.ip,
              userAgent: ctx.userAgent,
              country: ctx.country,
              deviceId: input.loginDeviceId ?? null,
              method: 'password',
              success: false,
              reason: 'password',
            });
          }
          throw await loginFailed(merchant, key);
        }
        usedDefaultPassword = input.password === DEFAULT_PASSWORD;
      }

      if (member.lockedAt) {
        await refuseLocked(member, ctx, input.type === 'sms' ? 'sms' : 'password', input.loginDeviceId ?? null);
      }
      if (member.type === TRIAL_MEMBER_TYPE) throw new AppError('member_no_enter');
      if (input.agentLogin && !isAgentType(member.type)) throw new AppError('error_not_agent');
      await limiter.reset(key);

      const attempt = {
        method: (input.type === 'sms' ? 'sms' : 'password') as LoginMethod,
        deviceId: input.loginDeviceId,
      };
      if (member.totpEnabled && member.totpSecret) await holdLogin(member, ctx, true, ['totp'], attempt);
      if (
        merchant.modules.LOGINIPVERF3 === true &&
        (await members.hasAnyKnownIp(member.id)) &&
        !(await members.isKnownIp(member.id, ctx.ip))
      ) {
        const offered = merchant.settings.loginVerification.methods;
        const methods = verifyMethodsOf(member).filter((method) => offered.includes(method));
        if (methods.length > 0) await holdLogin(member, ctx, false, methods, attempt);
      }
      return startSession(member, merchant, ctx, input.type === 'sms' ? 'sms' : 'password', {
        usedDefaultPassword,
        deviceId: input.loginDeviceId,
      });
    },

    /**
     * Signs in a member an outside identity has proven (social sign-in, decision 0165): a locked account or a trial
     * one is refused, and an account with two-factor on still answers its code first.
     */
    signInVerified: async (member: MemberRow, ctx: SiteVisit): Promise<LoginValue> => {
      if (member.lockedAt) await refuseLocked(member, ctx, 'social', null);
      if (member.type === TRIAL_MEMBER_TYPE) throw new AppError('member_no_enter');
      if (member.totpEnabled && member.totpSecret) await holdLogin(member, ctx, true, ['totp'], { method: 'social' });
      return startSession(member, ctx.merchant, ctx, 'social');
    },

    /** Sends the SMS or e-mail code for a pending new-IP login. */
    sendLoginVerifyCode: async (ctx: SiteVisit, verifyToken: string, method: 'sms' | 'email') => {
      const challenge = await repository.findLiveChallenge(hashToken(verifyToken));
      if (!challenge || challenge.ip !== ctx.ip) throw new AppError('verification_code_expired');
      const member = await members.findById(challenge.memberId);
      if (!member) throw new AppError('verification_code_expired');
      const recipient =
        method === 'sms'
          ? member.mobileNumber && phoneRecipient(member.mobileDialingCode ?? '', member.mobileNumber)
          : member.email?.toLowerCase();
      if (!recipient) throw fieldError('method', 'field_not_allowed');
      return verification.sendCode({
        merchantCode: ctx.merchant.code,
        siteName: ctx.merchant.settings.name,
        purpose: 'verify_ip',
        channel: method,
        recipient,
      });
    },

    /** Completes a new-IP login with the chosen proof. */
    verifyLogin: async (
      ctx: SiteVisit,
      input: {
        verifyToken: string;
        method: LoginVerifyMethod;
        code?: string | undefined;
        payeeName?: string | undefined;
      },
    ): Promise<LoginValue> => {
      const challenge = await repository.attemptChallenge(hashToken(input.verifyToken));
      if (!challenge || challenge.ip !== ctx.ip) throw new AppError('verification_code_expired');
      const member = await members.findById(challenge.memberId);
      if (!member || member.merchantCode !== ctx.merchant.code) throw new AppError('verification_code_expired');
      const offered = ctx.merchant.settings.loginVerification.methods;
      const allowed: LoginVerifyMethod[] = member.totpEnabled
        ? ['totp']
        : verifyMethodsOf(member).filter((method) => offered.includes(method));
      if (!allowed.includes(input.method)) throw fieldError('method', 'field_not_allowed');
      switch (input.method) {
        case 'sms':
        case 'email': {
          if (!input.code) throw fieldError('code', 'enter_verification_code');
          const recipient =
            input.method === 'sms'
              ? phoneRecipient(member.mobileDialingCode ?? '', member.mobileNumber ?? '')
              : (member.email ?? '').toLowerCase();
          await verification.consumeCode({
            merchantCode: ctx.merchant.code,
            purpose: 'verify_ip',
            recipient,
            code: input.code,
          });
          break;
        }
        case 'payee': {
          const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
          if (!input.payeeName || normalise(input.payeeName) !== normalise(member.payeeName ?? '')) {
            throw fieldError('payeeName', 'in_payeeName_error');
          }
          break;
        }
        case 'totp':
          if (!input.code || !(await checkSecondFactor(member, input.code))) {
            throw fieldError('code', 'verification_code_invalid');
          }
          break;
      }
      if (!(await repository.useChallenge(challenge.id))) throw new AppError('verification_code_expired');
      return startSession(member, ctx.merchant, ctx, 'verify_ip');
    },

    /** Sends an SMS code for login or password reset; answers the same whether or not the number is a member's. */
    sendSmsCode: async (
      ctx: SiteVisit,
      input: { mobileNum: string; countryDialingCode: string; purpose: 'login' | 'reset'; botCheck: string },
    ) => {
      const flag = input.purpose === 'login' ? 'MOBILEVERCODELOGIN3' : 'CHNGPASSVERIF3';
      if (ctx.merchant.modules[flag] !== true) throw new AppError('function.not.available');
      await proofOfWork.verify(input.botCheck);
      const dialing = input.countryDialingCode.replace(/^\+/, '');
      const member = await members.findByMobile(ctx.merchant.code, dialing, input.mobileNum);
      const recipient = phoneRecipient(dialing, input.mobileNum);
      if (!member) {
        // Same throttle and answer as a real send, so the endpoint does not reveal who is a member.
        return verification.throttleSend(ctx.merchant.code, recipient);
      }
      return verification.sendCode({
        merchantCode: ctx.merchant.code,
        siteName: ctx.merchant.settings.name,
        purpose: input.purpose,
        channel: 'sms',
        recipient,
      });
    },

    freePlay: async (ctx: SiteVisit, botCheck: string): Promise<LoginValue> => {
      await proofOfWork.verify(botCheck);
      if (!(await limiter.hit(`freeplay:${ctx.merchant.code}:${ctx.ip}`, 10, 3_600_000)).allowed) {
        throw new AppError('too_many_requests');
      }
      const suffix = newSessionToken()
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 10)
        .toLowerCase();
      const created = await members.create({
        merchantCode: ctx.merchant.code,
        username: `trial_${suffix}`,
        account: `trial_${suffix}`,
        nickname: `Guest ${suffix.slice(0, 4).toUpperCase()}`,
        passwordHash: await hashPassword(newSessionToken()),
        type: TRIAL_MEMBER_TYPE,
        registerIp: ctx.ip,
        country: ctx.country,
      });
      if (!('row' in created)) throw new AppError('conflict');
      return startSession(created.row, ctx.merchant, ctx, 'freeplay');
    },

    authenticate: async (merchant: MerchantContext, token: string): Promise<MemberPrincipal | null> => {
      const tokenHash = hashToken(token);
      let session = liveSessions.get(tokenHash);
      if (!session) {
        const readGeneration = liveSessions.begin();
        const found = await repository.findLiveSession(tokenHash, SESSION_IDLE_MS, SESSION_TOUCH_MS);
        if (!found) return null;
        session = {
          id: found.id,
          memberId: found.memberId,
          merchantCode: found.merchantCode,
          type: found.type,
          locked: found.locked,
        };
        const principal = principalOf(found);
        if (found.stale) {
          await repository.touchSession(found.id);
          for (const listener of activityListeners) await listener(principal);
        }
        // Kept until the idle clock is next due (a full minute after a touch) or the session expires.
        const touchInMs = found.stale ? SESSION_TOUCH_MS : found.touchInMs;
        liveSessions.store(readGeneration, tokenHash, session, Math.min(touchInMs, found.expiresInMs));
      }
      if (session.merchantCode !== merchant.code || session.locked) return null;
      return principalOf(session);
    },

    /** Adds a check every session start passes (it throws to refuse the sign-in). */
    guardLogin: (guard: (merchantCode: string, memberId: string) => Promise<void>) => {
      loginGuards.push(guard);
    },

    /** Adds a listener told of signed-in activity, at most once a minute a session (the idle clock's touch). */
    onActivity: (listener: (principal: MemberPrincipal) => Promise<void>) => {
      activityListeners.push(listener);
    },

    logout: async (principal: MemberPrincipal) => {
      await repository.revokeSession(principal.sessionId);
      forgetSessions(principal.memberId);
    },

    /** Changes the password and ends every other session of the member. */
    changePassword: async (
      ctx: SiteVisit,
      principal: MemberPrincipal,
      input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
    ) => {
      const member = await members.findById(principal.memberId);
      if (!member) throw new AppError('login.not.session');
      const errors: FieldError[] = [];
      // The old password is asked for unless the change is the one forced right after login.
      if (!member.mustChangePassword) {
        if (!input.oldPassword) errors.push({ path: 'oldPassword', code: 'not_empty' });
        else if (!(await verifyPassword(member.passwordHash, input.oldPassword))) {
          errors.push({ path: 'oldPassword', code: 'error_password' });
        }
      }
      const rule = ctx.merchant.settings.registerRules.password;
      const ruleError = rule ? validateRegistrationField(rule, input.newPassword) : null;
      if (ruleError)
        errors.push({
          path: 'newPassword',
          code: ruleError.code,
          ...('params' in ruleError ? { params: ruleError.params } : {}),
        });
      else if (input.newPassword === DEFAULT_PASSWORD)
        errors.push({ path: 'newPassword', code: 'password_too_common' });
      else if (await verifyPassword(member.passwordHash, input.newPassword)) {
        errors.push({ path: 'newPassword', code: 'password_same_as_old' });
      }
      if (input.confirmNewPassword !== input.newPassword)
        errors.push({ path: 'confirmNewPassword', code: 'inconsistent_twice' });
      if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
      await members.setPassword(member.id, input.newPassword);
      await repository.revokeOtherSessions(member.id, principal.sessionId);
      forgetSessions(member.id);
    },

    checkSecondFactor,

    /** Ends every session of a member (operator lock, password reset). */
    revokeAllSessions: async (memberId: string) => {
      await repository.revokeOtherSessions(memberId, null);
      forgetSessions(memberId);
    },
  };
};

export type SessionService = ReturnType<typeof createSessionService>;
