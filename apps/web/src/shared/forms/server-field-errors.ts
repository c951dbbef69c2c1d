import type { FieldError } from '@tessera/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toFormError } from './field-error';

export interface ServerErrorMapping {
  /** The form's field names; errors on other paths are returned for the form-level message. */
  fields: readonly string[];
  /** Server paths that a form shows under a differently named field (`mobileNo` -> `mobileNum`). */
  aliases?: Readonly<Record<string, string>>;
  /** Rewrites a code before it is shown (the phone-authentication messages, for one). */
  codeOf?: (code: string, field: string) => string;
}

/**
 * Puts the server's field errors under their fields, focusing the first one in form order, and returns the errors that
 * belong to no field of this form.
 */
export const applyServerFieldErrors = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: readonly FieldError[],
  mapping: ServerErrorMapping,
): FieldError[] => {
  const unmatched: FieldError[] = [];
  const matched: { field: string; error: FieldError }[] = [];
  for (const error of fieldErrors) {
    const field = mapping.aliases?.[error.path] ?? error.path;
    if (mapping.fields.includes(field)) matched.push({ field, error });
    else unmatched.push(error);
  }
  // Focus goes to the first invalid field in the form's order, not the server's.
  matched.sort((a, b) => mapping.fields.indexOf(a.field) - mapping.fields.indexOf(b.field));
  matched.forEach(({ field, error }, index) => {
    const code = mapping.codeOf ? mapping.codeOf(error.code, field) : error.code;
    setError(field as Path<T>, toFormError({ code, params: error.params }), { shouldFocus: index === 0 });
  });
  return unmatched;
};
