import type { ReactNode } from 'react';
import styles from './text-divider.module.css';

/** A short caption between two lines across the form ("or", "or continue with"), between two ways in. */
export const TextDivider = ({ children }: { children: ReactNode }) => <p className={styles.divider}>{children}</p>;
