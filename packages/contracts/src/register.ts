import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { botCheckSchema, loginValueSchema } from './session';

const field = z.string().max(255).optional();

/**
 * The registration user of spec section 3. Every field is checked on the server against the merchant's rules
 * (patternId, acceptedPattern, lengths, enabled, required); this schema only bounds the shape.
 */
export const registrationUserSchema = z.strictObject({
  username: z.string().max(255).default(''),
  password: z.string().max(128).default(''),
  confirmPassword: z.string().max(128).default(''),
  payeeName: field,
  email: field,
  qqNum: field,
  mobileNum: field,
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{1,4}$/, { message: 'field_invalid' })
    .optional(),
  captcha: field,
  verificationCode: field,
  affiliateCode: field,
  recommenderId: field,
  paymentPassword: z.string().max(128).optional(),
  line: field,
  whatsapp: field,
  facebook: field,
  wechat: field,
  telegram: field,
  zalo: field,
  idNumber: field,
  birthday: field,
  nickname: field,
  address: field,
  nationality: field,
  occupation: field,
  sourceOfIncome: field,
  referralCode: field,
  domain: field,
  registerUrl: z.string().max(2000).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  login: z.boolean().default(true),
  /** The terms box: registration is refused without it (spec section 5). */
  termsAccepted: z.boolean().refine((v) => v, { message: 'must_agree_terms' }),
  botCheck: botCheckSchema,
});
export type RegistrationUser = z.input<typeof registrationUserSchema>;

export const registerEndpoints = {
  register: defineEndpoint({
    name: 'register.register',
    method: 'PUT',
    path: '/wps/member/register',
    moduleIds: ['REG3', 'USERNAMEREG3'],
    access: access.visitor,
    encrypted: true,
    request: registrationUserSchema,
    response: loginValueSchema,
    summary: 'Registers by username (and logs in). Field errors carry reg_pattern_<id> codes with (min)/(max).',
  }),
  registerMobile: defineEndpoint({
    name: 'register.registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    moduleIds: ['MOBILENUMREG3'],
    access: access.visitor,
    encrypted: true,
    request: registrationUserSchema,
    response: loginValueSchema,
    summary: 'Registers by mobile number (the username is the number), with the SMS code, and logs in.',
  }),
  smsCode: defineEndpoint({
    name: 'register.smsCode',
    method: 'POST',
    path: '/wps/verification/sms/register',
    moduleIds: ['REGMOBVERF3', 'MOBILENUMREG3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({
      mobileNo: z
        .string()
        .trim()
        .regex(/^[0-9]{5,15}$/, { message: 'in_mobileNum_error' }),
      countryDialingCode: z
        .string()
        .trim()
        .regex(/^\+?[0-9]{1,4}$/, { message: 'field_invalid' }),
      botCheck: botCheckSchema,
    }),
    response: z.object({ expiredMinutes: z.number().int() }),
    summary:
      'Sends the registration SMS code (REGMOBVERF3: username registration; MOBILENUMREG3: mobile registration).',
  }),
  affiliate: defineEndpoint({
    name: 'register.affiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    moduleIds: ['AFFMAN3', 'COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({
      code: z.string().trim().min(1, { message: 'not_empty' }).max(40),
      domain: z.string().trim().max(253).optional(),
    }),
    response: z.object({ code: z.string() }),
    summary:
      "Checks an affiliate (invitation) code; an unknown one fails with invitation_code_error, a frozen agent's with invitation_code_suspended.",
  }),
} as const;
