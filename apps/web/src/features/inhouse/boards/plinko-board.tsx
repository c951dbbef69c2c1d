import type { InhouseRound } from '@tessera/contracts';
import { plinkoTable } from '@tessera/engines';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHundredths, plinkoPath } from '../game-logic';
import styles from '../inhouse.module.css';
import { riskKeys } from '../labels';

export type PlinkoChoice = { rows: number; risk: 'low' | 'medium' | 'high' };

const GAP = 20;
const STEP_MS = 110;

/** The plinko board: the ball follows exactly the bounces the round drew and lands in its slot. */
export const PlinkoBoard = ({
  params,
  onChange,
  round,
  disabled,
}: {
  params: PlinkoChoice;
  onChange: (next: PlinkoChoice) => void;
  round: InhouseRound | null;
  disabled: boolean;
}) => {
  const { t } = useTranslation('inhouse');
  const rows = params.rows;
  const table = plinkoTable({ rows: rows as 8, risk: params.risk });
  const outcome = round?.game === 'plinko' ? round.outcome : null;
  const width = (rows + 2) * GAP;
  const height = (rows + 2) * GAP;
  const [ball, setBall] = useState<{ cx: number; cy: number } | null>(null);
  const [landed, setLanded] = useState<number | null>(null);

  useEffect(() => {
    if (!outcome) return;
    // The ball rests just above each peg it hits.
    const points = plinkoPath(outcome.bounces).map((point) => ({
      cx: width / 2 + point.x * GAP,
      cy: GAP + point.y * GAP - 6,
    }));
    const started = performance.now();
    let frame = 0;
    setLanded(null);
    const step = (now: number) => {
      // rAF's timestamp is the frame's start, which may precede `started`.
      const position = Math.max(0, (now - started) / STEP_MS);
      const index = Math.min(points.length - 2, Math.floor(position));
      const from = points[index];
      const to = points[index + 1];
      if (!from || !to) return;
      const f = Math.min(1, position - index);
      // A small hop between pegs.
      setBall({ cx: from.cx + (to.cx - from.cx) * f, cy: from.cy + (to.cy - from.cy) * f - Math.sin(Math.PI * f) * 6 });
      if (position < points.length - 1) frame = requestAnimationFrame(step);
      else setLanded(outcome.slot);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [outcome, width]);

  return (
    <div className={styles.stack}>
      <svg
        viewBox={`0 0 ${width} ${height + GAP}`}
        className={styles.plinko}
        role="img"
        aria-label={t('ih_game_plinko')}
        direction="ltr"
      >
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, i) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: pegs are fixed positions
              key={`${row}-${i}`}
              cx={width / 2 + (i - (row + 2) / 2) * GAP}
              cy={GAP + row * GAP}
              r={2.6}
              className={styles.peg}
            />
          )),
        )}
        {table.map((entry, slot) => (
          <g
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions
            key={slot}
            transform={`translate(${width / 2 + (slot - rows / 2) * GAP - GAP / 2 + 1}, ${GAP + rows * GAP})`}
          >
            <rect
              width={GAP - 2}
              height={GAP - 4}
              rx={3}
              className={landed === slot ? styles.slotHit : entry >= 100 ? styles.slotWin : styles.slotLose}
            />
            <text x={(GAP - 2) / 2} y={GAP / 2} textAnchor="middle" className={styles.slotText}>
              {formatHundredths(entry).replace(/\.00$/, '')}
            </text>
          </g>
        ))}
        {ball ? <circle cx={ball.cx} cy={ball.cy} r={5} className={styles.ball} data-testid="plinko-ball" /> : null}
      </svg>
      <div className={styles.controlsRow}>
        <label className={styles.label}>
          {t('ih_rows')}{' '}
          <select
            className={styles.select}
            value={rows}
            disabled={disabled}
            onChange={(event) => onChange({ ...params, rows: Number(event.target.value) })}
          >
            {[8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <RiskSelect value={params.risk} disabled={disabled} onChange={(risk) => onChange({ ...params, risk })} />
      </div>
    </div>
  );
};

export const RiskSelect = ({
  value,
  onChange,
  disabled,
}: {
  value: 'low' | 'medium' | 'high';
  onChange: (risk: 'low' | 'medium' | 'high') => void;
  disabled: boolean;
}) => {
  const { t } = useTranslation('inhouse');
  return (
    <label className={styles.label}>
      {t('ih_risk')}{' '}
      <select
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as 'low')}
      >
        {(['low', 'medium', 'high'] as const).map((risk) => (
          <option key={risk} value={risk}>
            {t(riskKeys[risk])}
          </option>
        ))}
      </select>
    </label>
  );
};
