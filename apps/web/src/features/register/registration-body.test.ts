import { describe, expect, it } from 'vitest';
import { planRegisterForm } from './register-plan';
import {
  buildRegistrationBody,
  type RegisterValues,
  registerFieldNamesOf,
  ruleMessageOf,
  validateBirthday,
} from './registration-body';

const rule = { enabled: true, required: false, acceptedPattern: '*', patternId: 0, minLength: 1, maxLength: 60 };
const rules = {
  email: { ...rule, patternId: 3 },
  birthday: { ...rule, patternId: 13, minLength: 10, maxLength: 10 },
  paymentPassword: rule,
  wechat: { ...rule, enabled: false },
};

const values = {
  username: '  Alice01 ',
  password: ' Secret123 ',
  confirmPassword: ' Secret123 ',
  countryDialingCode: '65',
  mobileNum: ' 81234567 ',
  verificationCode: ' 123456 ',
  captcha: '',
  email: ' a@example.com ',
  birthday: '1990-05-17',
  paymentPassword: ' pay 123 ',
  wechat: 'hidden',
  termsAccepted: true,
} as RegisterValues;

const context = {
  referralCode: 'REF1',
  domain: 'demo.example',
  registerUrl: 'https://demo.example/register',
  botCheck: 'b',
};

describe('registration body', () => {
  it('sends what the form shows, trimmed except passwords, the birthday in the rule format', () => {
    const plan = planRegisterForm('username', { REGMOBVERF3: true }, rules);
    expect(buildRegistrationBody(plan, values, context)).toEqual({
      username: 'Alice01',
      password: ' Secret123 ',
      confirmPassword: ' Secret123 ',
      mobileNum: '81234567',
      countryDialingCode: '65',
      verificationCode: '123456',
      email: 'a@example.com',
      birthday: '05-17-1990',
      paymentPassword: ' pay 123 ',
      referralCode: 'REF1',
      domain: 'demo.example',
      registerUrl: 'https://demo.example/register',
      registerMethod: 'WEB',
      login: true,
      termsAccepted: true,
      botCheck: 'b',
    });
    expect(registerFieldNamesOf(plan)).toEqual([
      'username',
      'mobileNum',
      'verificationCode',
      'password',
      'confirmPassword',
      'email',
      'birthday',
      'paymentPassword',
      'termsAccepted',
    ]);
  });

  it('makes the number the username of a mobile registration, without a password unless asked', () => {
    const body = buildRegistrationBody(planRegisterForm('mobile', {}, {}), values, { ...context, referralCode: null });
    expect(body).toMatchObject({ username: '81234567', password: '', mobileNum: '81234567' });
    expect(body).not.toHaveProperty('referralCode');
  });

  it('checks the birthday by the rule, then the age of 21', () => {
    const today = () => new Date(Date.UTC(2026, 4, 17));
    const validate = validateBirthday({ ...rules.birthday, required: true }, today);
    expect(validate('')).toBe('not_empty');
    expect(validate('2005-05-17')).toBe(true);
    expect(validate('2005-05-18')).toBe('birthday_under_age?age=21');
  });

  it('words a rule as its pattern message with its lengths', () => {
    expect(ruleMessageOf({ ...rule, patternId: 1, minLength: 6, maxLength: 16 })).toEqual([
      'reg_pattern_1',
      { min: '6', max: '16' },
    ]);
    expect(ruleMessageOf({ ...rule, minLength: 8, maxLength: 8 })).toEqual(['reg_pattern_0', { length: '8' }]);
  });
});
