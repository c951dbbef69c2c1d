import type { ReactNode } from 'react';
import styles from './status-badge.module.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short state label (pending, credited, rejected) in a coloured pill. */
export const StatusBadge = ({ tone, children, name }: { tone: BadgeTone; children: ReactNode; name?: string }) => (
  <span className={`${styles.badge} ${styles[tone]}`} data-status={name}>
    {children}
  </span>
);
