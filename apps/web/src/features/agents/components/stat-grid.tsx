import styles from './agents.module.css';

/** A row of labelled figures (the totals above a team list). */
export const StatGrid = ({ stats }: { stats: readonly { key: string; label: string; value: string | number }[] }) => (
  <dl className={styles.stats}>
    {stats.map((stat) => (
      <div key={stat.key} className={styles.stat} data-stat={stat.key}>
        <dt className={styles.statLabel}>{stat.label}</dt>
        <dd className={styles.statValue}>{stat.value}</dd>
      </div>
    ))}
  </dl>
);

/** The class of a signed amount: green above zero, red below. */
export const signClass = (amount: string): string | undefined =>
  amount.startsWith('-') ? styles.negative : Number(amount) > 0 ? styles.positive : undefined;
