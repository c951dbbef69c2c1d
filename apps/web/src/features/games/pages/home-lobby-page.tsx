import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { gameTypeLabelKeys } from '../game-types';
import styles from './home-lobby-page.module.css';

export interface HomeLobbyPageProps {
  siteName: string;
}

/**
 * The home lobby (/, /index, /index.html, /home, and under the /login, /register and /help popups). Banners,
 * notices, game sections and the winners board come with the catalogue and content issues; until then the
 * lobby shows its frame and the platform's empty state.
 */
export const HomeLobbyPage = ({ siteName }: HomeLobbyPageProps) => {
  const { t } = useTranslation();
  const isLogin = usePublicStore((state) => state.isLogin);
  const setCurrentGameType = usePublicStore((state) => state.setCurrentGameType);
  const openDialog = useShellStore((state) => state.openDialog);
  useEffect(() => {
    setCurrentGameType('HOME');
  }, [setCurrentGameType]);

  const handleRegister = () => openDialog('register');
  const handleLogin = () => openDialog('login');

  return (
    <div className={styles.lobby}>
      <section className={styles.hero} aria-labelledby="lobby-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('local_lobby')}</p>
          <h1 id="lobby-title" className={styles.heroTitle}>
            {t('welcome_to_site', { name: siteName })}
          </h1>
        </div>
        {isLogin ? null : (
          <div className={styles.heroActions}>
            <Button size="lg" onClick={handleRegister}>
              {t('in_register_now')}
            </Button>
            <Button size="lg" variant="secondary" onClick={handleLogin}>
              {t('hd_login_button')}
            </Button>
          </div>
        )}
      </section>

      <nav className={styles.gameMenu} aria-label={t('local_header_games')}>
        <span className={styles.gameMenuItem} aria-current="page">
          {t(gameTypeLabelKeys.HOME)}
        </span>
      </nav>

      <EmptyState />
    </div>
  );
};
