import { Fragment, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Deferred } from '../../shared/ui/deferred/deferred';
import { InlineLoader } from '../../shared/ui/loading-cover/loading-cover';
import { layoutOf, mainViewKeyOf } from '../route-rules';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';
import styles from './site-layout.module.css';

/**
 * The member site's layout: header, side menu, main view and footer, each shown per the route's rule
 * (route-rules.ts). The main view is re-keyed per spec, so a new key mounts the page afresh. When the site opens,
 * the main view renders a browser task after the header (Deferred), holding a screen's height meanwhile: the first
 * screen is drawn in several short tasks instead of one long one that a tap would wait behind. It goes ahead of
 * the header's game navigation and the side menu's entries (boxes of their own size meanwhile): it holds the
 * screen's largest content, the home's banner.
 */
export const SiteLayout = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const rule = layoutOf(location.pathname);
  // A screen tall while the page renders or its code loads, so the footer does not show and then jump away.
  const pending = (
    <div className={styles.pending}>
      <InlineLoader />
    </div>
  );
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
            <Deferred fallback={pending} isAhead>
              <Suspense fallback={pending}>
                <Fragment key={mainViewKeyOf(location)}>
                  <Outlet />
                </Fragment>
              </Suspense>
            </Deferred>
          </main>
          {rule.hasFooter ? <Footer /> : null}
        </div>
      </div>
    </div>
  );
};
