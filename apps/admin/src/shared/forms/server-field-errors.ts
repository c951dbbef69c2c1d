import type { FieldError } from '@tessera/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { formNameOfPath, toStoredFieldError } from './form-field-error';

export interface MappedFieldErrors {
  /** Errors whose path names a form field, keyed by the form's field name. */
  matched: { name: string; error: FieldError }[];
  /** Errors about something the form does not hold (shown in the form's error summary). */
  unmatched: FieldError[];
}

/**
 * Maps the server's dotted paths onto form field names. `prefix` is the request key that holds the form's
 * values (`settings` for a merchant update: `settings.region.blockedIpRanges.0` -> `region.blockedIpRanges.0`).
 * Without a prefix, every path is a form field name.
 */
export const mapServerFieldErrors = (fieldErrors: readonly FieldError[], prefix?: string): MappedFieldErrors => {
  const matched: MappedFieldErrors['matched'] = [];
  const unmatched: FieldError[] = [];
  for (const error of fieldErrors) {
    if (!prefix) {
      matched.push({ name: formNameOfPath(error.path), error });
    } else if (error.path === prefix) {
      matched.push({ name: 'root.form', error });
    } else if (error.path.startsWith(`${prefix}.`)) {
      matched.push({ name: error.path.slice(prefix.length + 1), error });
    } else {
      unmatched.push(error);
    }
  }
  return { matched, unmatched };
};

/** Puts the server's field errors into a form; returns those that belong to no field. */
export const applyServerFieldErrors = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: readonly FieldError[],
  prefix?: string,
): FieldError[] => {
  const { matched, unmatched } = mapServerFieldErrors(fieldErrors, prefix);
  matched.forEach(({ name, error }, index) => {
    setError(name as Path<T>, toStoredFieldError(error), { shouldFocus: index === 0 });
  });
  return unmatched;
};
