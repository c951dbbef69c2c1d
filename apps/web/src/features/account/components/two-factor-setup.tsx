import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { QrCode } from '../../../shared/ui/qr-code/qr-code';
import { enableTwoFactor } from '../api/enable-two-factor';
import { startTwoFactor } from '../api/start-two-factor';
import styles from './security-center.module.css';

interface EnrolValues {
  code: string;
}

const validateTotp = (value: string): true | string => {
  const code = value.trim();
  if (code === '') return 'enter_verification_code';
  return /^[0-9]{6}$/.test(code) ? true : 'verification_code_invalid';
};

export interface TwoFactorSetupProps {
  /** Enrolment confirmed: the ten recovery codes, to be shown once. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/** Authenticator enrolment: a new secret as a QR code and as text, confirmed with a current code. */
export const TwoFactorSetup = ({ onEnabled }: TwoFactorSetupProps) => {
  const { t } = useTranslation('account');
  const [secret, setSecret] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnrolValues>({ defaultValues: { code: '' } });

  useEffect(() => {
    let isCurrent = true;
    startTwoFactor().then(
      (value) => {
        if (isCurrent) setSecret(value);
      },
      (error: unknown) => {
        if (isCurrent) setLoadError(errorKeyOf(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  const onSubmit = async (values: EnrolValues) => {
    setFormError(null);
    try {
      const { recoveryCodes } = await enableTwoFactor(values.code.trim());
      onEnabled(recoveryCodes);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields: ['code'] });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  if (loadError) return <FormError code={loadError} />;
  if (!secret) return <InlineLoader label={t('in_loading', { ns: 'common' })} />;

  return (
    <>
      <ol className={styles.steps}>
        <li>{t('two_factor_step_install')}</li>
        <li>{t('two_factor_step_scan')}</li>
        <li>{t('two_factor_step_code')}</li>
      </ol>
      <div className={styles.qrRow}>
        <QrCode className={styles.qr} value={secret.otpauthUri} label={t('two_factor_qr_label')} />
        <div className={styles.secret}>
          <span className={formStyles.hint}>{t('two_factor_secret_label')}</span>
          <p className={styles.code} data-totp-secret="">
            {secret.secret}
          </p>
        </div>
      </div>
      <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="two-factor-enable">
        <TextField
          id="two-factor-enable-code"
          label={t('ga_ver_code', { ns: 'common' })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          isRequired
          error={errors.code}
          {...register('code', { validate: validateTotp })}
        />
        <FormError code={formError} />
        <Button type="submit" isBlock disabled={isSubmitting}>
          {t('two_factor_enable_submit')}
        </Button>
      </form>
    </>
  );
};
