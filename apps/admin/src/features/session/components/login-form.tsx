import { adminEndpoints, type Operator } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { type LoginInput, useLogin } from '../api/login';
import styles from './login-form.module.css';

export interface LoginFormProps {
  onSignedIn: (operator: Operator) => void;
}

const loginRequestSchema = adminEndpoints.login.request;

export const LoginForm = ({ onSignedIn }: LoginFormProps) => {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: contractResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  const handleLogin = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const { operator } = await loginMutation.mutateAsync(input);
      onSignedIn(operator);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        applyServerFieldErrors(setError, error.fieldErrors);
      } else {
        setFormError(errorCodeOf(error));
      }
    }
  });

  return (
    <form className={styles.form} onSubmit={handleLogin} noValidate>
      {formError ? (
        <Alert tone="danger" title={t(`errors.${formError}`, { defaultValue: t('errors.unknown_error') })}>
          {formError === 'operator_login_failed' ? t('login.failedHint') : null}
          {formError === 'too_many_requests' ? t('login.tooManyHint') : null}
        </Alert>
      ) : null}
      <Field label={t('login.username')} htmlFor="login-username" error={errors.username} isRequired>
        <input
          id="login-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'login-username-error' : undefined}
          {...register('username')}
        />
      </Field>
      <Field label={t('login.password')} htmlFor="login-password" error={errors.password} isRequired>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
      </Field>
      <Button type="submit" variant="primary" isBusy={loginMutation.isPending} className={styles.submit}>
        {t('login.submit')}
      </Button>
    </form>
  );
};
