import type { InhouseGameInfo } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { scaleStake } from '../game-logic';
import styles from '../inhouse.module.css';

export interface StakeInputProps {
  value: string;
  onChange: (value: string) => void;
  info: InhouseGameInfo | undefined;
  disabled?: boolean;
  error?: string | null;
}

/** The stake: typed in major units, halved or doubled within the merchant's limits, shown beside them. */
export const StakeInput = ({ value, onChange, info, disabled, error }: StakeInputProps) => {
  const { t } = useTranslation('inhouse');
  const currency = info?.currency ?? 'USD';
  const limits = info ?? { minStake: '0.10', maxStake: '1000.00' };
  return (
    <div className={styles.field}>
      <label className={styles.inlineLabel} htmlFor="inhouse-stake">
        {t('ih_stake')} <span className={styles.subtle}>{currency}</span>
      </label>
      <div className={styles.stakeRow}>
        <input
          id="inhouse-stake"
          className={styles.input}
          inputMode="decimal"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby="inhouse-stake-hint"
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className={styles.chip}
          disabled={disabled}
          onClick={() => onChange(scaleStake(value, 0.5, limits, currency))}
        >
          ½
        </button>
        <button
          type="button"
          className={styles.chip}
          disabled={disabled}
          onClick={() => onChange(scaleStake(value, 2, limits, currency))}
        >
          2×
        </button>
      </div>
      <p id="inhouse-stake-hint" className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
        {error ??
          t('ih_limits', { min: limits.minStake, max: limits.maxStake, payout: info?.maxPayout ?? '', currency })}
      </p>
    </div>
  );
};
