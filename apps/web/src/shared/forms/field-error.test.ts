import { registrationPatternMessagesEn } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { decodeFieldError, encodeFieldError, toFormError, translateFieldError } from './field-error';

const english: Record<string, string> = {
  ...registrationPatternMessagesEn,
  field_invalid: 'The format is incorrect.',
  field_too_short: 'Must be at least {{min}} characters.',
};

/** A stand-in for i18next's t: the template with {{name}} filled, or the default value for a missing key. */
const t = (key: string, options: Record<string, unknown> = {}) => {
  const template = english[key];
  if (template === undefined) return String(options.defaultValue ?? key);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

describe('field errors', () => {
  it('round-trips a code and its params through one string', () => {
    expect(encodeFieldError('not_empty')).toBe('not_empty');
    const message = encodeFieldError('reg_pattern_1', { min: 6, max: 16 });
    expect(message).toBe('reg_pattern_1?min=6&max=16');
    expect(decodeFieldError(message)).toEqual({ code: 'reg_pattern_1', params: { min: '6', max: '16' } });
    expect(toFormError({ code: 'birthday_under_age', params: { age: 21 } })).toEqual({
      type: 'birthday_under_age',
      message: 'birthday_under_age?age=21',
    });
  });

  it('fills (min) and (max) of a pattern message, and uses the _exact text for a single length', () => {
    expect(translateFieldError(t, 'reg_pattern_1', { min: '6', max: '16' })).toBe(
      '6–16 characters, starting with a letter, letters and digits only',
    );
    expect(translateFieldError(t, 'reg_pattern_11', { length: '10' })).toBe('10 characters, a date as yyyy-MM-dd');
  });

  it('passes other codes their params, and falls back to the generic text for an unknown code', () => {
    expect(translateFieldError(t, 'field_too_short', { min: '3' })).toBe('Must be at least 3 characters.');
    expect(translateFieldError(t, 'no_such_code')).toBe('The format is incorrect.');
  });
});
