import { parseMoney } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../inhouse.module.css';

export interface AutoBetSettings {
  count: number;
  stopOnProfit: bigint;
  stopOnLoss: bigint;
}

/** Auto-bet: a number of bets, stopping early once the profit or the loss reaches a limit (blank: none). */
export const AutoBetPanel = ({
  running,
  played,
  currency,
  onStart,
  onStop,
}: {
  running: boolean;
  played: number;
  currency: string;
  onStart: (settings: AutoBetSettings) => void;
  onStop: () => void;
}) => {
  const { t } = useTranslation('inhouse');
  const [count, setCount] = useState('10');
  const [profit, setProfit] = useState('');
  const [loss, setLoss] = useState('');
  const amount = (text: string) => {
    const parsed = parseMoney(text, currency);
    return parsed.ok ? parsed.minor : 0n;
  };
  const bets = Math.max(1, Math.min(1000, Math.floor(Number(count) || 0)));
  return (
    <details className={styles.autoBet}>
      <summary>{t('ih_auto_bet')}</summary>
      <div className={styles.autoGrid}>
        <label className={styles.label}>
          {t('ih_auto_count')}
          <input
            className={styles.input}
            inputMode="numeric"
            value={count}
            disabled={running}
            onChange={(e) => setCount(e.target.value)}
          />
        </label>
        <label className={styles.label}>
          {t('ih_stop_on_profit')}
          <input
            className={styles.input}
            inputMode="decimal"
            value={profit}
            disabled={running}
            onChange={(e) => setProfit(e.target.value)}
          />
        </label>
        <label className={styles.label}>
          {t('ih_stop_on_loss')}
          <input
            className={styles.input}
            inputMode="decimal"
            value={loss}
            disabled={running}
            onChange={(e) => setLoss(e.target.value)}
          />
        </label>
      </div>
      {running ? (
        <button type="button" className={styles.chip} onClick={onStop} data-testid="auto-stop">
          {t('ih_auto_stop', { played })}
        </button>
      ) : (
        <button
          type="button"
          className={styles.chip}
          onClick={() => onStart({ count: bets, stopOnProfit: amount(profit), stopOnLoss: amount(loss) })}
          data-testid="auto-start"
        >
          {t('ih_auto_start', { count: bets })}
        </button>
      )}
    </details>
  );
};
