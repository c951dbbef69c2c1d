import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCategoriesWithVendors } from '../../features/games/api/use-categories-with-vendors';
import { topNavigationOf } from '../../features/games/game-types';
import styles from './top-navigation.module.css';

export interface TopNavigationProps {
  placement: 'header' | 'strip';
}

/** The game-category navigation of the header (spec section 2): home first, promotions last. */
export const TopNavigation = ({ placement }: TopNavigationProps) => {
  const { t } = useTranslation();
  const entries = topNavigationOf(useCategoriesWithVendors());
  return (
    <nav className={`${styles.nav} ${styles[placement]}`} aria-label={t('local_header_games')}>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink
              to={entry.path}
              end
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
            >
              {t(entry.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};
