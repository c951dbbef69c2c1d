import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRegisterSettings } from '../../../shared/account/get-register-settings';
import { PhoneField } from '../../../shared/account/phone-field';
import { SmsCodeField } from '../../../shared/account/sms-code-field';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { phoneAuthKeyOf } from '../../../shared/forms/phone-auth-errors';
import { validateMobileNumber, validateSmsCode } from '../../../shared/forms/phone-validation';
import { validateByRule } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { countdownSecondsOf } from '../../../shared/hooks/throttle';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { getBotCheck } from '../../../shared/security/bot-check';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField } from '../../../shared/ui/form/text-field';
import { sendSmsLoginCode } from '../api/send-sms-login-code';
import { setPasswordByPhone } from '../api/set-password-by-phone';
import { useAutoLogin } from '../use-auto-login';

interface ForgotByPhoneValues {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}

const fields = ['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const;

/**
 * Forgot password by phone (spec section 4): the SMS code (purpose reset), the new password, then an
 * automatic login with it and home.
 */
export const ForgotByPhoneForm = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const autoLogin = useAutoLogin();
  const rules = useRegisterSettings().data;
  const [formError, setFormError] = useState<string | null>(null);
  const [sendWarning, setSendWarning] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<ForgotByPhoneValues>({
    defaultValues: {
      countryDialingCode: '',
      mobileNum: '',
      verificationCode: '',
      newPassword: '',
      confirmNewPassword: '',
    },
  });

  const showError = (error: unknown, setAlert: (code: string) => void) => {
    if (!isApiError(error)) {
      setAlert(phoneAuthKeyOf(errorKeyOf(error)));
      return;
    }
    const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
      fields,
      codeOf: (code, field) => phoneAuthKeyOf(code, field),
    });
    if (error.fieldErrors.length === 0 || unmatched.length > 0) setAlert(phoneAuthKeyOf(error.code));
  };

  const handleSend = async (): Promise<number | null> => {
    setSendWarning(null);
    const { mobileNum, countryDialingCode } = getValues();
    try {
      const sent = await sendSmsLoginCode({
        mobileNum: mobileNum.trim(),
        countryDialingCode,
        purpose: 'reset',
        botCheck: await getBotCheck(),
      });
      return countdownSecondsOf(sent.expiredMinutes);
    } catch (error) {
      showError(error, setSendWarning);
      return null;
    }
  };

  const onSubmit = async (values: ForgotByPhoneValues) => {
    setFormError(null);
    let account: string;
    try {
      ({ account } = await setPasswordByPhone({
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: values.countryDialingCode,
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      }));
    } catch (error) {
      showError(error, setFormError);
      return;
    }
    try {
      await autoLogin(account, values.newPassword);
      navigateQuietly(navigate('/'));
    } catch (error) {
      setFormError(errorKeyOf(error));
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="forgot-phone">
      <PhoneField
        id="forgot-mobile"
        isRequired
        isAutoFocus
        error={errors.mobileNum}
        onDefaultDialingCode={(code) => {
          if (!getValues('countryDialingCode')) setValue('countryDialingCode', code);
        }}
        dialingCode={register('countryDialingCode')}
        number={register('mobileNum', { validate: validateMobileNumber })}
      />
      <SmsCodeField
        id="forgot-code"
        error={errors.verificationCode}
        onBeforeSend={() => trigger('mobileNum')}
        onSend={handleSend}
        {...register('verificationCode', { validate: validateSmsCode })}
      />
      <FormError code={sendWarning} tone="warning" />
      <PasswordField
        id="forgot-new-password"
        label={t('new_password')}
        autoComplete="new-password"
        maxLength={128}
        isRequired
        error={errors.newPassword}
        {...register('newPassword', { validate: validateByRule(rules?.password, { required: true, trim: false }) })}
      />
      <PasswordField
        id="forgot-confirm-password"
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
