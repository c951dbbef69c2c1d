import type { ComponentPropsWithoutRef } from 'react';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './count-badge.module.css';

export interface CountBadgeProps extends ComponentPropsWithoutRef<'span'> {
  count: number;
  /** What the count means, for assistive technology ("Unread messages: 3"); the number itself is only seen. */
  label: string;
}

/** A red count at the end of a menu entry (unread messages, rewards to claim); 99+ above 99. */
export const CountBadge = ({ count, label, className, ...rest }: CountBadgeProps) => (
  <span className={className ? `${styles.badge} ${className}` : styles.badge} {...rest}>
    <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
    <VisuallyHidden>{label}</VisuallyHidden>
  </span>
);
