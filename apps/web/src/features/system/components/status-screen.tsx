import type { ReactNode } from 'react';
import styles from './status-screen.module.css';

export type StatusTone = 'warning' | 'danger' | 'neutral';

export interface StatusScreenProps {
  name: string;
  icon: ReactNode;
  title: string;
  tone?: StatusTone;
  children?: ReactNode;
  actions?: ReactNode;
  siteName?: string;
}

/** The full-page frame of the site-state pages (maintenance, region block, unknown address, no network). */
export const StatusScreen = ({
  name,
  icon,
  title,
  tone = 'neutral',
  children,
  actions,
  siteName,
}: StatusScreenProps) => (
  <main className={styles.screen} data-status-page={name}>
    <section className={styles.card} aria-labelledby="status-title">
      <span className={`${styles.icon} ${styles[tone]}`}>{icon}</span>
      {siteName ? <p className={styles.site}>{siteName}</p> : null}
      <h1 id="status-title" className={styles.title}>
        {title}
      </h1>
      <div className={styles.text}>{children}</div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  </main>
);
