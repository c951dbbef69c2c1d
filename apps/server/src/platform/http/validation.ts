import { type FieldError, issuesToFieldErrors } from '@tessera/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

const NUL = '\u0000';
/** Fields reported at most; the walk stops there (a body of a million NULs is refused all the same). */
const MAX_NUL_FIELDS = 20;

/**
 * Every text (or key) holding a NUL character, by field path. PostgreSQL stores no NUL in text or jsonb, so such
 * input is refused here for every endpoint, before any handler could send it to the database. The walk is
 * iterative: a deeply nested body cannot exhaust the stack.
 */
const nulFieldErrors = (input: unknown): FieldError[] => {
  const errors: FieldError[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (pending.length > 0 && errors.length < MAX_NUL_FIELDS) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (value.includes(NUL)) errors.push({ path, code: 'field_invalid' });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) errors.push({ path: childPath.replaceAll(NUL, ''), code: 'field_invalid' });
        else pending.push({ value: child, path: childPath });
      }
    }
  }
  return errors;
};

/**
 * Parses input with a contract schema; a failure becomes `validation_failed` with one entry per field. Text with
 * a NUL character fails as `field_invalid` whatever the schema says.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const nul = nulFieldErrors(input);
  if (nul.length > 0) throw new AppError('validation_failed', { fieldErrors: nul.reverse() });
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new AppError('validation_failed', { fieldErrors: issuesToFieldErrors(result.error.issues) });
};
