import type { LoginVerifyMethod } from '@tessera/contracts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SmsCodeField } from '../../../shared/account/sms-code-field';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { toFormError } from '../../../shared/forms/field-error';
import { phoneAuthKeyOf } from '../../../shared/forms/phone-auth-errors';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { countdownSecondsOf } from '../../../shared/hooks/throttle';
import { useFocusFirst } from '../../../shared/hooks/use-focus-first';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { sendLoginVerifyCode } from '../api/send-login-verify-code';
import { verifyLogin } from '../api/verify-login';
import type { PendingVerification } from '../login-flow-store';
import { useCompleteLogin } from '../use-complete-login';
import { verifyMethodLabelKeys } from '../verify-methods';
import styles from './login-dialog.module.css';

interface VerifyValues {
  method: LoginVerifyMethod;
  code: string;
  payeeName: string;
}

/** Code failures that belong under the code input. */
const codeErrors: ReadonlySet<string> = new Set(['verification_code_invalid', 'verification_code_expired']);

export interface LoginVerifyStepProps {
  pending: PendingVerification;
  onBack: () => void;
  /** After the login completed (the social sign-in callback page leaves for home). */
  onSignedIn?: () => void;
}

/**
 * Step 7 of the login flow: a login from a new IP proves itself by an SMS or e-mail code, the bank account
 * name, or an authenticator; with two-factor on, only the authenticator (or a recovery code) will do.
 */
export const LoginVerifyStep = ({ pending, onBack, onSignedIn }: LoginVerifyStepProps) => {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirst(formRef);
  const [formError, setFormError] = useState<string | null>(null);
  const [sendWarning, setSendWarning] = useState<string | null>(null);
  const methods: readonly LoginVerifyMethod[] = pending.twoFactor ? ['totp'] : pending.methods;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<VerifyValues>({ defaultValues: { method: methods[0] ?? 'totp', code: '', payeeName: '' } });
  const method = watch('method');

  const handleSend = async (): Promise<number | null> => {
    if (method !== 'sms' && method !== 'email') return null;
    setSendWarning(null);
    try {
      const sent = await sendLoginVerifyCode({ verifyToken: pending.verifyToken, method });
      return countdownSecondsOf(sent.expiredMinutes);
    } catch (error) {
      setSendWarning(method === 'sms' ? phoneAuthKeyOf(errorKeyOf(error)) : errorKeyOf(error));
      return null;
    }
  };

  const onSubmit = async (values: VerifyValues) => {
    setFormError(null);
    try {
      const value = await verifyLogin({
        verifyToken: pending.verifyToken,
        method: values.method,
        ...(values.method === 'payee' ? { payeeName: values.payeeName.trim() } : { code: values.code.trim() }),
      });
      await completeLogin(value, { agentLogin: pending.agentLogin, remember: pending.remember });
      onSignedIn?.();
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const codeOf = (code: string) => (values.method === 'sms' ? phoneAuthKeyOf(code, 'code') : code);
      if (codeErrors.has(error.code) && values.method !== 'payee') {
        setError('code', toFormError({ code: codeOf(error.code) }), { shouldFocus: true });
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
        fields: ['method', 'code', 'payeeName'],
        codeOf,
      });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  const target = method === 'sms' ? pending.mobileMasked : method === 'email' ? pending.emailMasked : null;

  return (
    <form
      ref={formRef}
      className={formStyles.form}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      data-form="login-verify"
    >
      <Alert tone="info">{t(pending.twoFactor ? 'login_2fa_totp_tips' : 'login_2fa_tips')}</Alert>
      {methods.length > 1 ? (
        <fieldset className={formStyles.fieldset}>
          <legend className={formStyles.legend}>{t('in_please_ways')}</legend>
          <div className={styles.methods}>
            {methods.map((option) => (
              <label key={option} className={styles.method}>
                <input type="radio" value={option} {...register('method')} />
                <span>{t(verifyMethodLabelKeys[option])}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {target ? <p className={styles.target}>{t('login_2fa_sent_to', { target: `\u2066${target}\u2069` })}</p> : null}
      {method === 'sms' || method === 'email' ? (
        <SmsCodeField
          key={method}
          id="login-verify-code"
          label={t('login_2fa_vcode')}
          data-autofocus=""
          error={errors.code}
          onSend={handleSend}
          {...register('code', { validate: validateRequired('enter_verification_code') })}
        />
      ) : null}
      {method === 'payee' ? (
        <TextField
          key={method}
          id="login-verify-payee"
          label={t('login_2fa_payee')}
          hint={t('login_2fa_payee_tips')}
          autoComplete="name"
          isRequired
          data-autofocus=""
          error={errors.payeeName}
          {...register('payeeName', { validate: validateRequired() })}
        />
      ) : null}
      {method === 'totp' ? (
        <TextField
          key={method}
          id="login-verify-totp"
          label={t(pending.twoFactor ? 'ga_or_recovery_code' : 'ga_ver_code')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          isRequired
          data-autofocus=""
          error={errors.code}
          {...register('code', { validate: validateRequired('enter_verification_code') })}
        />
      ) : null}
      <FormError code={sendWarning} tone="warning" />
      <FormError code={formError} />
      <Button type="submit" size="lg" isBlock disabled={isSubmitting}>
        {isSubmitting ? t('in_verifying') : t('in_verify_submit')}
      </Button>
      <p className={formStyles.switchLine}>
        <button type="button" className={formStyles.linkButton} onClick={onBack}>
          {t('back_to_login')}
        </button>
      </p>
    </form>
  );
};
