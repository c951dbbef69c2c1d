import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { UsersIcon } from '../../../shared/ui/icons/icons';
import { AffiliateApplication } from '../components/affiliate-application';
import styles from './agent-page.module.css';

/**
 * /agent: the agent landing; agents sign in here and continue to /agentHome. A signed-in member who is no agent
 * finds the affiliate application here.
 */
export const AgentPage = () => {
  const { t } = useTranslation('agents');
  const openDialog = useShellStore((state) => state.openDialog);
  const isLogin = usePublicStore((state) => state.isLogin);
  const handleLogin = () => openDialog('login');
  return (
    <section className={styles.landing} aria-labelledby="agent-title">
      <span className={styles.icon}>
        <UsersIcon />
      </span>
      <h1 id="agent-title" className={styles.title}>
        {t('agent_center')}
      </h1>
      {isLogin ? (
        <div className={styles.application}>
          <AffiliateApplication />
        </div>
      ) : (
        <>
          <p className={styles.text}>{t('agent_login_hint')}</p>
          <Button size="lg" onClick={handleLogin}>
            {t('hd_login_button', { ns: 'common' })}
          </Button>
        </>
      )}
    </section>
  );
};
