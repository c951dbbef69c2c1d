import { randomInt } from 'node:crypto';
import {
  type FieldError,
  isAgentType,
  type LoginValue,
  type RegisterFieldRule,
  type RegistrationFieldName,
  type registrationUserSchema,
  TRIAL_MEMBER_TYPE,
  validateRegistrationField,
} from '@tessera/contracts';
import type pg from 'pg';
import type { z } from 'zod';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { SiteVisit } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';
import type { ProofOfWork } from '../../platform/security/proof-of-work';
import { newSessionToken } from '../../platform/security/tokens';
import type { MemberProfileInput, MemberRow, MembersService } from '../members';
import type { SessionService } from '../session';
import type { CaptchaService } from '../system';
import { phoneRecipient, type VerificationService } from '../verification';

type RegistrationInput = z.output<typeof registrationUserSchema>;
export type RegistrationMode = 'username' | 'mobile';

/** Spec section 5: the birthday check confirms age 21 (the agreement text shows 18). */
export const MINIMUM_AGE = 21;

/** The rule a core field falls back to when a merchant has not configured one. */
export const fallbackRules: Partial<Record<RegistrationFieldName, RegisterFieldRule>> = {
  username: { enabled: true, required: true, acceptedPattern: '*', patternId: 1, minLength: 4, maxLength: 30 },
  password: { enabled: true, required: true, acceptedPattern: '*', patternId: 0, minLength: 6, maxLength: 64 },
  mobileNum: { enabled: true, required: true, acceptedPattern: '*', patternId: 6, minLength: 5, maxLength: 15 },
};

const PROFILE_FIELDS = [
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
] as const;
const OPTIONAL_FIELDS = [
  ...PROFILE_FIELDS,
  'payeeName',
  'email',
  'nickname',
  'paymentPassword',
  'affiliateCode',
  'recommenderId',
] as const;

/** Whole years between a yyyy-MM-dd or MM-dd-yyyy birthday and today; null if it is not a date. */
export const ageOn = (birthday: string, today: Date): number | null => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(birthday);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1) return null;
  let age = today.getUTCFullYear() - date.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < date.getUTCMonth() ||
    (today.getUTCMonth() === date.getUTCMonth() && today.getUTCDate() < date.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
};

/**
 * Another module's say on an agent's affiliate code (agents' money: a frozen agent's code is suspended, decision
 * 0089): the refusal's code for registrations through it, or null.
 */
export type AffiliateCheck = (merchantCode: string, agentId: string) => Promise<'invitation_code_suspended' | null>;
/**
 * Runs `work` (the member's insert) for a registration through an agent's code, in a transaction of its own that
 * holds the agent against a change of its rule meanwhile; it may refuse as the check does (decision 0091).
 */
export type AffiliateHold = <T>(
  merchantCode: string,
  agentId: string,
  work: (client: pg.PoolClient | undefined) => Promise<T>,
) => Promise<T>;

const GENERATED_USERNAME_LETTERS = 'abcdefghjkmnpqrstuvwxyz';
const GENERATED_USERNAME_DIGITS = '23456789';
/** A username for an account an outside sign-in creates: a letter, then letters and digits, 10 long. */
const generatedUsername = (): string => {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? 'a';
  let name = pick(GENERATED_USERNAME_LETTERS);
  for (let at = 1; at < 10; at++) name += pick(at % 3 === 0 ? GENERATED_USERNAME_DIGITS : GENERATED_USERNAME_LETTERS);
  return name;
};

export const createRegisterService = (deps: {
  pool: pg.Pool;
  members: MembersService;
  session: SessionService;
  verification: VerificationService;
  captcha: CaptchaService;
  proofOfWork: ProofOfWork;
}) => {
  const { members, session, verification, captcha, proofOfWork } = deps;
  const affiliateChecks: AffiliateCheck[] = [];
  /** Runs the member's insert through an agent's code holding the agent against a freeze (decision 0091). */
  let affiliateHold: AffiliateHold = (_merchantCode, _agentId, work) => work(undefined);

  /** Why registrations through this agent's code are refused now (the first check's refusal), or null. */
  const affiliateRefusal = async (merchantCode: string, agentId: string) => {
    for (const check of affiliateChecks) {
      const refusal = await check(merchantCode, agentId);
      if (refusal) return refusal;
    }
    return null;
  };

  const checkField = (errors: FieldError[], path: string, rule: RegisterFieldRule | undefined, value: string) => {
    if (!rule) return;
    const error = validateRegistrationField(rule, value);
    if (error)
      errors.push({ path, code: error.code, ...('params' in error && error.params ? { params: error.params } : {}) });
  };

  return {
    /** Adds a check on agents' affiliate codes, at start (agents' money). */
    addAffiliateCheck: (check: AffiliateCheck) => void affiliateChecks.push(check),
    /** Sets how a registration through an agent's code holds the agent (agents' money, at start). */
    setAffiliateHold: (hold: AffiliateHold) => {
      affiliateHold = hold;
    },

    register: async (
      ctx: SiteVisit,
      input: RegistrationInput,
      mode: RegistrationMode,
      captchaId: string | undefined,
    ): Promise<LoginValue> => {
      const { merchant } = ctx;
      const flags = merchant.modules;
      if (mode === 'username' && flags.USERNAMEREG3 !== true) throw new AppError('function.not.available');
      if (mode === 'mobile' && flags.MOBILENUMREG3 !== true) throw new AppError('function.not.available');
      await proofOfWork.verify(input.botCheck);

      const rules = merchant.settings.registerRules;
      const ruleOf = (name: RegistrationFieldName) => rules[name] ?? fallbackRules[name];
      const text = (value: string | undefined) => (value ?? '').trim();
      const errors: FieldError[] = [];

      const mobileNum = text(input.mobileNum);
      const username = mode === 'mobile' ? mobileNum : text(input.username);
      const smsVerified = mode === 'mobile' || flags.REGMOBVERF3 === true;
      const passwordAsked = mode === 'username' || flags.MOBILENUMPASSREG3 === true;

      if (mode === 'username') checkField(errors, 'username', ruleOf('username'), username);
      if (passwordAsked) {
        checkField(errors, 'password', ruleOf('password'), input.password);
        if (input.confirmPassword !== input.password)
          errors.push({ path: 'confirmPassword', code: 'inconsistent_twice' });
      }
      const mobileRule = ruleOf('mobileNum');
      if (mode === 'mobile' || smsVerified || (mobileRule?.enabled && (mobileRule.required || mobileNum))) {
        checkField(
          errors,
          'mobileNum',
          mobileRule && { ...mobileRule, required: mobileRule.required || smsVerified },
          mobileNum,
        );
        if (mobileNum && !input.countryDialingCode) errors.push({ path: 'countryDialingCode', code: 'not_empty' });
      }
      if (smsVerified && !text(input.verificationCode))
        errors.push({ path: 'verificationCode', code: 'enter_verification_code' });

      const values: Partial<Record<(typeof OPTIONAL_FIELDS)[number], string>> = {};
      for (const name of OPTIONAL_FIELDS) {
        const rule = rules[name];
        if (!rule?.enabled) continue;
        const value = name === 'paymentPassword' ? (input[name] ?? '') : text(input[name]);
        checkField(errors, name, rule, value);
        if (value) values[name] = value;
      }
      if (values.birthday && !errors.some((e) => e.path === 'birthday')) {
        const age = ageOn(values.birthday, new Date());
        if (age === null) errors.push({ path: 'birthday', code: 'field_invalid' });
        else if (age < MINIMUM_AGE)
          errors.push({ path: 'birthday', code: 'birthday_under_age', params: { age: MINIMUM_AGE } });
      }

      let uplineId: string | null = null;
      if (values.affiliateCode && !errors.some((e) => e.path === 'affiliateCode')) {
        const agent = await members.findAgentByAffiliateCode(merchant.code, values.affiliateCode);
        const refusal = agent && isAgentType(agent.type) ? await affiliateRefusal(merchant.code, agent.id) : null;
        if (!agent || !isAgentType(agent.type)) errors.push({ path: 'affiliateCode', code: 'invitation_code_error' });
        else if (refusal) errors.push({ path: 'affiliateCode', code: refusal });
        else uplineId = agent.id;
      }
      let referredById: string | null = null;
      const referralCode = text(input.referralCode);
      if (referralCode) {
        const referrer = await members.findByReferralCode(merchant.code, referralCode.toUpperCase());
        // A free-play trial account does not refer (decision 0044): its code is no referral link.
        if (!referrer || referrer.type === TRIAL_MEMBER_TYPE) {
          errors.push({ path: 'referralCode', code: 'referral_code_invalid' });
        } else referredById = referrer.id;
      }
      if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });

      if (rules.captcha?.enabled && !(await captcha.verify(merchant.code, captchaId, input.captcha))) {
        throw new AppError('captcha_invalid', { value: { captcha: true } });
      }
      const dialing = (input.countryDialingCode ?? '').replace(/^\+/, '');
      if (smsVerified) {
        try {
          await verification.consumeCode({
            merchantCode: merchant.code,
            purpose: 'register',
            recipient: phoneRecipient(dialing, mobileNum),
            code: text(input.verificationCode),
          });
        } catch (error) {
          if (error instanceof AppError) throw fieldError('verificationCode', error.code);
          throw error;
        }
      }

      const profile: MemberProfileInput = {};
      for (const name of PROFILE_FIELDS) if (values[name]) profile[name] = values[name];
      const row = {
        merchantCode: merchant.code,
        username: username.toLowerCase(),
        account: username,
        passwordHash: await hashPassword(passwordAsked ? input.password : newSessionToken()),
        nickname: values.nickname ?? username,
        mobileDialingCode: mobileNum ? dialing : null,
        mobileNumber: mobileNum || null,
        email: values.email?.toLowerCase() ?? null,
        payeeName: values.payeeName ?? null,
        paymentPasswordHash: values.paymentPassword ? await hashPassword(values.paymentPassword) : null,
        profile,
        uplineId,
        referredById,
        registerIp: ctx.ip,
        country: ctx.country,
        registerDomain: text(input.domain) || null,
        registerUrl: input.registerUrl ?? null,
      };
      // Hashing (slow) comes before the agent is held, so the hold is as short as the insert.
      const insert = (client: pg.PoolClient | undefined) => members.create(row, client);
      const created = uplineId ? await affiliateHold(merchant.code, uplineId, insert) : await insert(undefined);
      if ('conflict' in created) {
        throw created.conflict === 'mobile'
          ? fieldError('mobileNum', 'mobile_taken')
          : fieldError(
              mode === 'mobile' ? 'mobileNum' : 'username',
              mode === 'mobile' ? 'mobile_taken' : 'username_taken',
            );
      }
      return session.startSession(created.row, merchant, ctx, 'register');
    },

    /**
     * Registers the member an outside identity brings on its first sign-in (social sign-in, decision 0165): open only
     * where the merchant takes registrations, a generated username that meets the merchant's username rule, a
     * random password (the member sets one through the password reset), and `link` in the insert's transaction so
     * the account and its link are created together or not at all. Then the session starts as registration's does.
     */
    registerLinked: async (
      ctx: SiteVisit,
      nickname: string | null,
      link: (client: pg.PoolClient, member: MemberRow) => Promise<void>,
    ): Promise<LoginValue> => {
      const { merchant } = ctx;
      const flags = merchant.modules;
      if (flags.USERNAMEREG3 !== true && flags.MOBILENUMREG3 !== true) throw new AppError('function.not.available');
      const rule = merchant.settings.registerRules.username ?? fallbackRules.username;
      for (let attempt = 0; attempt < 5; attempt++) {
        const username = generatedUsername();
        if (rule && validateRegistrationField(rule, username)) throw new AppError('function.not.available');
        const passwordHash = await hashPassword(newSessionToken());
        const created = await inTransaction(deps.pool, async (client) => {
          const result = await members.create(
            {
              merchantCode: merchant.code,
              username,
              account: username,
              passwordHash,
              nickname: nickname?.trim().slice(0, 30) || username,
              mobileDialingCode: null,
              mobileNumber: null,
              email: null,
              payeeName: null,
              paymentPasswordHash: null,
              profile: {},
              uplineId: null,
              referredById: null,
              registerIp: ctx.ip,
              country: ctx.country,
              registerDomain: null,
              registerUrl: null,
            },
            client,
          );
          if ('row' in result) await link(client, result.row);
          return result;
        });
        if ('row' in created) return session.startSession(created.row, merchant, ctx, 'register');
      }
      throw new Error('could not draw a free username');
    },

    /** Sends the registration SMS code, unless the number already belongs to a member. */
    sendCode: async (ctx: SiteVisit, input: { mobileNo: string; countryDialingCode: string; botCheck: string }) => {
      await proofOfWork.verify(input.botCheck);
      const dialing = input.countryDialingCode.replace(/^\+/, '');
      if (await members.findByMobile(ctx.merchant.code, dialing, input.mobileNo))
        throw fieldError('mobileNo', 'mobile_taken');
      return verification.sendCode({
        merchantCode: ctx.merchant.code,
        siteName: ctx.merchant.settings.name,
        purpose: 'register',
        channel: 'sms',
        recipient: phoneRecipient(dialing, input.mobileNo),
      });
    },

    checkAffiliate: async (ctx: SiteVisit, code: string) => {
      const agent = await members.findAgentByAffiliateCode(ctx.merchant.code, code.trim());
      if (!agent || !isAgentType(agent.type)) throw new AppError('invitation_code_error');
      const refusal = await affiliateRefusal(ctx.merchant.code, agent.id);
      if (refusal) throw new AppError(refusal);
      return { code: agent.affiliateCode ?? code };
    },
  };
};

export type RegisterService = ReturnType<typeof createRegisterService>;
