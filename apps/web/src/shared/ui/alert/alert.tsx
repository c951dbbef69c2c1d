import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** e.g. data-form-alert for tests. */
  name?: string;
}

/** A message inside a page or dialog; warnings and errors are announced as they appear. */
export const Alert = ({ tone = 'info', title, children, name }: AlertProps) => (
  <div
    className={`${styles.alert} ${styles[tone]}`}
    role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
    data-alert={name ?? tone}
  >
    {title ? <p className={styles.title}>{title}</p> : null}
    {children ? <div className={styles.text}>{children}</div> : null}
  </div>
);
