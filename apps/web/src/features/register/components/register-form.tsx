import { useQueryClient } from '@tanstack/react-query';
import type { RegisterRules } from '@tessera/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CaptchaField } from '../../../shared/account/captcha-field';
import { loadMemberInfo, storeSessionToken } from '../../../shared/account/member-session';
import { PhoneField } from '../../../shared/account/phone-field';
import { SmsCodeField } from '../../../shared/account/sms-code-field';
import { useCaptchaImage } from '../../../shared/account/use-captcha-image';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { decodeFieldError, toFormError, translateFieldError } from '../../../shared/forms/field-error';
import { phoneAuthKeyOf } from '../../../shared/forms/phone-auth-errors';
import { validateSmsCode } from '../../../shared/forms/phone-validation';
import { validateByRule } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { countdownSecondsOf } from '../../../shared/hooks/throttle';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { getBotCheck } from '../../../shared/security/bot-check';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { CheckboxField } from '../../../shared/ui/form/checkbox-field';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { checkAffiliate } from '../api/check-affiliate';
import { registerByUsername } from '../api/register';
import { registerByMobile } from '../api/register-mobile';
import { sendRegisterCode } from '../api/send-register-code';
import { TERMS_AGE } from '../birthday';
import { planRegisterForm, type RegisterMode, ruleOf } from '../register-plan';
import {
  buildRegistrationBody,
  type RegisterTextField,
  type RegisterValues,
  registerFieldNamesOf,
  ruleMessageOf,
  validateBirthday,
} from '../registration-body';
import { OptionalField } from './optional-field';
import styles from './register-dialog.module.css';

const phoneFields: ReadonlySet<string> = new Set(['mobileNum', 'verificationCode']);

/** The invitation code's refusals: unknown, or its agent frozen (decision 0089). */
const invitationCodes: ReadonlySet<string> = new Set(['invitation_code_error', 'invitation_code_suspended']);

/** Invitation-code failures are warnings (spec section 8), other field errors errors. */
const isWarning = (message: string | undefined) =>
  message !== undefined && invitationCodes.has(decodeFieldError(message).code);

export interface RegisterFormProps {
  mode: RegisterMode;
  rules: RegisterRules;
  onLogin: () => void;
}

/**
 * One registration form (spec sections 4 and 5): the fields the plan says, each checked by the merchant's rule
 * as the server checks it; the terms box first; the invitation code verified before registering; then the
 * sealed registration, which logs the new member in.
 */
export const RegisterForm = ({ mode, rules, onLogin }: RegisterFormProps) => {
  const { t } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const flags = usePublicStore((state) => state.whitelabel);
  const referralCode = useShellStore((state) => state.referralCode);
  const linkAffiliateCode = useShellStore((state) => state.affiliateCode);
  const closeDialog = useShellStore((state) => state.closeDialog);
  const plan = planRegisterForm(mode, flags, rules);
  const captcha = useCaptchaImage();
  const [formError, setFormError] = useState<string | null>(null);
  const [sendWarning, setSendWarning] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    defaultValues: {
      termsAccepted: false,
      ...(linkAffiliateCode ? { affiliateCode: linkAffiliateCode } : {}),
    } as RegisterValues,
  });

  const hasCaptcha = plan.captcha !== null;
  const refreshCaptcha = captcha.refresh;
  useEffect(() => {
    if (hasCaptcha) refreshCaptcha();
  }, [hasCaptcha, refreshCaptcha]);

  const idOf = (name: string) => `register-${mode}-${name}`;
  const fieldNames = registerFieldNamesOf(plan);
  /** The rule of a field in words ("6–16 characters, starting with a letter"), shown before anything is typed. */
  const ruleHint = (name: 'username' | 'password') => {
    const rule = ruleOf(rules, name);
    return rule ? translateFieldError(tErrors, ...ruleMessageOf(rule)) : undefined;
  };

  const validateMobile = (value: unknown) => {
    const result = validateByRule(ruleOf(rules, 'mobileNum'), { required: plan.mobile === 'required' })(value);
    return result === 'not_empty' ? 'auth/missing-phone-number' : result;
  };

  const showServerErrors = (error: unknown, setAlert: (code: string) => void) => {
    if (!isApiError(error)) {
      setAlert(errorKeyOf(error));
      return;
    }
    const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
      fields: fieldNames,
      aliases: { mobileNo: 'mobileNum' },
      codeOf: (code, field) => (phoneFields.has(field) ? phoneAuthKeyOf(code, field) : code),
    });
    if (error.fieldErrors.length === 0) setAlert(error.code);
    else if (unmatched[0]) setAlert(unmatched[0].code);
  };

  const handleSend = async (): Promise<number | null> => {
    setSendWarning(null);
    const { mobileNum, countryDialingCode } = getValues();
    try {
      const sent = await sendRegisterCode(
        { mobileNo: mobileNum.trim(), countryDialingCode, botCheck: await getBotCheck() },
        mode === 'mobile' ? 'MOBILENUMREG3' : 'REGMOBVERF3',
      );
      return countdownSecondsOf(sent.expiredMinutes);
    } catch (error) {
      // Spec section 8: an SMS request failure shows the server's message as a warning.
      showServerErrors(error, (code) => setSendWarning(phoneAuthKeyOf(code)));
      return null;
    }
  };

  const onValid = async (values: RegisterValues) => {
    setFormError(null);
    const affiliateCode = plan.optional.some((field) => field.name === 'affiliateCode')
      ? (values.affiliateCode?.trim() ?? '')
      : '';
    // Spec section 4: a filled invitation code is verified first; a failure stops here, as a warning.
    if (affiliateCode) {
      try {
        await checkAffiliate(affiliateCode, window.location.hostname);
      } catch (error) {
        if (isApiError(error) && invitationCodes.has(error.code)) {
          setError('affiliateCode', toFormError({ code: error.code }), { shouldFocus: true });
        } else {
          setFormError(errorKeyOf(error));
        }
        return;
      }
    }
    try {
      const body = buildRegistrationBody(plan, values, {
        referralCode,
        domain: window.location.hostname,
        registerUrl: window.location.href,
        botCheck: await getBotCheck(),
      });
      const value = mode === 'mobile' ? await registerByMobile(body) : await registerByUsername(body);
      storeSessionToken(value.token);
      await loadMemberInfo(queryClient, { firstTimeLogin: value.firstTimeLogin });
      closeDialog();
      navigateQuietly(navigate('/'));
    } catch (error) {
      if (isApiError(error) && (error.code === 'captcha_invalid' || error.code === 'captcha_required')) {
        setValue('captcha', '');
        captcha.refresh();
        setError('captcha', toFormError({ code: error.code }), { shouldFocus: true });
        return;
      }
      showServerErrors(error, setFormError);
    }
  };

  // Spec section 4 "Register": the terms must be ticked, then the form is validated.
  const handleFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!getValues('termsAccepted')) {
      event.preventDefault();
      clearErrors();
      setError('termsAccepted', toFormError({ code: 'must_agree_terms' }), { shouldFocus: true });
      return;
    }
    void handleSubmit(onValid)(event);
  };

  const fieldError = (name: RegisterTextField) => errors[name];
  // Built where they appear, so that fields register in the order shown and focus finds the first invalid one.
  const renderMobile = () =>
    plan.mobile !== 'none' ? (
      <PhoneField
        key="mobile"
        id={idOf('mobileNum')}
        isRequired={plan.mobile === 'required'}
        isAutoFocus={mode === 'mobile'}
        error={fieldError('mobileNum')}
        onDefaultDialingCode={(code) => {
          if (!getValues('countryDialingCode')) setValue('countryDialingCode', code);
        }}
        dialingCode={register('countryDialingCode')}
        number={register('mobileNum', { validate: validateMobile })}
      />
    ) : null;
  const renderSms = () =>
    plan.hasSmsCode ? (
      <SmsCodeField
        key="sms"
        id={idOf('verificationCode')}
        error={fieldError('verificationCode')}
        onBeforeSend={() => trigger('mobileNum')}
        onSend={handleSend}
        {...register('verificationCode', { validate: validateSmsCode })}
      />
    ) : null;

  return (
    <form className={formStyles.form} onSubmit={handleFormSubmit} noValidate data-form={`register-${mode}`}>
      {plan.hasUsername ? (
        <TextField
          id={idOf('username')}
          label={t('in_increase_username')}
          hint={ruleHint('username')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={ruleOf(rules, 'username')?.maxLength}
          isRequired
          data-autofocus=""
          error={fieldError('username')}
          {...register('username', { validate: validateByRule(ruleOf(rules, 'username'), { required: true }) })}
        />
      ) : null}
      {mode === 'mobile' ? [renderMobile(), renderSms()] : null}
      {plan.hasPassword ? (
        <>
          <PasswordField
            id={idOf('password')}
            label={t('in_increase_password')}
            hint={ruleHint('password')}
            autoComplete="new-password"
            maxLength={128}
            isRequired
            error={fieldError('password')}
            {...register('password', {
              validate: validateByRule(ruleOf(rules, 'password'), { required: true, trim: false }),
            })}
          />
          <PasswordField
            id={idOf('confirmPassword')}
            label={t('in_increase_verifyPwd')}
            autoComplete="new-password"
            maxLength={128}
            isRequired
            error={fieldError('confirmPassword')}
            {...register('confirmPassword', {
              validate: (value, all) => (value === all.password ? true : 'inconsistent_twice'),
            })}
          />
        </>
      ) : null}
      {mode === 'username' ? [renderMobile(), renderSms()] : null}
      <FormError code={sendWarning} tone="warning" />
      {plan.optional.map(({ name, rule }) => (
        <OptionalField
          key={name}
          name={name}
          rule={rule}
          idPrefix={`register-${mode}`}
          error={fieldError(name)}
          errorTone={isWarning(fieldError(name)?.message) ? 'warning' : 'error'}
          registration={register(name as Path<RegisterValues>, {
            validate:
              name === 'birthday' ? validateBirthday(rule) : validateByRule(rule, { trim: name !== 'paymentPassword' }),
          })}
        />
      ))}
      {plan.captcha ? (
        <CaptchaField
          id={idOf('captcha')}
          captcha={captcha}
          error={fieldError('captcha')}
          {...register('captcha', { validate: validateByRule(plan.captcha, { required: true }) })}
        />
      ) : null}
      <CheckboxField
        id={idOf('terms')}
        error={errors.termsAccepted}
        label={
          <Trans
            t={t}
            i18nKey="local_terms_content"
            values={{ age: TERMS_AGE }}
            components={{
              terms: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
                <a href="/help#term" target="_blank" rel="noopener" className={styles.termsLink} />
              ),
            }}
          />
        }
        {...register('termsAccepted')}
      />
      <FormError code={formError} />
      <Button type="submit" size="lg" isBlock disabled={isSubmitting}>
        {isSubmitting ? t('in_registering') : t('hd_sign_button')}
      </Button>
      <p className={formStyles.switchLine}>
        <span>{t('in_already_account')}</span>
        <button type="button" className={formStyles.linkButton} onClick={onLogin}>
          {t('hd_login_button')}
        </button>
      </p>
    </form>
  );
};
