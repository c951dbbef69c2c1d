import styles from './promotions.module.css';

/** A whole-percent bar (0–100) with its text as the accessible name: wagering and challenge progress. */
export const ProgressBar = ({ percent, label }: { percent: number; label: string }) => {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label={label}
    >
      <span className={styles.fill} style={{ inlineSize: `${value}%` }} />
    </div>
  );
};
