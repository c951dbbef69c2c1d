import type { FieldError } from '@tessera/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

const I18N_KEY = /^[a-z][a-z0-9_./-]*$/;

type Issue = z.core.$ZodIssue;

const issueToFieldErrors = (issue: Issue): FieldError[] => {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, code: 'field_unknown' }));
  }
  // Messages we wrote ourselves are i18n keys; zod's own defaults are English sentences we map by code.
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

/** Parses input with a contract schema; a failure becomes `validation_failed` with one entry per field. */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const seen = new Set<string>();
  const fieldErrors = result.error.issues.flatMap(issueToFieldErrors).filter((error) => {
    const key = `${error.path}\u0000${error.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  throw new AppError('validation_failed', { fieldErrors });
};
