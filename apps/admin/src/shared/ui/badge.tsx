import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
}

export const Badge = ({ tone = 'neutral', children }: BadgeProps) => (
  <span className={[styles.badge, styles[tone]].join(' ')}>{children}</span>
);
