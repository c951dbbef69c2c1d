import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { errorKeyOf, isApiError } from '../api/api-error';
import { applyServerFieldErrors, type ServerErrorMapping } from './server-field-errors';

/**
 * Shows why a submit failed: the server's field errors under their fields, and the rest (or a failure with no field
 * errors, or one that is no API answer) as the form's message.
 */
export const showSubmitError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  mapping: ServerErrorMapping,
  setFormError: (code: string) => void,
): void => {
  if (!isApiError(error)) {
    setFormError(errorKeyOf(error));
    return;
  }
  const unmatched = applyServerFieldErrors(setError, error.fieldErrors, mapping);
  if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
};
