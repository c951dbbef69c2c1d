import { describe, expect, it } from 'vitest';
import { validateByRule, validateRequired } from './rule-validation';

const username = {
  required: true,
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  patternId: 1,
  minLength: 6,
  maxLength: 16,
};

describe('rule validation', () => {
  it('answers the same code and params the server sends for a merchant rule', () => {
    const validate = validateByRule(username);
    expect(validate('Alice01')).toBe(true);
    expect(validate('  Alice01  ')).toBe(true);
    expect(validate('')).toBe('not_empty');
    expect(validate('1bad')).toBe('reg_pattern_1?min=6&max=16');
    expect(validateByRule({ ...username, minLength: 8, maxLength: 8 })('abc')).toBe('reg_pattern_1?length=8');
  });

  it('keeps spaces in passwords, honours a required override and lets an empty optional field pass', () => {
    const password = { required: true, acceptedPattern: '*', patternId: 0, minLength: 3, maxLength: 5 };
    expect(validateByRule(password, { trim: false })(' ab ')).toBe(true);
    expect(validateByRule(password)(' ab ')).toBe('reg_pattern_0?min=3&max=5');
    expect(validateByRule({ ...username, required: false })('')).toBe(true);
    expect(validateByRule({ ...username, required: false }, { required: true })('')).toBe('not_empty');
    expect(validateByRule(undefined, { required: true })(' ')).toBe('not_empty');
  });

  it('checks plain required fields', () => {
    expect(validateRequired()('  ')).toBe('not_empty');
    expect(validateRequired('captcha_required')('')).toBe('captcha_required');
    expect(validateRequired('not_empty', false)('  ')).toBe(true);
  });
});
