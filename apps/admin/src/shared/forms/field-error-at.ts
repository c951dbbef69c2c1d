import { get } from 'react-hook-form';
import type { FieldErrorLike } from '../ui/field-error-text';

/** The error react-hook-form holds for one field at a dotted path, if any. */
export const fieldErrorAt = (errors: unknown, path: string): FieldErrorLike | undefined => {
  const value: unknown = get(errors, path);
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
    return value as FieldErrorLike;
  }
  return undefined;
};
