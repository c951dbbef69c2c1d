import type { RegisterRules } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { planRegisterForm, registerModesOf } from './register-plan';

const rule = (required: boolean, enabled = true) => ({
  enabled,
  required,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 50,
});

const rules: RegisterRules = {
  mobileNum: { ...rule(false), patternId: 6 },
  email: rule(false),
  payeeName: rule(true),
  wechat: rule(false, false),
  affiliateCode: rule(false),
  captcha: rule(true),
};

describe('register plan', () => {
  it('offers the mobile form first when on, then the username form', () => {
    expect(registerModesOf({ USERNAMEREG3: true, MOBILENUMREG3: true })).toEqual(['mobile', 'username']);
    expect(registerModesOf({ USERNAMEREG3: true })).toEqual(['username']);
    expect(registerModesOf({})).toEqual([]);
  });

  it('asks the username form for number and SMS code when REGMOBVERF3 is on, and only enabled extras', () => {
    const plan = planRegisterForm('username', { REGMOBVERF3: true }, rules);
    expect(plan).toMatchObject({ hasUsername: true, hasPassword: true, mobile: 'required', hasSmsCode: true });
    expect(plan.optional.map((field) => field.name)).toEqual(['payeeName', 'email', 'affiliateCode']);
    expect(plan.captcha).not.toBeNull();
  });

  it('keeps the number optional on the username form without SMS verification', () => {
    expect(planRegisterForm('username', {}, rules)).toMatchObject({ mobile: 'optional', hasSmsCode: false });
    expect(planRegisterForm('username', {}, {})).toMatchObject({ mobile: 'required', captcha: null });
  });

  it('asks the mobile form for a password only with MOBILENUMPASSREG3', () => {
    expect(planRegisterForm('mobile', {}, rules)).toMatchObject({
      hasUsername: false,
      hasPassword: false,
      mobile: 'required',
      hasSmsCode: true,
    });
    expect(planRegisterForm('mobile', { MOBILENUMPASSREG3: true }, rules).hasPassword).toBe(true);
  });
});
