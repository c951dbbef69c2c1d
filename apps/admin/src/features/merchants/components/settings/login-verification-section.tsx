import { loginVerifyMethods } from '@tessera/contracts';
import { Controller, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../shared/ui/alert';
import { Badge } from '../../../../shared/ui/badge';
import { FieldErrorText } from '../../../../shared/ui/field-error-text';
import { Panel } from '../../../../shared/ui/panel';
import {
  isNewIpVerificationOn,
  NEW_IP_VERIFICATION_MODULE,
  toggleLoginVerifyMethod,
} from '../../lib/login-verification';
import styles from './login-verification-section.module.css';
import { useSettingsForm } from './use-settings-form';

export interface LoginVerificationSectionProps {
  isReadOnly: boolean;
}

/** Which proofs a member may give when it signs in from an IP it has never used (`loginVerification.methods`). */
export const LoginVerificationSection = ({ isReadOnly }: LoginVerificationSectionProps) => {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useSettingsForm();
  const whitelabel = useWatch({ control, name: 'whitelabel' });
  const isModuleOn = isNewIpVerificationOn(whitelabel);

  return (
    <Panel
      id="section-loginVerification"
      title={t('settings.loginVerification.title')}
      description={t('settings.loginVerification.description')}
      badge={
        isModuleOn ? (
          <Badge tone="success">{t('settings.loginVerification.moduleOn')}</Badge>
        ) : (
          <Badge tone="neutral">{t('settings.loginVerification.moduleOff')}</Badge>
        )
      }
    >
      {isModuleOn ? null : (
        <div data-testid="login-verification-module-off">
          <Alert tone="info">
            {t('settings.loginVerification.moduleOffHint', {
              module: t(`modules.${NEW_IP_VERIFICATION_MODULE}`),
              code: NEW_IP_VERIFICATION_MODULE,
            })}
          </Alert>
        </div>
      )}
      <Controller
        control={control}
        name="loginVerification.methods"
        render={({ field }) => {
          const methods = field.value ?? [];
          return (
            <>
              <fieldset className={styles.options} data-testid="login-verification-methods">
                <legend className={styles.legend}>{t('settings.loginVerification.methods')}</legend>
                {loginVerifyMethods.map((method) => {
                  const isChecked = methods.includes(method);
                  return (
                    <label key={method} className={styles.option} data-checked={isChecked || undefined}>
                      <input
                        type="checkbox"
                        name={`loginVerification.methods.${method}`}
                        checked={isChecked}
                        disabled={isReadOnly}
                        onChange={(event) =>
                          field.onChange(toggleLoginVerifyMethod(methods, method, event.target.checked))
                        }
                        onBlur={field.onBlur}
                      />
                      <span className={styles.optionText}>
                        <span className={styles.optionTitle}>{t(`settings.loginVerification.${method}`)}</span>
                        <span className={styles.optionHint}>{t(`settings.loginVerification.${method}Hint`)}</span>
                      </span>
                    </label>
                  );
                })}
              </fieldset>
              {methods.length === 0 ? (
                <Alert tone="warning" title={t('settings.loginVerification.noneTitle')}>
                  {t('settings.loginVerification.noneText')}
                </Alert>
              ) : null}
            </>
          );
        }}
      />
      <FieldErrorText error={get(errors, 'loginVerification.methods')} />
      <p className={styles.note}>{t('settings.loginVerification.rules')}</p>
    </Panel>
  );
};
