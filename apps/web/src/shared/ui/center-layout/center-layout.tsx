import type { ReactNode } from 'react';
import styles from './center-layout.module.css';

export interface CenterMenuItem<T extends string> {
  id: T;
  label: string;
}

export interface CenterLayoutProps<T extends string> {
  title: string;
  items: readonly CenterMenuItem<T>[];
  activeId: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}

/** The member and agent centres: a page menu (a column on wide screens, a scrolling strip on phones) and the page. */
export const CenterLayout = <T extends string>({
  title,
  items,
  activeId,
  onSelect,
  children,
}: CenterLayoutProps<T>) => (
  <div className={styles.center}>
    <nav className={styles.menu} aria-label={title}>
      <p className={styles.menuTitle}>{title}</p>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={styles.item}
              aria-current={item.id === activeId ? 'page' : undefined}
              onClick={() => onSelect(item.id)}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
    <div className={styles.content}>{children}</div>
  </div>
);
