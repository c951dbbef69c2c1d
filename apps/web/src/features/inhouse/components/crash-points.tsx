import type { CrashHistoryEntry } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { formatHundredths } from '../game-logic';
import styles from '../inhouse.module.css';

const toneOf = (point: number) =>
  point >= 200 ? styles.crashPointHigh : point < 120 ? styles.crashPointLow : styles.crashPoint;

/** The last crash points, newest first (green from 2×, red under 1.2×). */
export const CrashPoints = ({ history }: { history: readonly CrashHistoryEntry[] }) => {
  const { t } = useTranslation('inhouse');
  return (
    <ol className={styles.crashPoints} aria-label={t('ih_crash_recent_points')} data-testid="crash-points">
      {history.map((entry) => (
        <li key={entry.id} className={toneOf(entry.crashPoint)} title={`${t('ih_game_number')} ${entry.gameNumber}`}>
          {formatHundredths(entry.crashPoint)}×
        </li>
      ))}
    </ol>
  );
};
