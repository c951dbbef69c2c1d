import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

export interface VisuallyHiddenProps {
  children: ReactNode;
}

/** Text for assistive technology only. */
export const VisuallyHidden = ({ children }: VisuallyHiddenProps) => <span className={styles.hidden}>{children}</span>;
