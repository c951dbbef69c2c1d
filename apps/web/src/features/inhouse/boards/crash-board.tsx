import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden/visually-hidden';
import { type CrashModel, curvePath, viewAt } from '../crash/crash-model';
import { useFrameClock } from '../crash/use-frame-clock';
import { formatHundredths } from '../game-logic';
import styles from '../inhouse.module.css';

const WIDTH = 400;
const HEIGHT = 220;

/**
 * Crash: the betting countdown, then the rising curve and multiplier drawn from the round's start and growth
 * rate on this browser's clock (corrected by the server's), then the crash point. `paid` is the member's cash-out
 * of the round, shown under the curve. Screen readers hear the phases, not every frame.
 */
export const CrashBoard = ({ model, paid }: { model: CrashModel | null; paid: string | null }) => {
  const { t } = useTranslation('inhouse');
  const status = model?.round?.status;
  const now = useFrameClock(status === 'betting' || status === 'running');
  const view = viewAt(model, now);
  // The countdown bar's full width is the longest wait seen for this round.
  const windowMs = useRef<{ id: string | null; ms: number }>({ id: null, ms: 1 });
  if (view.phase === 'betting' && model?.round) {
    if (windowMs.current.id !== model.round.id) windowMs.current = { id: model.round.id, ms: Math.max(1, view.msLeft) };
    windowMs.current.ms = Math.max(windowMs.current.ms, view.msLeft);
  }
  const rate = model?.ratePerMs ?? 0.00006;
  const path =
    view.phase === 'running' || view.phase === 'crashed' ? curvePath(view.elapsedMs, rate, WIDTH, HEIGHT) : null;
  const announce =
    view.phase === 'betting'
      ? t('ih_crash_next_round')
      : view.phase === 'crashed'
        ? `${t('ih_crash_crashed')} ${formatHundredths(view.multiplier)}×`
        : '';
  return (
    <div className={styles.crashBoard} data-testid="crash-board" data-phase={view.phase}>
      <svg className={styles.crashSvg} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
        {[0.25, 0.5, 0.75].map((f) => (
          <line key={f} className={styles.crashGrid} x1={0} x2={WIDTH} y1={HEIGHT * f} y2={HEIGHT * f} />
        ))}
        {path ? (
          <>
            <path className={styles.crashArea} data-crashed={view.phase === 'crashed'} d={path.area} />
            <path className={styles.crashLine} data-crashed={view.phase === 'crashed'} d={path.line} />
          </>
        ) : null}
      </svg>
      <div className={styles.crashOverlay}>
        {view.phase === 'betting' ? (
          <>
            <p className={styles.crashCaption}>{t('ih_crash_next_round')}</p>
            <p className={styles.crashBig} data-testid="crash-countdown">
              {(view.msLeft / 1000).toFixed(1)} s
            </p>
            <div className={styles.crashBar}>
              <div style={{ width: `${(100 * view.msLeft) / windowMs.current.ms}%` }} />
            </div>
          </>
        ) : view.phase === 'running' || view.phase === 'crashed' ? (
          <>
            <p className={styles.crashBig} data-testid="crash-multiplier" data-phase={view.phase}>
              {formatHundredths(view.multiplier)}×
            </p>
            <p className={styles.crashCaption}>
              {view.phase === 'crashed' ? t('ih_crash_crashed') : (paid ?? '\u00a0')}
            </p>
          </>
        ) : (
          <p className={styles.crashCaption}>{t('ih_crash_wait_next')}</p>
        )}
      </div>
      <p aria-live="polite">
        <VisuallyHidden>{announce}</VisuallyHidden>
      </p>
    </div>
  );
};
