import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorLike } from '../ui/form/field-message';
import { TextField } from '../ui/form/text-field';
import { RefreshIcon } from '../ui/icons/icons';
import styles from './account-fields.module.css';
import type { CaptchaImage } from './use-captcha-image';

export interface CaptchaFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  id: string;
  captcha: CaptchaImage;
  error?: FieldErrorLike | undefined;
}

/** The captcha input with its image; clicking the image or the refresh button asks for a new one. */
export const CaptchaField = ({ id, captcha, error, ...input }: CaptchaFieldProps) => {
  const { t } = useTranslation();
  const loadError = captcha.errorCode ? { message: captcha.errorCode } : undefined;
  return (
    <TextField
      id={id}
      label={t('in_increase_captcha')}
      isRequired
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={12}
      error={error ?? loadError}
      addon={
        <div className={styles.captcha}>
          <button
            type="button"
            className={styles.captchaImage}
            onClick={captcha.refresh}
            aria-label={t('captcha_refresh')}
            data-captcha-image=""
          >
            {captcha.image ? <img src={captcha.image} alt={t('captcha_image')} width={120} height={44} /> : null}
          </button>
          <button
            type="button"
            className={styles.iconButton}
            onClick={captcha.refresh}
            aria-label={t('captcha_refresh')}
            title={t('captcha_refresh')}
            disabled={captcha.isLoading}
          >
            <RefreshIcon />
          </button>
        </div>
      }
      {...input}
    />
  );
};
