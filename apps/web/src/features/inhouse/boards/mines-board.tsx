import type { InhouseRound } from '@tessera/contracts';
import { minesCashOutMultiplier } from '@tessera/engines';
import { useTranslation } from 'react-i18next';
import { formatMultiplier } from '../game-logic';
import styles from '../inhouse.module.css';

/**
 * The 5 × 5 grid. While a round is open only the revealed safe tiles show (the mines stay on the server); when it
 * ends every mine is shown.
 */
export const MinesBoard = ({
  round,
  mines,
  onMines,
  onReveal,
  busy,
}: {
  round: InhouseRound | null;
  mines: number;
  onMines: (mines: number) => void;
  onReveal: (tile: number) => void;
  busy: boolean;
}) => {
  const { t } = useTranslation('inhouse');
  const minesRound = round?.game === 'mines' ? round : null;
  const open = minesRound?.status === 'open';
  const picks = new Set(minesRound?.params.picks ?? []);
  const mineTiles = new Set(minesRound?.outcome?.mineTiles ?? []);
  const next =
    open && minesRound && minesRound.params.picks.length < 25 - minesRound.params.mines
      ? formatMultiplier(minesCashOutMultiplier(minesRound.params.mines, minesRound.params.picks.length + 1))
      : null;
  return (
    <div className={styles.stack}>
      <div className={styles.minesGrid} dir="ltr" data-testid="mines-grid">
        {Array.from({ length: 25 }, (_, tile) => {
          const revealed = picks.has(tile);
          const mine = mineTiles.has(tile);
          const state = mine ? (revealed ? 'boom' : 'mine') : revealed ? 'gem' : 'hidden';
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: tiles are fixed positions
              key={tile}
              type="button"
              className={[styles.tile, styles[`tile_${state}`]].join(' ')}
              disabled={!open || revealed || busy}
              data-state={state}
              aria-label={t('ih_tile', { n: tile + 1 })}
              onClick={() => onReveal(tile)}
            >
              {state === 'gem' ? '◆' : state === 'boom' || state === 'mine' ? '✸' : ''}
            </button>
          );
        })}
      </div>
      <div className={styles.controlsRow}>
        <label className={styles.label}>
          {t('ih_mines_count')}{' '}
          <select
            className={styles.select}
            value={mines}
            disabled={open || busy}
            onChange={(event) => onMines(Number(event.target.value))}
          >
            {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {minesRound && open ? (
          <span>
            {t('ih_current_multiplier')}: <strong>{formatMultiplier(minesRound.multiplier)}×</strong>
            {next ? ` · ${t('ih_next_multiplier')}: ${next}×` : null}
          </span>
        ) : null}
      </div>
    </div>
  );
};
