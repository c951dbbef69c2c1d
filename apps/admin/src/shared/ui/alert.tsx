import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}

export const Alert = ({ tone = 'info', title, action, children }: AlertProps) => (
  <div
    className={[styles.alert, styles[tone]].join(' ')}
    role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
  >
    <div className={styles.body}>
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div className={styles.text}>{children}</div> : null}
    </div>
    {action ? <div className={styles.action}>{action}</div> : null}
  </div>
);
