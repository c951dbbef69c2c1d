import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';

const password = z.string().min(1, { message: 'not_empty' }).max(128);
const mobileNum = z
  .string()
  .trim()
  .regex(/^[0-9]{5,15}$/, { message: 'in_mobileNum_error' });
const dialingCode = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, { message: 'field_invalid' });
const totpCode = z
  .string()
  .trim()
  .regex(/^([0-9]{6}|[A-Z0-9]{4}-[A-Z0-9]{4})$/i, { message: 'verification_code_invalid' });

export const loginHistoryEntrySchema = z.object({
  at: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  method: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;

export const countrySchema = z.object({ countryCode: z.string(), countryDialingCode: z.string() });

/** The security centre and password recovery (spec sections 2, 4 and 7, "Session and member"). */
export const accountEndpoints = {
  forgotPasswordByEmail: defineEndpoint({
    name: 'account.forgotPasswordByEmail',
    method: 'POST',
    path: '/wps/member/password/email',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    bodyKind: 'form',
    request: z.strictObject({
      username: z.string().trim().min(1, { message: 'not_empty' }).max(64),
      email: z.email({ message: 'field_invalid' }).max(254),
    }),
    response: z.null(),
    summary:
      'E-mails a single-use reset link (30 minutes) when the username and e-mail match; answers the same either way.',
  }),
  resetPassword: defineEndpoint({
    name: 'account.resetPassword',
    method: 'POST',
    path: '/wps/member/password/reset',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: true,
    request: z.strictObject({
      token: z.string().min(20).max(200),
      newPassword: password,
      confirmNewPassword: z.string().max(128),
    }),
    response: z.object({ account: z.string() }),
    summary: 'Sets a new password with the token of a reset link; ends every session of the member.',
  }),
  setPasswordByPhone: defineEndpoint({
    name: 'account.setPasswordByPhone',
    method: 'POST',
    path: '/wps/member/password/verification',
    moduleIds: ['CHNGPASSVERIF3'],
    access: access.visitor,
    encrypted: true,
    request: z.strictObject({
      mobileNum,
      countryDialingCode: dialingCode,
      verificationCode: z.string().trim().min(1, { message: 'enter_verification_code' }).max(255),
      newPassword: password,
      confirmNewPassword: z.string().max(128).optional(),
    }),
    response: z.object({ account: z.string() }),
    summary: 'Sets a new password with the SMS code sent for purpose "reset"; the browser then logs in with it.',
  }),
  loginHistory: defineEndpoint({
    name: 'account.loginHistory',
    method: 'GET',
    path: '/wps/member/loginHistory',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
    response: z.array(loginHistoryEntrySchema),
    summary: "The member's recent logins: time, IP, device, method and outcome.",
  }),
  twoFactorSetup: defineEndpoint({
    name: 'account.twoFactorSetup',
    method: 'POST',
    path: '/wps/member/2fa/setup',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ secret: z.string(), otpauthUri: z.string() }),
    summary: 'Starts authenticator enrolment: a new secret, shown as a QR code; nothing changes until it is confirmed.',
  }),
  twoFactorEnable: defineEndpoint({
    name: 'account.twoFactorEnable',
    method: 'POST',
    path: '/wps/member/2fa/enable',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({
      code: z
        .string()
        .trim()
        .regex(/^[0-9]{6}$/, { message: 'verification_code_invalid' }),
    }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
    summary: 'Confirms enrolment with a current code; returns ten single-use recovery codes, shown once.',
  }),
  twoFactorDisable: defineEndpoint({
    name: 'account.twoFactorDisable',
    method: 'POST',
    path: '/wps/member/2fa/disable',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({ password, code: totpCode }),
    response: z.null(),
    summary: 'Turns two-factor off with the password and a current or recovery code.',
  }),
  withdrawPassword: defineEndpoint({
    name: 'account.withdrawPassword',
    method: 'PUT',
    path: '/wps/member/withdrawPassword',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({
      /** The login password when setting it the first time; the current withdraw password when changing it. */
      currentPassword: password,
      newWithdrawPassword: z.string().min(1, { message: 'not_empty' }).max(128),
      confirmWithdrawPassword: z.string().max(128),
    }),
    response: z.null(),
    summary: 'Sets or changes the withdraw password (6 to 20 characters, not the login password).',
  }),
  countries: defineEndpoint({
    name: 'account.countries',
    method: 'GET',
    path: '/wps/system/country',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(countrySchema),
    summary: 'Countries and dialing codes for phone inputs, the merchant’s own country first.',
  }),
} as const;
