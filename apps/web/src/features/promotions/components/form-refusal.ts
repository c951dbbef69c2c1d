import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';

/**
 * Puts a server refusal's field errors under the form's fields and returns what belongs to none of them (the whole
 * refusal, kept so an eligibility refusal shows its reason), or null when every error found its field.
 */
export const refusalOutsideFields = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): unknown => {
  if (!isApiError(error)) return error;
  const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
  return error.fieldErrors.length === 0 || unmatched.length > 0 ? error : null;
};
