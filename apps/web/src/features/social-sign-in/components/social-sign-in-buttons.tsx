import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button/button';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextDivider } from '../../../shared/ui/text-divider/text-divider';
import { startSocialSignIn, useSocialSignInProviders } from '../api/social-sign-in-api';
import styles from './social-sign-in.module.css';

/**
 * A button per enabled OpenID Connect provider of the merchant (decision 0165), on login and registration: the
 * server starts the flow and the whole page goes to the provider, which sends it back to /social-sign-in/callback.
 */
export const SocialSignInButtons = () => {
  const { t } = useTranslation('social-sign-in');
  const providers = useSocialSignInProviders();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const list = providers.data?.list ?? [];
  if (list.length === 0) return null;

  const handleStart = async (providerId: string) => {
    setBusyId(providerId);
    setErrorCode(null);
    try {
      const { authorizationUrl } = await startSocialSignIn(providerId);
      window.location.assign(authorizationUrl);
    } catch (error) {
      setErrorCode(errorKeyOf(error));
      setBusyId(null);
    }
  };

  return (
    <section className={styles.section} aria-label={t('continue_with_heading')}>
      <TextDivider>{t('continue_with_heading')}</TextDivider>
      <FormError code={errorCode} />
      <div className={styles.buttons}>
        {list.map((provider) => (
          <Button
            key={provider.id}
            variant="outline"
            size="lg"
            isBlock
            disabled={busyId !== null}
            onClick={() => void handleStart(provider.id)}
            data-social-provider={provider.id}
          >
            {t('continue_with', { name: provider.name })}
          </Button>
        ))}
      </div>
    </section>
  );
};
