import type { ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps {
  title?: ReactNode;
  /** Beside the title: a refresh button, a filter. */
  actions?: ReactNode;
  children: ReactNode;
  /** e.g. data-card for tests. */
  name?: string;
  isPadded?: boolean;
}

/** A bordered section of a page with an optional title row. */
export const Card = ({ title, actions, children, name, isPadded = true }: CardProps) => (
  <section className={styles.card} data-card={name}>
    {title || actions ? (
      <header className={styles.header}>
        {title ? <h2 className={styles.title}>{title}</h2> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
    ) : null}
    <div className={isPadded ? styles.body : undefined}>{children}</div>
  </section>
);
