import { type RegisterFieldRule, validateRegistrationField } from '@tessera/contracts';
import { encodeFieldError } from './field-error';

export type RuleInput = Pick<
  RegisterFieldRule,
  'required' | 'acceptedPattern' | 'patternId' | 'minLength' | 'maxLength'
>;

/**
 * A react-hook-form `validate` for a field with a merchant rule: the same check the server runs
 * (`validateRegistrationField`), so browser and server never disagree. Values are trimmed as sent, except
 * passwords (`trim: false`).
 */
export const validateByRule =
  (rule: RuleInput | undefined, options: { required?: boolean; trim?: boolean } = {}) =>
  (raw: unknown): true | string => {
    const value = typeof raw === 'string' ? (options.trim === false ? raw : raw.trim()) : '';
    const required = options.required ?? rule?.required ?? false;
    if (!rule) return value === '' && required ? 'not_empty' : true;
    const error = validateRegistrationField({ ...rule, required }, value);
    if (!error) return true;
    return 'params' in error ? encodeFieldError(error.code, error.params) : error.code;
  };

/** A required value, trimmed unless `trim` is false. */
export const validateRequired =
  (code = 'not_empty', trim = true) =>
  (raw: unknown): true | string => {
    const value = typeof raw === 'string' ? (trim ? raw.trim() : raw) : '';
    return value === '' ? code : true;
  };
