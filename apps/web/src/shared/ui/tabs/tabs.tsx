import { type KeyboardEvent, useRef } from 'react';
import styles from './tabs.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  /** Prefix for the tab and panel ids: `${idPrefix}-tab-${id}` and `${idPrefix}-panel`. */
  idPrefix: string;
  label: string;
  items: readonly TabItem<T>[];
  activeId: T;
  onSelect: (id: T) => void;
}

/**
 * A segmented tab list (login by username or SMS, register by username or mobile): arrow keys move between
 * tabs, and the single panel below carries `${idPrefix}-panel` with aria-labelledby the active tab.
 */
export const Tabs = <T extends string>({ idPrefix, label, items, activeId, onSelect }: TabsProps<T>) => {
  const listRef = useRef<HTMLDivElement>(null);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const delta = isRtl && (event.key === 'ArrowRight' || event.key === 'ArrowLeft') ? -step : step;
    const index = items.findIndex((item) => item.id === activeId);
    const next = items[(index + delta + items.length) % items.length];
    if (!next) return;
    onSelect(next.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-tab-${next.id}`)}`)?.focus();
  };
  return (
    <div ref={listRef} className={styles.tabs} role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
      {items.map((item) => {
        const isActive = item.id === activeId;
        return (
          <button
            key={item.id}
            id={`${idPrefix}-tab-${item.id}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={isActive}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
};
