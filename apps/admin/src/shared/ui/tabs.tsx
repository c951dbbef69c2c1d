import type { ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
}

/** A row of tabs over one panel; the page keeps which one is chosen (usually in the address). */
export const Tabs = <T extends string>({ label, tabs, value, onChange }: TabsProps<T>) => (
  <div className={styles.tabs} role="tablist" aria-label={label}>
    {tabs.map((item) => (
      <button
        key={item.id}
        type="button"
        role="tab"
        className={styles.tab}
        aria-selected={value === item.id}
        data-tab={item.id}
        onClick={() => onChange(item.id)}
      >
        {item.label}
      </button>
    ))}
  </div>
);
