import type { RegisterFieldRule } from './merchants';

/**
 * The named validators of registration fields (spec section 5). A merchant's rule for a field names one by
 * `patternId`; the value must pass it, the merchant's own `acceptedPattern` and the length bounds. Plain
 * TypeScript with Unicode property escapes, so the browsers and the server run the very same checks.
 */

export const registrationPatternIds = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
] as const;
export type RegistrationPatternId = (typeof registrationPatternIds)[number];
export type RegistrationPatternKey = `reg_pattern_${RegistrationPatternId}`;

export type RegistrationPattern = {
  id: RegistrationPatternId;
  key: RegistrationPatternKey;
  test: (value: string) => boolean;
  description: string;
};

// A letter of any script with the combining marks that belong to it: Thai vowels and tone marks, Devanagari
// matras and decomposed accents are marks (\p{M}), not letters, and names cannot be written without them.
const LETTER = String.raw`\p{L}\p{M}*`;
// Thai consonants, vowels and marks, without Thai digits, the baht sign and the Thai punctuation marks.
const THAI_LETTER = String.raw`[\u0E01-\u0E3A\u0E40-\u0E4E]`;
// ASCII punctuation and symbols, that is printable ASCII other than letters, digits and the space.
const ASCII_SYMBOL = String.raw`[!-/:-@\[-\x60{-~]`;
// Punctuation Chinese text uses: ASCII, middle dot, general punctuation (dashes, curly quotes, ellipsis),
// CJK punctuation and brackets, and the full-width and half-width forms of punctuation.
const CJK_PUNCTUATION = String.raw`!-/:-@\[-\x60{-~\u00B7\u2010-\u2027\u3001-\u3003\u3008-\u3011\u3014-\u301F\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF65`;
const NAME_PART = String.raw`${LETTER}(?:${LETTER}|['\u2019-])*`;

const re = (source: string): RegExp => new RegExp(`^(?:${source})$`, 'u');

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** A real Gregorian date, years 0001 to 9999. */
const isCalendarDate = (year: number, month: number, day: number): boolean => {
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
};

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const usDate = /^(\d{2})-(\d{2})-(\d{4})$/;

// The HTML living standard's valid e-mail address, plus a dot in the domain: a registration address must be
// deliverable on the internet, and intranet names such as `user@localhost` are almost always typos.
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const email = re(String.raw`[A-Za-z0-9.!#$%&'*+/=?^_\x60{|}~-]+@${DOMAIN_LABEL}(?:\.${DOMAIN_LABEL})+`);

const matches =
  (regex: RegExp) =>
  (value: string): boolean =>
    regex.test(value);

const tests: Record<RegistrationPatternId, [description: string, test: (value: string) => boolean]> = {
  0: ['any characters', () => true],
  1: ['starts with an English letter, then English letters and digits', matches(/^[A-Za-z][A-Za-z0-9]*$/)],
  2: ['Chinese characters and digits', matches(re(String.raw`[\p{Script=Han}0-9]+`))],
  3: ['e-mail address', matches(email)],
  4: ['English letters or digits only', matches(/^[A-Za-z0-9]+$/)],
  5: ['English letters and digits, at least one of each', matches(/^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/)],
  6: ['ASCII digits only', matches(/^[0-9]+$/)],
  7: ['English letters and digits with at least one uppercase letter', matches(/^(?=.*[A-Z])[A-Za-z0-9]+$/)],
  8: ['English letters and spaces only', matches(/^[A-Za-z ]+$/)],
  9: ['no whitespace', matches(re(String.raw`\S+`))],
  10: ['Chinese characters and punctuation', matches(re(String.raw`[\p{Script=Han}${CJK_PUNCTUATION}]+`))],
  11: [
    'date yyyy-MM-dd',
    (v) => {
      const m = isoDate.exec(v);
      return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
    },
  ],
  12: ['letters of any script and spaces', matches(re(`(?:${LETTER}| )+`))],
  13: [
    'date MM-dd-yyyy',
    (v) => {
      const m = usDate.exec(v);
      return m !== null && isCalendarDate(Number(m[3]), Number(m[1]), Number(m[2]));
    },
  ],
  14: ['letters of any script and digits', matches(re(String.raw`(?:${LETTER}|\p{Nd})+`))],
  15: ['Korean (Hangul) only', matches(re(String.raw`\p{Script=Hangul}+`))],
  16: ['Thai only', matches(re(String.raw`\p{Script=Thai}+`))],
  17: ['Thai or English letters and spaces', matches(re(`(?:${THAI_LETTER}|[A-Za-z ])+`))],
  18: ['uppercase English letters and spaces, at least one letter', matches(/^(?=.*[A-Z])[A-Z ]+$/)],
  19: ['English letters, digits and ASCII symbols, no spaces', matches(/^[!-~]+$/)],
  20: [
    'at least one uppercase letter, one lowercase letter, one digit and one ASCII symbol',
    matches(re(`(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*${ASCII_SYMBOL})[!-~]+`)),
  ],
  21: ['first and last name separated by single spaces', matches(re(`${NAME_PART}(?: ${NAME_PART})+`))],
};

export const registrationPatterns = Object.fromEntries(
  registrationPatternIds.map((id) => {
    const [description, test] = tests[id];
    return [id, { id, key: `reg_pattern_${id}`, test, description }];
  }),
) as Record<RegistrationPatternId, RegistrationPattern>;

export const isRegistrationPatternId = (id: number): id is RegistrationPatternId =>
  Number.isInteger(id) && id >= 0 && id <= 21;

export type PatternMessageParams = { min: number; max: number } | { length: number };

export type RegistrationFieldError =
  | { code: 'not_empty' | 'field_invalid' }
  | { code: RegistrationPatternKey; params: PatternMessageParams };

export type RegistrationFieldRuleInput = Pick<
  RegisterFieldRule,
  'required' | 'acceptedPattern' | 'patternId' | 'minLength' | 'maxLength'
>;

// Merchant patterns repeat on every registration; compile each once. `null` marks a pattern that does not
// compile. Bounded so that a stream of distinct patterns cannot grow it without end.
const compiledPatterns = new Map<string, RegExp | null>();
const compileAcceptedPattern = (pattern: string): RegExp | null => {
  const cached = compiledPatterns.get(pattern);
  if (cached !== undefined) return cached;
  let compiled: RegExp | null;
  try {
    compiled = new RegExp(pattern, 'u');
  } catch {
    compiled = null;
  }
  if (compiledPatterns.size >= 256) compiledPatterns.clear();
  compiledPatterns.set(pattern, compiled);
  return compiled;
};

/** Length as a person counts it in the spec: Unicode code points, so an emoji or a rare Han counts once. */
export const codePointLength = (value: string): number => {
  let length = 0;
  for (const _ of value) length++;
  return length;
};

/**
 * Checks a registration value against its field's rule: `null` when valid, else the error to show. A merchant
 * pattern that is not a valid regular expression fails every value (`field_invalid`) rather than none.
 */
export const validateRegistrationField = (
  rule: RegistrationFieldRuleInput,
  value: string,
): RegistrationFieldError | null => {
  if (value === '') return rule.required ? { code: 'not_empty' } : null;
  const accepted = rule.acceptedPattern === '*' ? null : compileAcceptedPattern(rule.acceptedPattern);
  if (rule.acceptedPattern !== '*' && accepted === null) return { code: 'field_invalid' };
  if (!isRegistrationPatternId(rule.patternId)) return { code: 'field_invalid' };
  const pattern = registrationPatterns[rule.patternId];
  const length = codePointLength(value);
  const isValid =
    (accepted === null || accepted.test(value)) &&
    pattern.test(value) &&
    length >= rule.minLength &&
    length <= rule.maxLength;
  if (isValid) return null;
  const params: PatternMessageParams =
    rule.minLength === rule.maxLength ? { length: rule.minLength } : { min: rule.minLength, max: rule.maxLength };
  return { code: pattern.key, params };
};

/** The message key for an error's params: the `_exact` variant when the length is a single number. */
export const patternMessageKey = (
  code: RegistrationPatternKey,
  params: PatternMessageParams,
): RegistrationPatternKey | `${RegistrationPatternKey}_exact` => ('length' in params ? `${code}_exact` : code);

/** Substitutes `(min)`, `(max)` and `(length)` in a message template. */
export const formatPatternMessage = (template: string, params: PatternMessageParams): string => {
  const values: Record<string, number> =
    'length' in params
      ? { min: params.length, max: params.length, length: params.length }
      : { min: params.min, max: params.max };
  return template.replace(/\((min|max|length)\)/g, (placeholder, name: string) => String(values[name] ?? placeholder));
};

const messageTails: Record<RegistrationPatternId, string> = {
  0: '',
  1: ', starting with a letter, letters and digits only',
  2: ', Chinese characters and digits only',
  3: ', a valid e-mail address such as name@example.com',
  4: ', letters or digits only',
  5: ', must combine letters and digits',
  6: ', digits only',
  7: ', letters and digits with at least one uppercase letter',
  8: ', English letters and spaces only',
  9: ', no spaces',
  10: ', Chinese characters and punctuation only',
  11: ', a date as yyyy-MM-dd',
  12: ', letters and spaces only',
  13: ', a date as MM-dd-yyyy',
  14: ', letters and digits only',
  15: ', Korean only',
  16: ', Thai only',
  17: ', Thai or English letters and spaces only',
  18: ', uppercase letters and spaces, with at least one letter',
  19: ', letters, digits and symbols, no spaces',
  20: ', with at least one uppercase letter, one lowercase letter, one digit and one symbol',
  21: ', first and last name separated by a space',
};

/** English templates for every `reg_pattern_<id>` and its single-length `reg_pattern_<id>_exact` variant. */
export const registrationPatternMessagesEn = Object.fromEntries(
  registrationPatternIds.flatMap((id) => [
    [`reg_pattern_${id}`, `(min)–(max) characters${messageTails[id]}`],
    [`reg_pattern_${id}_exact`, `(length) characters${messageTails[id]}`],
  ]),
) as Record<RegistrationPatternKey | `${RegistrationPatternKey}_exact`, string>;
