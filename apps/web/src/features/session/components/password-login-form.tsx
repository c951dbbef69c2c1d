import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../shared/account/captcha-field';
import { useCaptchaImage } from '../../../shared/account/use-captcha-image';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { toFormError } from '../../../shared/forms/field-error';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { getBotCheck } from '../../../shared/security/bot-check';
import { readSession } from '../../../shared/storage/browser-storage';
import { sessionKeys } from '../../../shared/storage/storage-keys';
import { Button } from '../../../shared/ui/button/button';
import { CheckboxField } from '../../../shared/ui/form/checkbox-field';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { login } from '../api/login';
import { type LoginContext, needsCaptcha, pendingVerificationOf } from '../login-errors';
import { useLoginFlowStore } from '../login-flow-store';
import { readRememberedUsername } from '../remember-me';
import { useCompleteLogin } from '../use-complete-login';

interface PasswordLoginValues {
  username: string;
  password: string;
  captcha: string;
  remember: boolean;
}

const fields = ['username', 'password', 'captcha'] as const;

export interface PasswordLoginFormProps {
  agentLogin: boolean;
  onForgotPassword: () => void;
}

/** Login by username and password (spec sections 4 and 5), with the captcha once the server asks for it. */
export const PasswordLoginForm = ({ agentLogin, onForgotPassword }: PasswordLoginFormProps) => {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const setPending = useLoginFlowStore((state) => state.setPending);
  const captcha = useCaptchaImage();
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [remembered] = useState(() => readRememberedUsername(readSession(sessionKeys.merchant) ?? ''));
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PasswordLoginValues>({
    defaultValues: { username: remembered ?? '', password: '', captcha: '', remember: remembered !== null },
  });

  const onSubmit = async (values: PasswordLoginValues) => {
    setFormError(null);
    const username = values.username.trim();
    const context: LoginContext = {
      agentLogin,
      remember: { kind: 'username', username, isOn: values.remember },
    };
    try {
      const value = await login({
        username,
        password: values.password,
        type: 'username',
        captcha: isCaptchaShown ? values.captcha.trim() : undefined,
        botCheck: await getBotCheck(),
        agentLogin,
      });
      await completeLogin(value, context);
    } catch (error) {
      const pending = pendingVerificationOf(error, context);
      if (pending) {
        setPending(pending);
        return;
      }
      // Step 6: a failure that carries the captcha shows it; each image is single use, so a new one comes.
      if (needsCaptcha(error)) {
        setCaptchaShown(true);
        setValue('captcha', '');
        captcha.refresh();
      }
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      if (error.code === 'captcha_required' || error.code === 'captcha_invalid') {
        setError('captcha', toFormError({ code: error.code }), { shouldFocus: true });
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="login-username">
      <TextField
        id="login-username"
        label={t('in_increase_username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        isRequired
        data-autofocus=""
        error={errors.username}
        {...register('username', { validate: validateRequired() })}
      />
      <PasswordField
        id="login-password"
        label={t('in_increase_password')}
        autoComplete="current-password"
        maxLength={128}
        isRequired
        error={errors.password}
        {...register('password', { validate: validateRequired('not_empty', false) })}
      />
      {isCaptchaShown ? (
        <CaptchaField
          id="login-captcha"
          captcha={captcha}
          error={errors.captcha}
          {...register('captcha', { validate: validateRequired('captcha_required') })}
        />
      ) : null}
      <div className={formStyles.row}>
        <CheckboxField id="login-remember" label={t('in_remember_password')} {...register('remember')} />
        <button type="button" className={formStyles.linkButton} onClick={onForgotPassword}>
          {t('in_forget_password')}
        </button>
      </div>
      <FormError code={formError} />
      <Button type="submit" size="lg" isBlock disabled={isSubmitting}>
        {isSubmitting ? t('in_logging_in') : t('hd_login_button')}
      </Button>
    </form>
  );
};
