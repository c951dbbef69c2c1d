import { Fragment, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { InlineLoader } from '../../shared/ui/loading-cover/loading-cover';
import { mainViewKeyOf } from '../route-rules';
import styles from './agent-layout.module.css';
import { Brand } from './brand';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

/**
 * The separate agent layout (/agent, /agentHome): none of the member site's side menu, header or footer;
 * only a slim bar with the merchant's mark and the language and theme controls.
 */
export const AgentLayout = () => {
  const location = useLocation();
  const siteName = useSiteConfig().info.site.name;
  return (
    <div className={styles.shell} data-shell="agent-layout">
      <div className={styles.bar}>
        <Brand siteName={siteName} to="/agent" />
        <div className={styles.controls}>
          <LanguageSelect variant="compact" />
          <ThemeToggle />
        </div>
      </div>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<InlineLoader />}>
          <Fragment key={mainViewKeyOf(location)}>
            <Outlet />
          </Fragment>
        </Suspense>
      </main>
    </div>
  );
};
