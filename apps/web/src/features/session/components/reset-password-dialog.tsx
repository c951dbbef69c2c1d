import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRegisterSettings } from '../../../shared/account/get-register-settings';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateByRule } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField } from '../../../shared/ui/form/text-field';
import { resetPassword } from '../api/reset-password';
import { useAutoLogin } from '../use-auto-login';

interface ResetValues {
  newPassword: string;
  confirmNewPassword: string;
}

export interface ResetPasswordDialogProps {
  isOpen: boolean;
  /** The token of the e-mailed link (`/?resetToken=`). */
  token: string | null;
  onClose: () => void;
  onForgotPassword: () => void;
}

/** The landing of an e-mailed reset link: a new password, then an automatic login with it. */
export const ResetPasswordDialog = ({ isOpen, token, onClose, onForgotPassword }: ResetPasswordDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog name="reset-password" isOpen={isOpen} onClose={onClose} title={t('set_new_pass')}>
      {token ? <ResetPasswordForm token={token} onForgotPassword={onForgotPassword} /> : null}
    </Dialog>
  );
};

const ResetPasswordForm = ({ token, onForgotPassword }: { token: string; onForgotPassword: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const autoLogin = useAutoLogin();
  const rules = useRegisterSettings().data;
  const [formError, setFormError] = useState<string | null>(null);
  const [isLinkDead, setLinkDead] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { newPassword: '', confirmNewPassword: '' } });

  const onSubmit = async (values: ResetValues) => {
    setFormError(null);
    let account: string;
    try {
      ({ account } = await resetPassword({ token, ...values }));
    } catch (error) {
      if (
        isApiError(error) &&
        (error.code === 'verification_code_expired' || error.fieldErrors.some((e) => e.path === 'token'))
      ) {
        setLinkDead(true);
        return;
      }
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
        fields: ['newPassword', 'confirmNewPassword'],
      });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
      return;
    }
    try {
      await autoLogin(account, values.newPassword);
      navigateQuietly(navigate('/'));
    } catch (error) {
      setFormError(errorKeyOf(error));
    }
  };

  if (isLinkDead) {
    return (
      <div className={formStyles.form}>
        <FormError code="reset_link_expired" />
        <Button size="lg" isBlock onClick={onForgotPassword} data-autofocus="">
          {t('in_retrieve_password')}
        </Button>
      </div>
    );
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="reset-password">
      <p className={formStyles.hint}>{t('reset_link_tips')}</p>
      <PasswordField
        id="reset-new-password"
        label={t('new_password')}
        autoComplete="new-password"
        maxLength={128}
        isRequired
        data-autofocus=""
        error={errors.newPassword}
        {...register('newPassword', { validate: validateByRule(rules?.password, { required: true, trim: false }) })}
      />
      <PasswordField
        id="reset-confirm-password"
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
        {t('set_new_pass')}
      </Button>
    </form>
  );
};
