import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { languageCodes } from './languages';
import { registerRulesSchema } from './merchants';

/** Member types (spec section 6): agents 1, 2, 41, 42; free-play trial 4; 0 is an ordinary member. */
export const agentMemberTypes = [1, 2, 41, 42] as const;
export const TRIAL_MEMBER_TYPE = 4;
export const isAgentType = (type: number): boolean => (agentMemberTypes as readonly number[]).includes(type);

const trimmed = (max: number) => z.string().trim().max(max);

/** A proof-of-work solution (see /wps/verification/challenge), base64 JSON; required where bots are kept out. */
export const botCheckSchema = z.string().min(10, { message: 'bot_check_required' }).max(2000);

export const memberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  firstTimeLogin: z.boolean(),
  mustChangePassword: z.boolean(),
  currency: z.string(),
  language: z.enum(languageCodes).nullable(),
  mobileMasked: z.string().nullable(),
  emailMasked: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  hasWithdrawPassword: z.boolean(),
  createdAt: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** What a successful login, registration or free-play start answers. */
export const loginValueSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The default password, an expired one (where the merchant enforces expiry) or an operator reset. */
  mustChangePassword: z.boolean(),
  member: memberInfoSchema,
});
export type LoginValue = z.infer<typeof loginValueSchema>;

export const loginVerifyMethods = ['sms', 'email', 'payee', 'totp'] as const;
export type LoginVerifyMethod = (typeof loginVerifyMethods)[number];

/** `value` of a `login_verify_required` failure: how the member may prove it is them from a new IP. */
export const loginVerifyRequiredSchema = z.object({
  verifyToken: z.string(),
  /** true: the member has two-factor on, so only an authenticator or recovery code completes the login. */
  twoFactor: z.boolean(),
  methods: z.array(z.enum(loginVerifyMethods)),
  mobileMasked: z.string().nullable(),
  emailMasked: z.string().nullable(),
});

export const payloadKeyValueSchema = z.object({
  kid: z.string(),
  publicKey: z.string(),
  expiresAt: z.string(),
  algorithm: z.literal('ECDH-P256+HKDF-SHA256+A256GCM'),
});

export const botChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  maxNumber: z.number().int(),
  signature: z.string(),
});
export type BotChallenge = z.infer<typeof botChallengeSchema>;

const mobileNum = z
  .string()
  .trim()
  .regex(/^[0-9]{5,15}$/, { message: 'in_mobileNum_error' });
const dialingCode = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, { message: 'field_invalid' });
const verificationCode = z.string().trim().min(1, { message: 'enter_verification_code' }).max(255);

export const sessionEndpoints = {
  payloadKey: defineEndpoint({
    name: 'session.payloadKey',
    method: 'GET',
    path: '/wps/session/key',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: payloadKeyValueSchema,
    summary: 'The public key browsers seal "(enc)" request bodies with.',
  }),
  botChallenge: defineEndpoint({
    name: 'session.botChallenge',
    method: 'GET',
    path: '/wps/verification/challenge',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: botChallengeSchema,
    summary:
      'A signed proof-of-work challenge; its solution goes in `botCheck` of login, registration and SMS requests.',
  }),
  captcha: defineEndpoint({
    name: 'session.captcha',
    method: 'GET',
    path: '/wps/captcha',
    moduleIds: ['CAPTCHA3', 'COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: z.string(),
    summary: 'A captcha image (base64 PNG); its id travels in the httpOnly cookie captchaId. Single use, 2 minutes.',
  }),
  login: defineEndpoint({
    name: 'session.login',
    method: 'POST',
    path: '/wps/session/login',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: true,
    request: z.strictObject({
      /** The username, or the mobile number when `type` is sms. */
      username: trimmed(64).min(1, { message: 'not_empty' }),
      /** The password, or the SMS code when `type` is sms. */
      password: z.string().min(1, { message: 'not_empty' }).max(128),
      type: z.enum(['username', 'sms']).default('username'),
      countryDialingCode: dialingCode.optional(),
      captcha: trimmed(12).optional(),
      botCheck: botCheckSchema.optional(),
      /** Logging in from the agent page: only agents may. */
      agentLogin: z.boolean().default(false),
      loginDeviceId: trimmed(64).optional(),
    }),
    response: loginValueSchema,
    summary:
      'Login by password or SMS code. Failures: login_failed (value.captcha when a captcha is now needed), captcha_invalid, login_verify_required (new IP), account_locked, error_not_agent, member_no_enter.',
  }),
  loginVerify: defineEndpoint({
    name: 'session.loginVerify',
    method: 'POST',
    path: '/wps/session/login/verification',
    moduleIds: ['LOGINIPVERF3'],
    access: access.visitor,
    encrypted: true,
    request: z.strictObject({
      verifyToken: z.string().min(10).max(200),
      method: z.enum(loginVerifyMethods),
      code: trimmed(255).optional(),
      payeeName: trimmed(100).optional(),
    }),
    response: loginValueSchema,
    summary:
      'Completes a login from a new IP with an SMS or e-mail code, the bank account name, or an authenticator code.',
  }),
  loginVerifyCode: defineEndpoint({
    name: 'session.loginVerifyCode',
    method: 'POST',
    path: '/wps/session/login/verification/code',
    moduleIds: ['LOGINIPVERF3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({ verifyToken: z.string().min(10).max(200), method: z.enum(['sms', 'email']) }),
    response: z.object({ expiredMinutes: z.number().int() }),
    summary: 'Sends the code for a new-IP login verification by SMS or e-mail.',
  }),
  smsLoginCode: defineEndpoint({
    name: 'session.smsLoginCode',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    moduleIds: ['VERIFICATION3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({
      mobileNum,
      countryDialingCode: dialingCode,
      purpose: z.enum(['login', 'reset']).default('login'),
      botCheck: botCheckSchema,
    }),
    response: z.object({ expiredMinutes: z.number().int() }),
    summary:
      'Sends an SMS code for login or for resetting the password by phone (once per second per number, capped per hour).',
  }),
  logout: defineEndpoint({
    name: 'session.logout',
    method: 'DELETE',
    alsoMethods: ['POST'],
    path: '/wps/session/logout',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.null(),
    summary: 'Ends the session.',
  }),
  freePlay: defineEndpoint({
    name: 'session.freePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    moduleIds: ['FREEPLAY3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({
      os: trimmed(40).default(''),
      platform: z.literal('W').default('W'),
      botCheck: botCheckSchema,
    }),
    response: loginValueSchema,
    summary: 'Starts a free-play trial account (type 4): it browses but cannot play or open the member centre.',
  }),
} as const;

export const memberEndpoints = {
  info: defineEndpoint({
    name: 'member.info',
    method: 'GET',
    path: '/wps/member/info',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: memberInfoSchema,
    summary: 'The signed-in member.',
  }),
  registerSettings: defineEndpoint({
    name: 'member.registerSettings',
    method: 'GET',
    path: '/wps/system/setting/register',
    moduleIds: ['COMM3', 'REG3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: registerRulesSchema,
    summary: 'The registration field rules of the merchant.',
  }),
  changePassword: defineEndpoint({
    name: 'member.changePassword',
    method: 'POST',
    path: '/wps/member/password',
    moduleIds: ['PASS3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({
      oldPassword: z.string().max(128).default(''),
      newPassword: z.string().min(1, { message: 'not_empty' }).max(128),
      confirmNewPassword: z.string().max(128),
    }),
    response: z.null(),
    summary: 'Changes the password; every other session of the member ends.',
  }),
  updateLanguage: defineEndpoint({
    name: 'member.updateLanguage',
    method: 'PUT',
    path: '/wps/member/language',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ language: z.enum(languageCodes) }),
    response: z.null(),
    summary: "Stores the member's interface language.",
  }),
} as const;

export const smsCodeRequest = { mobileNum, dialingCode, verificationCode };
