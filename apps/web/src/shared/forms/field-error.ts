import type { FieldError } from '@tessera/contracts';
import { formatPatternMessage, type PatternMessageParams, patternMessageKey } from '@tessera/contracts';

export type FieldErrorParams = Readonly<Record<string, string | number>>;

/**
 * A field error as react-hook-form keeps it: the message is the error code, followed by its params as a query
 * string (`reg_pattern_1?min=6&max=16`), so one string carries what both `setError` and `validate` can hold.
 */
export const encodeFieldError = (code: string, params?: FieldErrorParams): string => {
  if (!params || Object.keys(params).length === 0) return code;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  return `${code}?${search.toString()}`;
};

export const decodeFieldError = (message: string): { code: string; params: Record<string, string> } => {
  const at = message.indexOf('?');
  if (at < 0) return { code: message, params: {} };
  return { code: message.slice(0, at), params: Object.fromEntries(new URLSearchParams(message.slice(at + 1))) };
};

/** What react-hook-form's `setError` takes for a server field error. */
export const toFormError = (error: Pick<FieldError, 'code' | 'params'>) => ({
  type: error.code,
  message: encodeFieldError(error.code, error.params),
});

const REG_PATTERN = /^reg_pattern_\d+$/;

const patternParamsOf = (params: Record<string, string>): PatternMessageParams | null => {
  if (params.length !== undefined) return { length: Number(params.length) };
  if (params.min !== undefined && params.max !== undefined) return { min: Number(params.min), max: Number(params.max) };
  return null;
};

/** A translate function of the `errors` namespace. */
export type TranslateError = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text for a field error code: `reg_pattern_<id>` with its (min)/(max) placeholders filled, the `_exact`
 * variant when the length is a single number; any other code through i18next with its params.
 */
export const translateFieldError = (t: TranslateError, code: string, params: Record<string, string> = {}): string => {
  const patternParams = REG_PATTERN.test(code) ? patternParamsOf(params) : null;
  if (patternParams) {
    const key = patternMessageKey(code as `reg_pattern_${0}`, patternParams);
    return formatPatternMessage(t(key), patternParams);
  }
  return t(code, { ...params, defaultValue: t('field_invalid') });
};
