import type { ReactNode } from 'react';
import styles from './panel.module.css';

export interface PanelProps {
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}

/** A titled card: one section of a page. */
export const Panel = ({ id, title, description, actions, badge, children }: PanelProps) => (
  <section className={styles.panel} id={id} aria-labelledby={id ? `${id}-title` : undefined}>
    <header className={styles.header}>
      <div className={styles.heading}>
        <h2 className={styles.title} id={id ? `${id}-title` : undefined}>
          {title}
          {badge}
        </h2>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
    <div className={styles.body}>{children}</div>
  </section>
);
