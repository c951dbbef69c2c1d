import type { InhouseRound } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHundredths } from '../game-logic';
import styles from '../inhouse.module.css';

/** Limbo: a target multiplier; the result counts up from 1.00× to the drawn value. */
export const LimboBoard = ({
  target,
  onTarget,
  round,
  disabled,
}: {
  target: number;
  onTarget: (hundredths: number) => void;
  round: InhouseRound | null;
  disabled: boolean;
}) => {
  const { t } = useTranslation('inhouse');
  const result = round?.game === 'limbo' && round.outcome ? round.outcome.result : null;
  const [shown, setShown] = useState<number | null>(result);
  const [text, setText] = useState(formatHundredths(target));
  useEffect(() => {
    if (result === null) return;
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, Math.max(0, (now - started) / 500));
      // Grows geometrically, like the curve the result is drawn from.
      setShown(Math.round(100 * (result / 100) ** progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [result]);
  const win = round ? round.payout !== '0.00' : false;
  return (
    <div className={styles.stack}>
      <div className={styles.bigResult} data-testid="limbo-result" data-win={result === null ? undefined : String(win)}>
        {shown === null ? '—' : `${formatHundredths(shown)}×`}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="limbo-target">
          {t('ih_target_multiplier')}
        </label>
        <input
          id="limbo-target"
          className={styles.input}
          inputMode="decimal"
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            const value = Math.round(Number(event.target.value) * 100);
            if (Number.isFinite(value) && value >= 101 && value <= 100_000_000) onTarget(value);
          }}
        />
        <p className={styles.hint}>{t('ih_win_chance_value', { chance: ((99 / target) * 100).toFixed(4) })}</p>
      </div>
    </div>
  );
};
