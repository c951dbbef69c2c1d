import { Link } from 'react-router';
import styles from './brand.module.css';

export interface BrandProps {
  siteName: string;
  to?: string;
  /** The header on phones shows the monogram only; the name is the link's accessible name either way. */
  isCompactOnPhones?: boolean;
}

/** The merchant's wordmark: a monogram of its name and the name itself. */
export const Brand = ({ siteName, to = '/', isCompactOnPhones = false }: BrandProps) => (
  <Link to={to} className={`${styles.brand} ${isCompactOnPhones ? styles.compact : ''}`}>
    <span className={styles.mark} aria-hidden="true">
      {siteName.trim().charAt(0).toUpperCase()}
    </span>
    <span className={styles.name} dir="auto">
      {siteName}
    </span>
  </Link>
);
