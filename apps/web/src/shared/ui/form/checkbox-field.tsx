import type { ComponentPropsWithRef, ReactNode } from 'react';
import { describedByOf, type FieldErrorLike, FieldMessage } from './field-message';
import styles from './form.module.css';

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  error?: FieldErrorLike | undefined;
}

/** A checkbox with its label beside it and its error below. */
export const CheckboxField = ({ id, label, error, ...input }: CheckboxFieldProps) => (
  <div className={styles.field}>
    <label className={styles.checkRow} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        className={styles.checkbox}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={describedByOf(id, { hasError: Boolean(error?.message) })}
        {...input}
      />
      <span>{label}</span>
    </label>
    <FieldMessage error={error} id={`${id}-error`} />
  </div>
);
