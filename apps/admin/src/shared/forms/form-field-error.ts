import type { FieldError } from '@tessera/contracts';
import type { z } from 'zod';

const I18N_KEY = /^[a-z][a-z0-9_./-]*$/;

/**
 * Maps one zod issue to the platform's field errors, the same way the server does (apps/server
 * platform/http/validation.ts): messages the contracts wrote are i18n keys; zod's own defaults map by code.
 */
export const issueToFieldErrors = (issue: z.core.$ZodIssue): FieldError[] => {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, code: 'field_unknown' }));
  }
  if (I18N_KEY.test(issue.message)) {
    const params: Record<string, number> = {};
    if (issue.code === 'too_small') params.min = Number(issue.minimum);
    if (issue.code === 'too_big') params.max = Number(issue.maximum);
    return [{ path, code: issue.message, ...(Object.keys(params).length ? { params } : {}) }];
  }
  switch (issue.code) {
    case 'invalid_type':
      return [{ path, code: issue.input === undefined || issue.input === null ? 'not_empty' : 'field_invalid' }];
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1 && issue.input === '') {
        return [{ path, code: 'not_empty' }];
      }
      return [
        {
          path,
          code: issue.origin === 'string' || issue.origin === 'array' ? 'field_too_short' : 'field_too_small',
          params: { min: Number(issue.minimum) },
        },
      ];
    case 'too_big':
      return [
        {
          path,
          code: issue.origin === 'string' || issue.origin === 'array' ? 'field_too_long' : 'field_too_large',
          params: { max: Number(issue.maximum) },
        },
      ];
    case 'invalid_value':
      return [{ path, code: 'field_not_allowed' }];
    default:
      return [{ path, code: 'field_invalid' }];
  }
};

/** What react-hook-form stores for a field: the code as `type` and `message`, the params (as text) in `types`. */
export interface StoredFieldError {
  type: string;
  message: string;
  types?: Record<string, string>;
}

export const toStoredFieldError = (error: Pick<FieldError, 'code' | 'params'>): StoredFieldError => {
  const stored: StoredFieldError = { type: error.code, message: error.code };
  if (error.params) {
    stored.types = Object.fromEntries(Object.entries(error.params).map(([key, value]) => [key, String(value)]));
  }
  return stored;
};

/** react-hook-form keeps form-wide errors under `root`; a path-less issue lands there. */
export const formNameOfPath = (path: string): string => (path === '' ? 'root.form' : path);
