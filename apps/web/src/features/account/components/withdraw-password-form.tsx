import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { encodeFieldError } from '../../../shared/forms/field-error';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField } from '../../../shared/ui/form/text-field';
import { setWithdrawPassword } from '../api/set-withdraw-password';

interface WithdrawPasswordValues {
  currentPassword: string;
  newWithdrawPassword: string;
  confirmWithdrawPassword: string;
}

const fields = ['currentPassword', 'newWithdrawPassword', 'confirmWithdrawPassword'] as const;

/** The server's withdraw password rule (account service): 6 to 20 characters. */
const MIN = 6;
const MAX = 20;

const validateWithdrawPassword = (value: string): true | string => {
  const length = [...value].length;
  return length >= MIN && length <= MAX ? true : encodeFieldError('withdraw_password_rule', { min: MIN, max: MAX });
};

export interface WithdrawPasswordFormProps {
  /** Changing an existing one (prove the old withdraw password) rather than setting the first (the login one). */
  hasWithdrawPassword: boolean;
  onDone: () => Promise<void>;
}

/** Sets or changes the withdraw password (6 to 20 characters, not the login password). */
export const WithdrawPasswordForm = ({ hasWithdrawPassword, onDone }: WithdrawPasswordFormProps) => {
  const { t } = useTranslation('account');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WithdrawPasswordValues>({
    defaultValues: { currentPassword: '', newWithdrawPassword: '', confirmWithdrawPassword: '' },
  });

  const onSubmit = async (values: WithdrawPasswordValues) => {
    setFormError(null);
    try {
      await setWithdrawPassword(values);
      await onDone();
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="withdraw-password">
      <PasswordField
        id="withdraw-current"
        label={t(hasWithdrawPassword ? 'withdraw_current' : 'withdraw_login_password')}
        autoComplete="current-password"
        maxLength={128}
        isRequired
        error={errors.currentPassword}
        {...register('currentPassword', { validate: validateRequired('not_empty', false) })}
      />
      <PasswordField
        id="withdraw-new"
        label={t('withdraw_new')}
        hint={t('withdraw_rule_hint', { min: MIN, max: MAX })}
        autoComplete="new-password"
        maxLength={128}
        isRequired
        error={errors.newWithdrawPassword}
        {...register('newWithdrawPassword', { validate: validateWithdrawPassword })}
      />
      <PasswordField
        id="withdraw-confirm"
        label={t('withdraw_confirm')}
        autoComplete="new-password"
        maxLength={128}
        isRequired
        error={errors.confirmWithdrawPassword}
        {...register('confirmWithdrawPassword', {
          validate: (value, all) => (value === all.newWithdrawPassword ? true : 'inconsistent_twice'),
        })}
      />
      <FormError code={formError} />
      <Button type="submit" isBlock disabled={isSubmitting}>
        {t('save_button')}
      </Button>
    </form>
  );
};
