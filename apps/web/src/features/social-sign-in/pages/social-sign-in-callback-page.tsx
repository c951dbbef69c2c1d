import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loadMemberInfo, storeSessionToken } from '../../../shared/account/member-session';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { FormError } from '../../../shared/ui/form/form-error';
import { finishSocialSignIn } from '../api/social-sign-in-api';
import styles from '../components/social-sign-in.module.css';

export interface SocialSignInCallbackPageProps {
  /**
   * The step for a sign-in the server held back (two-factor on), composed by the app layer from the login's own
   * verification step (features never import each other); null when the refusal is not a held login.
   */
  heldLoginStep?: (refusal: unknown, handlers: { onBack: () => void; onSignedIn: () => void }) => ReactNode;
}

/**
 * /social-sign-in/callback: where the provider sends the browser back (decision 0165). Hands the answer to the
 * server once, then lands signed in (or linked) on the home page; a held sign-in asks for the second factor as the
 * login does (decision 0172); a refusal is shown translated with a way back to the login.
 */
export const SocialSignInCallbackPage = ({ heldLoginStep }: SocialSignInCallbackPageProps) => {
  const { t } = useTranslation('social-sign-in');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openDialog = useShellStore((state) => state.openDialog);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [linked, setLinked] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ error: unknown } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const query = location.search.replace(/^\?/, '');
    // Telegram's login data comes back in the fragment, which never reaches a server by itself (decision 0173).
    const telegramResult = new URLSearchParams(location.hash.replace(/^#/, '')).get('tgAuthResult') ?? undefined;
    if (!query) {
      setErrorCode('social_sign_in_state_invalid');
      return;
    }
    void (async () => {
      try {
        const result = await finishSocialSignIn(query, telegramResult);
        if (result.outcome === 'linked') {
          setLinked(result.link.providerName);
          return;
        }
        storeSessionToken(result.login.token);
        await loadMemberInfo(queryClient, { firstTimeLogin: result.login.firstTimeLogin });
        navigate('/', { replace: true });
      } catch (error) {
        setRefusal({ error });
        setErrorCode(errorKeyOf(error));
      }
    })();
  }, [location.search, location.hash, navigate, queryClient]);

  const handleBackToLogin = () => {
    navigate('/', { replace: true });
    openDialog('login');
  };

  const held =
    refusal && heldLoginStep
      ? heldLoginStep(refusal.error, { onBack: handleBackToLogin, onSignedIn: () => navigate('/', { replace: true }) })
      : null;

  return (
    <div className={styles.page} data-social-callback="">
      {held ? (
        <>
          <h1>{t('login_2fa_pass', { ns: 'common' })}</h1>
          <div className={styles.held}>{held}</div>
        </>
      ) : errorCode ? (
        <>
          <h1>{t('failed_title')}</h1>
          <FormError code={errorCode} />
          <Button variant="primary" onClick={handleBackToLogin}>
            {t('back_to_login')}
          </Button>
        </>
      ) : linked ? (
        <>
          <h1>{t('linked_title')}</h1>
          <p className={styles.muted}>{t('linked_text', { name: linked })}</p>
          <Button variant="primary" onClick={() => navigate('/', { replace: true })}>
            {t('back_home')}
          </Button>
        </>
      ) : (
        <p className={styles.muted} role="status">
          {t('signing_in')}
        </p>
      )}
    </div>
  );
};
