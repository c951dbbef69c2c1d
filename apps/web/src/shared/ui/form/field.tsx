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
    {/* The star sits beside the label, not in it: the control says aria-required, and its name stays the label. */}
    <div className={styles.labelRow}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {isRequired ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
    {children}
    {hint ? (
      <p className={styles.hint} id={`${id}-hint`}>
        {hint}
      </p>
    ) : null}
    <FieldMessage error={error} id={`${id}-error`} tone={errorTone} />
  </div>
);
