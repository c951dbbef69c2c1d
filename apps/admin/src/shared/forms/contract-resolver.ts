import { toNestErrors } from '@hookform/resolvers';
import type { FieldError } from '@tessera/contracts';
import { issuesToFieldErrors } from '@tessera/contracts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { formNameOfPath, type StoredFieldError, toStoredFieldError } from './form-field-error';

/** Flat `path -> error`, keeping the first error of each path. */
export const toFlatFormErrors = (fieldErrors: readonly FieldError[]): Record<string, StoredFieldError> => {
  const flat: Record<string, StoredFieldError> = {};
  for (const error of fieldErrors) {
    const name = formNameOfPath(error.path);
    flat[name] ??= toStoredFieldError(error);
  }
  return flat;
};

/**
 * A react-hook-form resolver over a contract schema. Unlike `zodResolver` it keeps the platform's field error
 * codes and their `{min}` / `{max}` params, so a form shows exactly what the server would answer.
 */
export const contractResolver =
  <Values extends FieldValues, Output>(schema: z.ZodType<Output>): Resolver<Values, unknown, Output> =>
  async (values, _context, options) => {
    // The input is reported so an empty required text maps to `not_empty`, as on the server.
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data, errors: {} };
    const flat = toFlatFormErrors(issuesToFieldErrors(result.error.issues)) as unknown as FieldErrors;
    return { values: {}, errors: toNestErrors(flat, options) };
  };
