import type { ReactNode } from 'react';
import styles from './detail-list.module.css';

export interface DetailItem {
  label: ReactNode;
  value: ReactNode;
  /** e.g. data-detail for tests. */
  name?: string;
}

/** Label and value pairs (an order's reference, amount and status), two columns on wide screens. */
export const DetailList = ({ items }: { items: readonly DetailItem[] }) => (
  <dl className={styles.list}>
    {items.map((item, index) => (
      <div key={item.name ?? index} className={styles.row} data-detail={item.name}>
        <dt className={styles.label}>{item.label}</dt>
        <dd className={styles.value}>{item.value}</dd>
      </div>
    ))}
  </dl>
);
