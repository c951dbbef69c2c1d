import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../shared/ui/field';
import type { FieldErrorLike } from '../../../shared/ui/field-error-text';
import styles from './promotion-engine.module.css';

export interface EditorTextFieldOptions {
  hint?: string;
  isRequired?: boolean;
  /** A number typed as text: the narrow numeric input and the phone's number keyboard. */
  inputMode?: 'decimal' | 'numeric';
  isReadOnly?: boolean;
  /** Several lines (a textarea). */
  isArea?: boolean;
}

/**
 * One text field of a promotions editor (promotion, red envelope, raffle) registered with react-hook-form: its label,
 * its input described by its error, the error under it.
 */
export const EditorTextField = ({
  id,
  label,
  error,
  registration,
  hint,
  isRequired,
  inputMode,
  isReadOnly,
  isArea,
}: EditorTextFieldOptions & {
  id: string;
  label: string;
  error: FieldErrorLike | undefined;
  registration: UseFormRegisterReturn;
}) => {
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-error`,
    ...registration,
  };
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} isRequired={isRequired}>
      {isArea ? (
        <textarea className={styles.textarea} rows={4} {...common} />
      ) : (
        <input
          className={inputMode ? styles.number : styles.input}
          autoComplete="off"
          inputMode={inputMode}
          readOnly={isReadOnly}
          {...common}
        />
      )}
    </Field>
  );
};
