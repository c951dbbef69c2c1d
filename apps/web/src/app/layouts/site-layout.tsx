import { Fragment, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { InlineLoader } from '../../shared/ui/loading-cover/loading-cover';
import { layoutOf, mainViewKeyOf } from '../route-rules';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';
import styles from './site-layout.module.css';

/**
 * The member site's layout: header, side menu, main view and footer, each shown per the route's rule
 * (route-rules.ts). The main view is re-keyed per spec, so a new key mounts the page afresh.
 */
export const SiteLayout = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const rule = layoutOf(location.pathname);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('skip_to_content')}
      </a>
      <Header hasSideMenu={rule.hasSideMenu} />
      <div className={styles.body}>
        {rule.hasSideMenu ? <SideMenu /> : null}
        <div className={styles.column}>
          <main id="main" className={styles.main} tabIndex={-1}>
            <Suspense
              fallback={
                // A screen tall while the page's code loads, so the footer does not show and then jump away.
                <div className={styles.pending}>
                  <InlineLoader />
                </div>
              }
            >
              <Fragment key={mainViewKeyOf(location)}>
                <Outlet />
              </Fragment>
            </Suspense>
          </main>
          {rule.hasFooter ? <Footer /> : null}
        </div>
      </div>
    </div>
  );
};
