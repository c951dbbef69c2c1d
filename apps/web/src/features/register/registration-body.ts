import type { RegisterFieldRule, RegistrationUser } from '@tessera/contracts';
import { encodeFieldError } from '../../shared/forms/field-error';
import { validateByRule } from '../../shared/forms/rule-validation';
import { ageOn, birthdayForPattern, MINIMUM_AGE } from './birthday';
import type { OptionalFieldName, RegisterPlan } from './register-plan';

export type RegisterTextField =
  | 'username'
  | 'password'
  | 'confirmPassword'
  | 'countryDialingCode'
  | 'mobileNum'
  | 'verificationCode'
  | 'captcha'
  | OptionalFieldName;

export type RegisterValues = Record<RegisterTextField, string> & { termsAccepted: boolean };

/** The form's field names in the order shown, for focus and for placing the server's field errors. */
export const registerFieldNamesOf = (plan: RegisterPlan): string[] => [
  ...(plan.hasUsername ? ['username'] : []),
  ...(plan.mobile !== 'none' ? ['mobileNum'] : []),
  ...(plan.hasSmsCode ? ['verificationCode'] : []),
  ...(plan.hasPassword ? ['password', 'confirmPassword'] : []),
  ...plan.optional.map((field) => field.name),
  ...(plan.captcha ? ['captcha'] : []),
  'termsAccepted',
];

/** A rule in words, as the message of its pattern with its lengths (shown as a hint before anything is typed). */
export const ruleMessageOf = (rule: RegisterFieldRule): [code: string, params: Record<string, string>] => [
  `reg_pattern_${rule.patternId}`,
  rule.minLength === rule.maxLength
    ? { length: String(rule.minLength) }
    : { min: String(rule.minLength), max: String(rule.maxLength) },
];

/** The birthday: the merchant's rule on the date as it expects it, then the age of 21 (spec section 5). */
export const validateBirthday =
  (rule: RegisterFieldRule, today: () => Date = () => new Date()) =>
  (raw: unknown): true | string => {
    const value = typeof raw === 'string' ? raw : '';
    if (!value) return validateByRule(rule)(value);
    const ruleResult = validateByRule(rule)(birthdayForPattern(value, rule.patternId));
    if (ruleResult !== true) return ruleResult;
    const age = ageOn(value, today());
    if (age === null) return 'field_invalid';
    return age >= MINIMUM_AGE ? true : encodeFieldError('birthday_under_age', { age: MINIMUM_AGE });
  };

export interface RegistrationContext {
  referralCode: string | null;
  domain: string;
  registerUrl: string;
  botCheck: string;
}

/**
 * The registration user of spec section 3 from the form: only the fields the plan shows, values trimmed
 * (passwords as typed), the birthday in the rule's format, and the extras the page adds.
 */
export const buildRegistrationBody = (
  plan: RegisterPlan,
  values: RegisterValues,
  context: RegistrationContext,
): RegistrationUser => {
  const mobileNum = plan.mobile !== 'none' ? values.mobileNum.trim() : '';
  const body: RegistrationUser = {
    username: plan.hasUsername ? values.username.trim() : mobileNum,
    password: plan.hasPassword ? values.password : '',
    confirmPassword: plan.hasPassword ? values.confirmPassword : '',
    ...(mobileNum ? { mobileNum, countryDialingCode: values.countryDialingCode } : {}),
    ...(plan.hasSmsCode ? { verificationCode: values.verificationCode.trim() } : {}),
    ...(plan.captcha ? { captcha: values.captcha.trim() } : {}),
    ...(context.referralCode ? { referralCode: context.referralCode } : {}),
    domain: context.domain,
    registerUrl: context.registerUrl.slice(0, 2000),
    registerMethod: 'WEB',
    login: true,
    termsAccepted: values.termsAccepted,
    botCheck: context.botCheck,
  };
  for (const { name, rule } of plan.optional) {
    const raw = values[name] ?? '';
    const value = name === 'paymentPassword' ? raw : raw.trim();
    if (value) body[name] = name === 'birthday' ? birthdayForPattern(value, rule.patternId) : value;
  }
  return body;
};
