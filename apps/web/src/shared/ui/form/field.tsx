import type { ReactNode } from 'react';
import { type FieldErrorLike, FieldMessage, type FieldMessageTone } from './field-message';
import styles from './form.module.css';

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldErrorLike | undefined;
  errorTone?: FieldMessageTone;
  isRequired?: boolean;
  children: ReactNode;
}

/**
 * A label tied to its control, an optional hint and the field's error below it. The control sets
 * `aria-describedby` with describedByOf(id, ...) so that both are read with it.
 */
export const Field = ({ id, label, hint, error, errorTone, isRequired, children }: FieldProps) => (
  <div className={styles.field}>
    <label className={styles.label} htmlFor={id}>
      {label}
      {isRequired ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
    {children}
    {hint ? (
      <p className={styles.hint} id={`${id}-hint`}>
        {hint}
      </p>
    ) : null}
    <FieldMessage error={error} id={`${id}-error`} tone={errorTone} />
  </div>
);
