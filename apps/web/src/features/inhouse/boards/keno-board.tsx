import type { InhouseRound } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../inhouse.module.css';
import { RiskSelect } from './plinko-board';

export type KenoChoice = { picks: number[]; risk: 'low' | 'medium' | 'high' };

/** Keno: pick up to 10 of 40; the 10 drawn numbers light up one after another. */
export const KenoBoard = ({
  params,
  onChange,
  round,
  disabled,
}: {
  params: KenoChoice;
  onChange: (next: KenoChoice) => void;
  round: InhouseRound | null;
  disabled: boolean;
}) => {
  const { t } = useTranslation('inhouse');
  const drawn = round?.game === 'keno' && round.outcome ? round.outcome.drawn : [];
  const [shown, setShown] = useState(0);
  useEffect(() => {
    setShown(0);
    if (drawn.length === 0) return;
    const timer = setInterval(() => setShown((n) => (n >= drawn.length ? n : n + 1)), 90);
    return () => clearInterval(timer);
  }, [drawn]);
  const visible = new Set(drawn.slice(0, shown));
  const toggle = (n: number) => {
    if (params.picks.includes(n)) onChange({ ...params, picks: params.picks.filter((p) => p !== n) });
    else if (params.picks.length < 10) onChange({ ...params, picks: [...params.picks, n] });
  };
  return (
    <div className={styles.stack}>
      <div className={styles.kenoGrid} dir="ltr">
        {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => {
          const picked = params.picks.includes(n);
          const hit = visible.has(n);
          return (
            <button
              key={n}
              type="button"
              disabled={disabled}
              aria-pressed={picked}
              className={[
                styles.kenoCell,
                picked ? styles.kenoPicked : '',
                hit ? (picked ? styles.kenoHit : styles.kenoDrawn) : '',
              ]
                .filter(Boolean)
                .join(' ')}
              onClick={() => toggle(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
      <div className={styles.controlsRow}>
        <span>{t('ih_picked', { count: params.picks.length })}</span>
        <button
          type="button"
          className={styles.chip}
          disabled={disabled}
          onClick={() => {
            const pool = Array.from({ length: 40 }, (_, i) => i + 1);
            const chosen: number[] = [];
            const random = crypto.getRandomValues(new Uint32Array(10));
            for (const r of random) chosen.push(...pool.splice(r % pool.length, 1));
            onChange({ ...params, picks: chosen });
          }}
        >
          {t('ih_auto_pick')}
        </button>
        <button
          type="button"
          className={styles.chip}
          disabled={disabled}
          onClick={() => onChange({ ...params, picks: [] })}
        >
          {t('ih_clear')}
        </button>
        <RiskSelect value={params.risk} disabled={disabled} onChange={(risk) => onChange({ ...params, risk })} />
      </div>
    </div>
  );
};
