import type { RegisterFieldRule, RegisterRules, RegistrationFieldName } from '@tessera/contracts';

export type RegisterMode = 'username' | 'mobile';

/** The registration extras a merchant may switch on, in the order the form shows them. */
export const optionalFieldNames = [
  'payeeName',
  'nickname',
  'email',
  'birthday',
  'idNumber',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'paymentPassword',
  'recommenderId',
  'affiliateCode',
] as const satisfies readonly RegistrationFieldName[];
export type OptionalFieldName = (typeof optionalFieldNames)[number];

/** The label of each extra (api-facts 13, form labels). */
export const optionalFieldLabelKeys: Readonly<Record<OptionalFieldName, string>> = {
  payeeName: 'in_increase_payeeName',
  nickname: 'in_increase_nickname',
  email: 'in_increase_email',
  birthday: 'in_increase_birthday',
  idNumber: 'in_increase_idNumber',
  qqNum: 'in_increase_qqNum',
  line: 'in_increase_line',
  whatsapp: 'in_increase_whatsapp',
  facebook: 'in_increase_facebook',
  wechat: 'in_increase_wechat',
  telegram: 'in_increase_telegram',
  zalo: 'in_increase_zalo',
  address: 'in_increase_address',
  nationality: 'in_increase_nationality',
  occupation: 'in_increase_occupation',
  sourceOfIncome: 'in_increase_sourceOfIncome',
  paymentPassword: 'in_increase_paymentPassword',
  recommenderId: 'in_increase_recommenderId',
  affiliateCode: 'in_increase_affiliateCode',
};

/** The tab label of each registration mode. */
export const registerModeLabelKeys: Readonly<Record<RegisterMode, string>> = {
  username: 'in_user_register',
  mobile: 'in_mobile_register',
};

/** The rules a core field falls back to when the merchant has not set one (the server uses the same). */
const fallbackRules: Partial<Record<RegistrationFieldName, RegisterFieldRule>> = {
  username: { enabled: true, required: true, acceptedPattern: '*', patternId: 1, minLength: 4, maxLength: 30 },
  password: { enabled: true, required: true, acceptedPattern: '*', patternId: 0, minLength: 6, maxLength: 64 },
  mobileNum: { enabled: true, required: true, acceptedPattern: '*', patternId: 6, minLength: 5, maxLength: 15 },
};

export const ruleOf = (rules: RegisterRules, name: RegistrationFieldName): RegisterFieldRule | undefined =>
  rules[name] ?? fallbackRules[name];

export interface RegisterPlan {
  mode: RegisterMode;
  hasUsername: boolean;
  hasPassword: boolean;
  /** The mobile number: absent, optional or required. */
  mobile: 'none' | 'optional' | 'required';
  /** The SMS code (REGMOBVERF3 on the username form; always on the mobile form). */
  hasSmsCode: boolean;
  optional: readonly { name: OptionalFieldName; rule: RegisterFieldRule }[];
  captcha: RegisterFieldRule | null;
}

/** The registration modes the whitelabel flags allow, the mobile one first when on (spec section 4). */
export const registerModesOf = (flags: Readonly<Record<string, boolean>>): RegisterMode[] => [
  ...(flags.MOBILENUMREG3 === true ? (['mobile'] as const) : []),
  ...(flags.USERNAMEREG3 === true ? (['username'] as const) : []),
];

/**
 * Which fields a registration form shows, as the server checks them (register service): the username form
 * asks username and password; the mobile form asks the number and its SMS code, and a password only with
 * MOBILENUMPASSREG3; REGMOBVERF3 adds number and code to the username form; every other field appears only
 * when the merchant enabled it, required as configured.
 */
export const planRegisterForm = (
  mode: RegisterMode,
  flags: Readonly<Record<string, boolean>>,
  rules: RegisterRules,
): RegisterPlan => {
  const hasSmsCode = mode === 'mobile' || flags.REGMOBVERF3 === true;
  const mobileRule = ruleOf(rules, 'mobileNum');
  const mobile =
    mode === 'mobile' || hasSmsCode || mobileRule?.required === true
      ? 'required'
      : mobileRule?.enabled === true
        ? 'optional'
        : 'none';
  const optional = optionalFieldNames.flatMap((name) => {
    const rule = rules[name];
    return rule?.enabled ? [{ name, rule }] : [];
  });
  return {
    mode,
    hasUsername: mode === 'username',
    hasPassword: mode === 'username' || flags.MOBILENUMPASSREG3 === true,
    mobile,
    hasSmsCode,
    optional,
    captcha: rules.captcha?.enabled ? rules.captcha : null,
  };
};
