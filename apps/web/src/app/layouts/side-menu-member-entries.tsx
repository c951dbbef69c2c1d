import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { usePointsShown } from '../../features/points/components/header-points';
import { usePublicStore } from '../../shared/state/public-store';
import { CountBadge } from '../../shared/ui/count-badge/count-badge';
import { CoinsIcon, CrownIcon, GiftIcon } from '../../shared/ui/icons/icons';
import styles from './side-menu.module.css';

/** The personal centre's reward centre page. */
export const REWARD_CENTER_PATH = '/member?page=rewardCenter';

/**
 * The side menu's entries after the promotions (spec section 2 "Side menu"), in its order: VIP for a visitor or a
 * member who takes part (until the member's state is read, it stays, so it does not flicker away), the points mall
 * (visitors browse it too), then `referral` (the referral and invite entries, which the app layer hands in), then
 * the reward centre with the count waiting to be claimed. Each only where the merchant has the feature, none for a
 * trial account; they read the public state only: nothing here asks the server.
 */
export const SideMenuMemberEntries = ({ referral }: { referral: ReactNode }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const isLogin = usePublicStore((state) => state.isLogin);
  const isTrial = usePublicStore((state) => state.isTrial);
  const hasVip = usePublicStore((state) => state.hasVip);
  const count = usePublicStore((state) => state.availablePromoCount);
  const isVipShown =
    usePublicStore((state) => state.whitelabel.VIP3 === true) && !isTrial && (!isLogin || hasVip !== false);
  const isPointsShown = usePointsShown();
  const isRewardsShown = usePublicStore((state) => state.whitelabel.REWCEN3 === true) && !isTrial;
  const isRewardsPage =
    location.pathname === '/member' && new URLSearchParams(location.search).get('page') === 'rewardCenter';
  return (
    <div data-side-member-entries="">
      {isVipShown ? (
        <ul className={styles.links}>
          <li>
            <NavLink to="/vip" end className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}>
              <span className={styles.linkIcon}>
                <CrownIcon />
              </span>
              {t('hd_vip')}
            </NavLink>
          </li>
        </ul>
      ) : null}
      {isPointsShown ? (
        <ul className={styles.links}>
          <li>
            <NavLink
              to="/pointMall"
              end
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
              data-side-point-mall=""
            >
              <span className={styles.linkIcon}>
                <CoinsIcon />
              </span>
              {t('point_mall')}
            </NavLink>
          </li>
        </ul>
      ) : null}
      {referral}
      {isRewardsShown ? (
        <ul className={styles.links}>
          <li>
            <Link
              to={REWARD_CENTER_PATH}
              className={`${styles.link} ${isRewardsPage ? styles.active : ''}`}
              aria-current={isRewardsPage ? 'page' : undefined}
              data-side-reward-center=""
            >
              <span className={styles.linkIcon}>
                <GiftIcon />
              </span>
              {t('in_reward_center')}
              {isLogin && count > 0 ? (
                <CountBadge count={count} label={t('rewards_waiting', { count })} data-reward-count={count} />
              ) : null}
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
};
