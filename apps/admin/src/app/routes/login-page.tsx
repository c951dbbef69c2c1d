import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/session/components/login-form';
import { readSessionToken } from '../../shared/api/session-token';
import { Alert } from '../../shared/ui/alert';
import { PreferencesBar } from '../layouts/preferences-bar';
import styles from './login-page.module.css';

/** Only paths inside the back office are followed after sign-in. */
const safeNext = (next: string | null): string =>
  next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/';

export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get('next'));
  if (readSessionToken()) return <Navigate to={next} replace />;
  return (
    <div className={styles.page}>
      <div className={styles.preferences}>
        <PreferencesBar />
      </div>
      <main className={styles.card}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            T
          </span>
          <div>
            <h1 className={styles.title}>{t('login.title')}</h1>
            <p className={styles.subtitle}>{t('login.subtitle')}</p>
          </div>
        </div>
        {searchParams.get('expired') ? <Alert tone="warning" title={t('login.expired')} /> : null}
        <LoginForm onSignedIn={() => void navigate(next, { replace: true })} />
      </main>
      <p className={styles.footnote}>{t('login.footnote')}</p>
    </div>
  );
};
