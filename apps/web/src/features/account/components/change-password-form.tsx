import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRegisterSettings } from '../../../shared/account/get-register-settings';
import { loadMemberInfo } from '../../../shared/account/member-session';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateByRule, validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField } from '../../../shared/ui/form/text-field';
import { changePassword } from '../api/change-password';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

const fields = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;

export interface ChangePasswordFormProps {
  /** The change forced after login (default password, expiry, operator reset): no old password is asked. */
  isForced: boolean;
  /** e.g. "security" or "dialog", to keep the input ids unique on a page. */
  idPrefix: string;
  onDone: () => void;
}

/** Change password (spec section 5): old (unless forced), new by the password rule, and its confirmation. */
export const ChangePasswordForm = ({ isForced, idPrefix, onDone }: ChangePasswordFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useRegisterSettings().data;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' } });

  const onSubmit = async (values: ChangePasswordValues) => {
    setFormError(null);
    try {
      await changePassword({
        oldPassword: isForced ? '' : values.oldPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
      return;
    }
    // Spec section 4: a successful change reloads login info.
    try {
      await loadMemberInfo(queryClient);
    } catch (error) {
      setFormError(errorKeyOf(error));
      return;
    }
    onDone();
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="change-password">
      {isForced ? null : (
        <PasswordField
          id={`${idPrefix}-old-password`}
          label={t('old_password')}
          autoComplete="current-password"
          maxLength={128}
          isRequired
          data-autofocus=""
          error={errors.oldPassword}
          {...register('oldPassword', { validate: validateRequired('not_empty', false) })}
        />
      )}
      <PasswordField
        id={`${idPrefix}-new-password`}
        label={t('new_password')}
        autoComplete="new-password"
        maxLength={128}
        isRequired
        data-autofocus={isForced ? '' : undefined}
        error={errors.newPassword}
        {...register('newPassword', { validate: validateByRule(rules?.password, { required: true, trim: false }) })}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label={t('in_increase_verifyPwd')}
        autoComplete="new-password"
        maxLength={128}
        isRequired
        error={errors.confirmNewPassword}
        {...register('confirmNewPassword', {
          validate: (value, all) => (value === all.newPassword ? true : 'inconsistent_twice'),
        })}
      />
      <FormError code={formError} />
      <Button type="submit" size="lg" isBlock disabled={isSubmitting}>
        {t('change_password_submit')}
      </Button>
    </form>
  );
};
