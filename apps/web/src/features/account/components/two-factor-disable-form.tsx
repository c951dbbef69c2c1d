import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { disableTwoFactor } from '../api/disable-two-factor';

interface DisableValues {
  password: string;
  code: string;
}

/** An authenticator code (6 digits) or a recovery code (XXXX-XXXX), as the contract accepts. */
const validateSecondFactor = (value: string): true | string => {
  const code = value.trim();
  if (code === '') return 'enter_verification_code';
  return /^([0-9]{6}|[A-Z0-9]{4}-[A-Z0-9]{4})$/i.test(code) ? true : 'verification_code_invalid';
};

export interface TwoFactorDisableFormProps {
  onDone: () => Promise<void>;
}

/** Turns two-factor off: the login password and a current authenticator or recovery code. */
export const TwoFactorDisableForm = ({ onDone }: TwoFactorDisableFormProps) => {
  const { t } = useTranslation('account');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DisableValues>({ defaultValues: { password: '', code: '' } });

  const onSubmit = async (values: DisableValues) => {
    setFormError(null);
    try {
      await disableTwoFactor({ password: values.password, code: values.code.trim() });
      await onDone();
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields: ['password', 'code'] });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="two-factor-disable">
      <PasswordField
        id="two-factor-disable-password"
        label={t('in_increase_password', { ns: 'common' })}
        autoComplete="current-password"
        maxLength={128}
        isRequired
        error={errors.password}
        {...register('password', { validate: validateRequired('not_empty', false) })}
      />
      <TextField
        id="two-factor-disable-code"
        label={t('ga_or_recovery_code', { ns: 'common' })}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={9}
        isRequired
        error={errors.code}
        {...register('code', { validate: validateSecondFactor })}
      />
      <FormError code={formError} />
      <Button type="submit" isBlock disabled={isSubmitting}>
        {t('two_factor_disable_submit')}
      </Button>
    </form>
  );
};
