import type { z } from 'zod';
import type { FieldError } from './envelope';

const I18N_KEY = /^[a-z][a-zA-Z0-9_./-]*$/;

/** A custom issue's placeholders (`ctx.addIssue({ params })`): the text and number values, for the translation. */
const customParams = (params: Record<string, unknown> | undefined): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(params ?? {}).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );

/**
 * Maps one zod issue to the platform's field errors: messages the contracts wrote are i18n keys; zod's own
 * English defaults are mapped by issue code. Server and browsers use this one function, so a form shows the
 * same codes the server answers with.
 */
export const issueToFieldErrors = (issue: z.core.$ZodIssue): FieldError[] => {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, code: 'field_unknown' }));
  }
  // Messages we wrote ourselves are i18n keys; zod's own defaults are English sentences we map by code.
  if (I18N_KEY.test(issue.message)) {
    const params: Record<string, string | number> = {};
    if (issue.code === 'too_small') params.min = Number(issue.minimum);
    if (issue.code === 'too_big') params.max = Number(issue.maximum);
    const extra = issue.code === 'custom' ? customParams(issue.params) : {};
    const all = { ...params, ...extra };
    return [{ path, code: issue.message, ...(Object.keys(all).length ? { params: all } : {}) }];
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

/** All issues of a failed parse as field errors, each (path, code) once. */
export const issuesToFieldErrors = (issues: readonly z.core.$ZodIssue[]): FieldError[] => {
  const seen = new Set<string>();
  return issues.flatMap(issueToFieldErrors).filter((error) => {
    const key = `${error.path}\u0000${error.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
