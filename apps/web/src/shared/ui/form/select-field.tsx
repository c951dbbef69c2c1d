import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './field';
import { describedByOf, type FieldErrorLike } from './field-message';
import styles from './form.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  error?: FieldErrorLike | undefined;
  isRequired?: boolean;
}

/** A labelled native select (the phone's own picker on touch devices). */
export const SelectField = ({ id, label, options, error, isRequired, ...select }: SelectFieldProps) => (
  <Field id={id} label={label} error={error} isRequired={isRequired}>
    <select
      id={id}
      className={styles.select}
      aria-invalid={error?.message ? true : undefined}
      aria-required={isRequired || undefined}
      aria-describedby={describedByOf(id, { hasError: Boolean(error?.message) })}
      {...select}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  </Field>
);
