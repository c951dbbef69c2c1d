import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

export interface PageFrameProps {
  title: string;
  /** Small text above the title, e.g. the section the page belongs to. */
  eyebrow?: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every content page shares: a titled header and the page's body. */
export const PageFrame = ({ title, eyebrow, icon, actions, children }: PageFrameProps) => (
  <section className={styles.page} aria-labelledby="page-title">
    <header className={styles.header}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <div className={styles.heading}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
    <div className={styles.body}>{children}</div>
  </section>
);
