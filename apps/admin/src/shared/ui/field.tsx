import type { ReactNode } from 'react';
import styles from './field.module.css';
import { type FieldErrorLike, FieldErrorText } from './field-error-text';

export interface FieldProps {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: FieldErrorLike | undefined;
  isRequired?: boolean;
  className?: string;
  children: ReactNode;
}

/** A label, its control, an optional hint and the field's error. Give the control `aria-describedby={htmlFor}-error`. */
export const Field = ({ label, htmlFor, hint, error, isRequired, className, children }: FieldProps) => (
  <div className={[styles.field, className].filter(Boolean).join(' ')}>
    <label className={styles.label} htmlFor={htmlFor}>
      {label}
      {isRequired ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
    {children}
    {hint ? <p className={styles.hint}>{hint}</p> : null}
    <FieldErrorText error={error} id={`${htmlFor}-error`} />
  </div>
);
