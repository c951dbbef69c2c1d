import type { ContentItemInput } from '@tessera/contracts';
import { useFormContext } from 'react-hook-form';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import type { ContentFormValues } from '../lib/content-values';

/** The editor's form, from inside a group of its fields. */
export const useContentForm = () => useFormContext<ContentFormValues, unknown, ContentItemInput>();

/** A field's error (for <Field error>) and the attributes that tie its control to the message. */
export const useFieldError = () => {
  const {
    formState: { errors },
  } = useContentForm();
  return (name: string) => {
    const error = fieldErrorAt(errors, name);
    return {
      error,
      controlProps: error ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {},
    };
  };
};
