import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codePointLength,
  formatPatternMessage,
  patternMessageKey,
  type RegistrationFieldRuleInput,
  type RegistrationPatternId,
  registrationPatternIds,
  registrationPatternMessagesEn,
  registrationPatterns,
  validateRegistrationField,
} from './registration-patterns';

const samples: Record<RegistrationPatternId, { valid: string[]; invalid: string[] }> = {
  0: { valid: ['anything', ' spaced out ', '中文 한국어 ไทย', '😀!@#', '\t'], invalid: [] },
  1: {
    valid: ['a', 'player1', 'Z9z9', 'abcDEF123'],
    invalid: ['1player', '_player', 'play er', 'pläyer', 'abc!', 'é1'],
  },
  2: { valid: ['张三', '中文123', '123', '𠀀字'], invalid: ['张 三', 'abc', '张三!', '１２３', '한국'] },
  3: {
    valid: ['name@example.com', 'first.last+tag@sub.example.co.uk', "o'brien@x-y.io", 'a_b@a1.b2'],
    invalid: [
      'name@example',
      'name@@example.com',
      '@example.com',
      'name@',
      'na me@example.com',
      'a@-x.com',
      'a@x-.com',
      'a@x..com',
      'ñ@example.com',
    ],
  },
  4: { valid: ['abc', '123', 'Abc123'], invalid: ['abc 123', 'abc_123', 'ábc', '中文', '١٢٣'] },
  5: { valid: ['abc123', '1a', 'A1b2C3'], invalid: ['abcdef', '123456', 'abc 123', 'abc-123', 'ábc1'] },
  6: { valid: ['0', '0123456789'], invalid: ['12a', '1 2', '-1', '1.5', '١٢٣', '１２３'] },
  7: { valid: ['Abc123', 'ABC', 'aB1'], invalid: ['abc123', '123', 'Abc 123', 'Abc_123', 'Ábc'] },
  8: { valid: ['John Smith', 'abc', 'A B C'], invalid: ['Jöhn', "O'Brien", 'John2', '张三', 'John\tSmith'] },
  9: { valid: ['abc', 'a-b_c!', '中文', '😀'], invalid: ['a b', ' a', 'a ', 'a\tb', 'a\nb', 'a\u3000b', 'a\u00A0b'] },
  10: {
    valid: ['你好', '你好，世界！', '《红楼梦》', '“引号”…', '阿卜杜·热合曼', '好!', '〇'],
    invalid: ['你好 世界', '你好1', 'abc', '你好a', '한국', '你好\u3000'],
  },
  11: {
    valid: ['2024-02-29', '2000-02-29', '1999-12-31', '2023-01-01', '0001-01-01'],
    invalid: [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-01-00',
      '24-01-01',
      '2024/01/01',
      '2024-1-1',
      '0000-01-01',
      ' 2024-01-01',
    ],
  },
  12: {
    valid: ['John Smith', 'José María', 'Владимир Путин', '张 三', 'สมชาย ใจดี', 'Jose\u0301'],
    invalid: ['John2', "O'Brien", 'John-Smith', 'John\tSmith', 'Smith!'],
  },
  13: {
    valid: ['02-29-2024', '12-31-1999', '01-01-2023'],
    invalid: ['02-29-2023', '13-01-2024', '00-10-2024', '04-31-2024', '2024-02-29', '1-1-2024', '02/29/2024'],
  },
  14: { valid: ['abc123', 'José1', '张三2', '123', 'abc', 'สมชาย๑'], invalid: ['abc 123', 'abc_123', 'abc!', '😀'] },
  15: { valid: ['김민수', '한국어', 'ㄱㄴㄷ'], invalid: ['김 민수', '김민수1', 'Kim', '金', 'ไทย'] },
  16: { valid: ['สมชาย', 'ภาษาไทย', 'ไทย๑๒'], invalid: ['สมชาย ใจดี', 'Thai', 'ไทย1', '한국'] },
  17: { valid: ['สมชาย ใจดี', 'John Smith', 'สมชาย Smith', 'ก'], invalid: ['สมชาย1', 'ไทย๑', 'José', '张三', 'Smith!'] },
  18: { valid: ['JOHN SMITH', 'A', ' A '], invalid: ['John Smith', '   ', 'JOHN2', 'JOSÉ', "O'BRIEN"] },
  19: { valid: ['abc', 'P@ssw0rd!', '~`|\\{}', '123'], invalid: ['pass word', 'pässword', '中文', '😀', 'a\tb'] },
  20: {
    valid: ['P@ssw0rd', 'aB3$', 'Zz9~long'],
    invalid: ['password', 'Password1', 'P@SSW0RD', 'p@ssw0rd', 'P@ssword', 'P@ss w0rd', 'Pässw0rd!'],
  },
  21: {
    valid: [
      'John Smith',
      "Mary O'Brien",
      'Jean-Luc Picard',
      'José María García',
      '张 三',
      'สมชาย ใจดี',
      'Shaquille O’Neal',
    ],
    invalid: [
      'John',
      'John  Smith',
      ' John Smith',
      'John Smith ',
      'John2 Smith',
      'John -Smith',
      "'John Smith",
      'John\tSmith',
    ],
  },
};

describe('registration patterns', () => {
  it('defines all 22 pattern ids, each keyed reg_pattern_<id>', () => {
    expect(Object.keys(registrationPatterns)).toHaveLength(22);
    for (const id of registrationPatternIds) {
      expect(registrationPatterns[id]).toMatchObject({ id, key: `reg_pattern_${id}` });
      expect(registrationPatterns[id].description).not.toBe('');
    }
  });

  for (const id of registrationPatternIds) {
    it(`pattern ${id} (${registrationPatterns[id].description}) accepts its valid samples and refuses the others`, () => {
      const { valid, invalid } = samples[id];
      for (const value of valid)
        expect(registrationPatterns[id].test(value), `valid: ${JSON.stringify(value)}`).toBe(true);
      for (const value of invalid) {
        expect(registrationPatterns[id].test(value), `invalid: ${JSON.stringify(value)}`).toBe(false);
      }
    });
  }

  it('pattern 6 accepts exactly the non-empty strings of ASCII digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (value) => {
        expect(registrationPatterns[6].test(value)).toBe(/^[0-9]+$/.test(value));
      }),
    );
    fc.assert(fc.property(fc.stringMatching(/^[0-9]+$/), (value) => registrationPatterns[6].test(value)));
  });

  it('pattern 11 and pattern 13 agree with the calendar of Date.UTC on every day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const date = new Date(0);
          date.setUTCFullYear(year, month - 1, day);
          const isReal = month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          const [y, m, d] = [
            String(year).padStart(4, '0'),
            String(month).padStart(2, '0'),
            String(day).padStart(2, '0'),
          ];
          expect(registrationPatterns[11].test(`${y}-${m}-${d}`)).toBe(isReal);
          expect(registrationPatterns[13].test(`${m}-${d}-${y}`)).toBe(isReal);
        },
      ),
    );
  });

  it('pattern 20 accepts any printable-ASCII string once it has all four kinds of character', () => {
    const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });
    fc.assert(
      fc.property(
        printable,
        (rest) => registrationPatterns[20].test(`aZ5#${rest}`) && !registrationPatterns[20].test(`aZ5 ${rest}`),
      ),
    );
  });

  it('pattern 9 refuses any string with a space in it and accepts one without', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (value) => {
        expect(registrationPatterns[9].test(`${value} `)).toBe(false);
        const compact = value.replace(/\s/gu, '');
        if (compact !== '') expect(registrationPatterns[9].test(compact)).toBe(true);
      }),
    );
  });
});

const rule = (overrides: Partial<RegistrationFieldRuleInput> = {}): RegistrationFieldRuleInput => ({
  required: true,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 10,
  ...overrides,
});

describe('validateRegistrationField', () => {
  it('asks for a value when a required field is empty, and lets an optional empty field through', () => {
    expect(validateRegistrationField(rule({ required: true, patternId: 6 }), '')).toEqual({ code: 'not_empty' });
    expect(validateRegistrationField(rule({ required: false, patternId: 6, minLength: 4 }), '')).toBeNull();
  });

  it('accepts a value that passes the pattern, the merchant regex and the length bounds', () => {
    expect(
      validateRegistrationField(
        rule({ patternId: 1, acceptedPattern: '^[a-z]', minLength: 6, maxLength: 16 }),
        'player01',
      ),
    ).toBeNull();
  });

  it('names the pattern with its length range when a value breaks the pattern', () => {
    expect(validateRegistrationField(rule({ patternId: 1, minLength: 6, maxLength: 16 }), '1player')).toEqual({
      code: 'reg_pattern_1',
      params: { min: 6, max: 16 },
    });
  });

  it('reports a too short or too long value under the pattern code too', () => {
    const r = rule({ patternId: 6, minLength: 6, maxLength: 8 });
    expect(validateRegistrationField(r, '12345')).toEqual({ code: 'reg_pattern_6', params: { min: 6, max: 8 } });
    expect(validateRegistrationField(r, '123456789')).toEqual({ code: 'reg_pattern_6', params: { min: 6, max: 8 } });
    expect(validateRegistrationField(r, '123456')).toBeNull();
    expect(validateRegistrationField(r, '12345678')).toBeNull();
  });

  it('gives a single length when min equals max', () => {
    const r = rule({ patternId: 6, minLength: 11, maxLength: 11 });
    expect(validateRegistrationField(r, '1234567890')).toEqual({ code: 'reg_pattern_6', params: { length: 11 } });
    expect(validateRegistrationField(r, '12345678901')).toBeNull();
  });

  it('counts length in code points, so an emoji or an astral Han character counts once', () => {
    expect(codePointLength('😀')).toBe(1);
    expect(codePointLength('😀'.repeat(3))).toBe(3);
    expect(codePointLength('𠀀字')).toBe(2);
    expect(validateRegistrationField(rule({ patternId: 9, minLength: 3, maxLength: 3 }), 'a😀b')).toBeNull();
    expect(validateRegistrationField(rule({ patternId: 9, minLength: 1, maxLength: 2 }), '😀😀')).toBeNull();
    expect(validateRegistrationField(rule({ patternId: 2, minLength: 1, maxLength: 2 }), '𠀀字')).toBeNull();
  });

  it('requires the merchant regex and the named pattern both to pass', () => {
    const r = rule({ patternId: 6, acceptedPattern: '^1[3-9]\\d{9}$', minLength: 11, maxLength: 11 });
    expect(validateRegistrationField(r, '13812345678')).toBeNull();
    expect(validateRegistrationField(r, '12812345678')).toEqual({ code: 'reg_pattern_6', params: { length: 11 } });
    const letters = rule({ patternId: 6, acceptedPattern: '^[a-z0-9]+$' });
    expect(validateRegistrationField(letters, 'abc')).toEqual({ code: 'reg_pattern_6', params: { min: 1, max: 10 } });
  });

  it('treats a * pattern as accepting anything, leaving the named pattern to decide', () => {
    expect(validateRegistrationField(rule({ acceptedPattern: '*' }), '任何 thing!')).toBeNull();
    expect(validateRegistrationField(rule({ acceptedPattern: '*', patternId: 4 }), 'a b')).toEqual({
      code: 'reg_pattern_4',
      params: { min: 1, max: 10 },
    });
  });

  it('fails closed, without throwing, on a merchant regex that does not compile', () => {
    for (const broken of ['(', '[a-', '\\p{NoSuchScript}', 'a{2,1}', '\\q']) {
      expect(() => validateRegistrationField(rule({ acceptedPattern: broken }), 'abc')).not.toThrow();
      expect(validateRegistrationField(rule({ acceptedPattern: broken }), 'abc'), broken).toEqual({
        code: 'field_invalid',
      });
    }
    expect(validateRegistrationField(rule({ required: false, acceptedPattern: '(' }), '')).toBeNull();
  });

  it('compiles the merchant regex with the u flag, so property escapes work', () => {
    const r = rule({ acceptedPattern: '^\\p{Script=Han}+$', patternId: 10 });
    expect(validateRegistrationField(r, '张三')).toBeNull();
    expect(validateRegistrationField(r, '张三！')).toEqual({ code: 'reg_pattern_10', params: { min: 1, max: 10 } });
  });

  it('refuses a pattern id outside 0..21 instead of skipping the check', () => {
    expect(validateRegistrationField(rule({ patternId: 22 }), 'abc')).toEqual({ code: 'field_invalid' });
  });

  it('on any value, returns null exactly when the pattern and the bounds hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...registrationPatternIds),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }),
        (patternId, a, b, value) => {
          const [minLength, maxLength] = [Math.min(a, b), Math.max(a, b, 1)];
          const length = codePointLength(value);
          const isValid = registrationPatterns[patternId].test(value) && length >= minLength && length <= maxLength;
          const result = validateRegistrationField(rule({ patternId, minLength, maxLength }), value);
          expect(result === null).toBe(isValid);
          if (result !== null) expect(result.code).toBe(`reg_pattern_${patternId}`);
        },
      ),
    );
  });
});

describe('pattern messages', () => {
  it('has a range and an exact English template for every pattern', () => {
    for (const id of registrationPatternIds) {
      expect(registrationPatternMessagesEn[`reg_pattern_${id}`]).toMatch(/\(min\)–\(max\) characters/);
      expect(registrationPatternMessagesEn[`reg_pattern_${id}_exact`]).toMatch(/^\(length\) characters/);
    }
    expect(registrationPatternMessagesEn.reg_pattern_1).toBe(
      '(min)–(max) characters, starting with a letter, letters and digits only',
    );
  });

  it('substitutes the range, or a single number when min equals max', () => {
    expect(formatPatternMessage(registrationPatternMessagesEn.reg_pattern_1, { min: 6, max: 16 })).toBe(
      '6–16 characters, starting with a letter, letters and digits only',
    );
    expect(formatPatternMessage(registrationPatternMessagesEn.reg_pattern_6_exact, { length: 11 })).toBe(
      '11 characters, digits only',
    );
    expect(formatPatternMessage('(min) to (max)', { length: 4 })).toBe('4 to 4');
  });

  it('picks the exact template key for an error whose params carry a single length', () => {
    const error = validateRegistrationField(rule({ patternId: 6, minLength: 11, maxLength: 11 }), '12');
    if (error === null || !('params' in error)) throw new Error('expected a pattern error');
    const key = patternMessageKey(error.code, error.params);
    expect(key).toBe('reg_pattern_6_exact');
    expect(formatPatternMessage(registrationPatternMessagesEn[key], error.params)).toBe('11 characters, digits only');
    expect(patternMessageKey('reg_pattern_6', { min: 1, max: 2 })).toBe('reg_pattern_6');
  });
});
