import { type ComponentPropsWithRef, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../icons/icons';
import { Field } from './field';
import { describedByOf, type FieldErrorLike, type FieldMessageTone } from './field-message';
import styles from './form.module.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldErrorLike | undefined;
  errorTone?: FieldMessageTone;
  isRequired?: boolean;
  /** Something beside the input: a send-code button, a captcha image. */
  addon?: ReactNode;
}

/** A labelled text input with its hint and error, wired for assistive technology. */
export const TextField = ({
  id,
  label,
  hint,
  error,
  errorTone,
  isRequired,
  addon,
  className,
  type = 'text',
  ...input
}: TextFieldProps) => (
  <Field id={id} label={label} hint={hint} error={error} errorTone={errorTone} isRequired={isRequired}>
    <div className={styles.control}>
      <input
        id={id}
        type={type}
        className={[styles.input, className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error?.message ? true : undefined}
        aria-required={isRequired || undefined}
        aria-describedby={describedByOf(id, { hasHint: Boolean(hint), hasError: Boolean(error?.message) })}
        {...input}
      />
      {addon ? <div className={styles.addon}>{addon}</div> : null}
    </div>
  </Field>
);

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'>;

/** A password input with a show/hide toggle. */
export const PasswordField = ({ id, label, hint, error, errorTone, isRequired, ...input }: PasswordFieldProps) => {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  const handleToggle = () => setShown((shown) => !shown);
  return (
    <Field id={id} label={label} hint={hint} error={error} errorTone={errorTone} isRequired={isRequired}>
      <div className={styles.inputWrap}>
        <input
          id={id}
          type={isShown ? 'text' : 'password'}
          className={`${styles.input} ${styles.withToggle}`}
          aria-invalid={error?.message ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedByOf(id, { hasHint: Boolean(hint), hasError: Boolean(error?.message) })}
          autoCapitalize="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={t(isShown ? 'hide_password' : 'show_password')}
          aria-pressed={isShown}
          onClick={handleToggle}
        >
          {isShown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </Field>
  );
};
