import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../../shared/account/phone-field';
import { SmsCodeField } from '../../../shared/account/sms-code-field';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { toFormError } from '../../../shared/forms/field-error';
import { phoneAuthKeyOf } from '../../../shared/forms/phone-auth-errors';
import { validateMobileNumber, validateSmsCode } from '../../../shared/forms/phone-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { countdownSecondsOf } from '../../../shared/hooks/throttle';
import { getBotCheck } from '../../../shared/security/bot-check';
import { Button } from '../../../shared/ui/button/button';
import { CheckboxField } from '../../../shared/ui/form/checkbox-field';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { login } from '../api/login';
import { sendSmsLoginCode } from '../api/send-sms-login-code';
import { type LoginContext, pendingVerificationOf } from '../login-errors';
import { useLoginFlowStore } from '../login-flow-store';
import { readRememberedSms } from '../remember-me';
import { useCompleteLogin } from '../use-complete-login';

interface SmsLoginValues {
  countryDialingCode: string;
  mobileNum: string;
  code: string;
  remember: boolean;
}

/** Codes of an SMS login that belong under the code input rather than above the button. */
const codeFieldCodes: ReadonlySet<string> = new Set([
  'verification_code_invalid',
  'verification_code_expired',
  'enter_verification_code',
]);

export interface SmsLoginFormProps {
  agentLogin: boolean;
}

/** Login by mobile number and SMS code (MOBILEVERCODELOGIN3); no bot check, the code proves possession. */
export const SmsLoginForm = ({ agentLogin }: SmsLoginFormProps) => {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const setPending = useLoginFlowStore((state) => state.setPending);
  const [formError, setFormError] = useState<string | null>(null);
  const [sendWarning, setSendWarning] = useState<string | null>(null);
  const [remembered] = useState(readRememberedSms);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<SmsLoginValues>({
    defaultValues: {
      countryDialingCode: remembered?.countryDialingCode ?? '',
      mobileNum: remembered?.mobileNum ?? '',
      code: '',
      remember: remembered !== null,
    },
  });

  const handleDefaultDialingCode = (code: string) => {
    if (!getValues('countryDialingCode')) setValue('countryDialingCode', code);
  };

  const showPhoneError = (error: unknown) => {
    if (!isApiError(error)) {
      setSendWarning(phoneAuthKeyOf(errorKeyOf(error)));
      return;
    }
    const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
      fields: ['mobileNum', 'code'],
      aliases: { username: 'mobileNum', password: 'code' },
      codeOf: (code, field) => phoneAuthKeyOf(code, field),
    });
    if (error.fieldErrors.length === 0 || unmatched.length > 0) setSendWarning(phoneAuthKeyOf(error.code));
  };

  const handleSend = async (): Promise<number | null> => {
    setSendWarning(null);
    const { mobileNum, countryDialingCode } = getValues();
    try {
      const sent = await sendSmsLoginCode({
        mobileNum: mobileNum.trim(),
        countryDialingCode,
        purpose: 'login',
        botCheck: await getBotCheck(),
      });
      return countdownSecondsOf(sent.expiredMinutes);
    } catch (error) {
      // Spec section 8: an SMS request failure shows the server's message as a warning.
      showPhoneError(error);
      return null;
    }
  };

  const onSubmit = async (values: SmsLoginValues) => {
    setFormError(null);
    const mobileNum = values.mobileNum.trim();
    const context: LoginContext = {
      agentLogin,
      remember: {
        kind: 'sms',
        sms: { mobileNum, countryDialingCode: values.countryDialingCode },
        isOn: values.remember,
      },
    };
    try {
      const value = await login({
        username: mobileNum,
        password: values.code.trim(),
        type: 'sms',
        countryDialingCode: values.countryDialingCode,
        agentLogin,
      });
      await completeLogin(value, context);
    } catch (error) {
      const pending = pendingVerificationOf(error, context);
      if (pending) {
        setPending(pending);
        return;
      }
      if (isApiError(error) && codeFieldCodes.has(error.code)) {
        setError('code', toFormError({ code: phoneAuthKeyOf(error.code, 'code') }), { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
          fields: ['mobileNum', 'code'],
          aliases: { username: 'mobileNum', password: 'code' },
          codeOf: (code, field) => phoneAuthKeyOf(code, field),
        });
        if (unmatched.length === 0) return;
      }
      setFormError(phoneAuthKeyOf(errorKeyOf(error)));
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="login-sms">
      <PhoneField
        id="login-mobile"
        isRequired
        error={errors.mobileNum}
        onDefaultDialingCode={handleDefaultDialingCode}
        dialingCode={register('countryDialingCode')}
        isAutoFocus
        number={register('mobileNum', { validate: validateMobileNumber })}
      />
      <SmsCodeField
        id="login-sms-code"
        error={errors.code}
        onBeforeSend={() => trigger('mobileNum')}
        onSend={handleSend}
        {...register('code', { validate: validateSmsCode })}
      />
      <FormError code={sendWarning} tone="warning" />
      <CheckboxField id="login-sms-remember" label={t('in_remember_password')} {...register('remember')} />
      <FormError code={formError} />
      <Button type="submit" size="lg" isBlock disabled={isSubmitting}>
        {isSubmitting ? t('in_logging_in') : t('hd_login_button')}
      </Button>
    </form>
  );
};
