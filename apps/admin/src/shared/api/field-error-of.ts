import type { FieldErrorLike } from '../ui/field-error-text';
import { isApiError } from './api-error';

/** The server's error for one field of a failed save, as FieldErrorText shows it. */
export const fieldErrorOf = (error: unknown, path: string): FieldErrorLike | undefined => {
  if (!isApiError(error)) return undefined;
  const found = error.fieldErrors.find((fieldError) => fieldError.path === path);
  return found ? { message: found.code, types: found.params } : undefined;
};

/** The failure of a save not tied to one field (null: none, or only field errors). */
export const formErrorOf = (error: unknown): string | null => {
  if (!error) return null;
  if (isApiError(error) && error.fieldErrors.length > 0) return null;
  return isApiError(error) ? error.code : 'unknown_error';
};
