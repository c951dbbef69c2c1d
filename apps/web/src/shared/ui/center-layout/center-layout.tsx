import { type ReactNode, useEffect, useRef } from 'react';
import { CountBadge } from '../count-badge/count-badge';
import styles from './center-layout.module.css';

export interface CenterMenuItem<T extends string> {
  id: T;
  label: string;
  /** A red count beside the label (rewards to claim), with its meaning for assistive technology. */
  badge?: { count: number; label: string };
}

export interface CenterLayoutProps<T extends string> {
  title: string;
  items: readonly CenterMenuItem<T>[];
  activeId: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}

/**
 * The member and agent centres: a page menu (a column on wide screens, a scrolling strip on phones) and the page.
 * On a phone the strip brings the current page's item into view, so a page opened from elsewhere shows where it is.
 */
export const CenterLayout = <T extends string>({
  title,
  items,
  activeId,
  onSelect,
  children,
}: CenterLayoutProps<T>) => {
  const listRef = useRef<HTMLUListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current page changes
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector('[aria-current="page"]');
    if (!list || !current) return;
    // The strip may be laid out after this runs (hidden while a page's code loads, its styles arriving): whenever it
    // or the current item changes size, a current item outside the strip's view is scrolled into it.
    const reveal = () => {
      const box = list.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      if (box.width === 0 || (item.left >= box.left && item.right <= box.right)) return;
      current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    const observer = new ResizeObserver(reveal);
    observer.observe(list);
    observer.observe(current);
    return () => observer.disconnect();
  }, [activeId]);
  return (
    <div className={styles.center}>
      <nav className={styles.menu} aria-label={title}>
        <p className={styles.menuTitle}>{title}</p>
        <ul className={styles.list} ref={listRef}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={styles.item}
                aria-current={item.id === activeId ? 'page' : undefined}
                onClick={() => onSelect(item.id)}
              >
                {item.label}
                {item.badge && item.badge.count > 0 ? (
                  <CountBadge count={item.badge.count} label={item.badge.label} data-menu-badge={item.badge.count} />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
};
