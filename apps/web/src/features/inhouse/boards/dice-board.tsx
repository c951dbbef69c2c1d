import type { InhouseRound } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { diceChance, diceMultiplier, formatMultiplier } from '../game-logic';
import styles from '../inhouse.module.css';

export type DiceChoice = { target: number; direction: 'under' | 'over' };

/** The dice slider: the target splits 00.00–99.99 into a winning and a losing side; the roll lands on it. */
export const DiceBoard = ({
  params,
  onChange,
  round,
  disabled,
}: {
  params: DiceChoice;
  onChange: (next: DiceChoice) => void;
  round: InhouseRound | null;
  disabled: boolean;
}) => {
  const { t } = useTranslation('inhouse');
  const roll = round?.game === 'dice' && round.outcome ? round.outcome.roll : null;
  const win = round ? round.payout !== '0.00' : false;
  const percent = params.target / 100;
  const winLeft = params.direction === 'under';
  return (
    <div className={styles.stack}>
      <div className={styles.bigResult} data-testid="dice-roll" data-win={roll === null ? undefined : String(win)}>
        {roll === null ? '—' : (roll / 100).toFixed(2)}
      </div>
      <div className={styles.diceTrack} dir="ltr">
        <div
          className={styles.diceZone}
          style={{
            background: `linear-gradient(to right, ${winLeft ? 'var(--color-success)' : 'var(--color-danger)'} ${percent}%, ${winLeft ? 'var(--color-danger)' : 'var(--color-success)'} ${percent}%)`,
          }}
        />
        {roll !== null ? (
          <span key={round?.id} className={styles.diceMarker} style={{ left: `${roll / 100}%` }} data-win={String(win)}>
            {(roll / 100).toFixed(2)}
          </span>
        ) : null}
        <input
          type="range"
          min={2}
          max={9797}
          step={1}
          value={params.target}
          disabled={disabled}
          aria-label={t('ih_target')}
          className={styles.diceRange}
          onChange={(event) => onChange({ ...params, target: Number(event.target.value) })}
        />
      </div>
      <div className={styles.controlsRow}>
        <button
          type="button"
          className={styles.chip}
          disabled={disabled}
          onClick={() =>
            onChange({ direction: params.direction === 'under' ? 'over' : 'under', target: 9999 - params.target })
          }
          data-testid="dice-direction"
        >
          {params.direction === 'under' ? t('ih_roll_under') : t('ih_roll_over')} {(params.target / 100).toFixed(2)}
        </button>
        <span>
          {t('ih_win_chance')}: <strong>{diceChance(params.target, params.direction).toFixed(2)}%</strong>
        </span>
        <span>
          {t('ih_multiplier')}: <strong>{formatMultiplier(diceMultiplier(params.target, params.direction))}×</strong>
        </span>
      </div>
    </div>
  );
};
