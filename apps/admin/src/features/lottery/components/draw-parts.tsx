import { type AdminLotteryDraw, FOUR_D_DRAW_SIZE, fourDTierNames, type LotteryDrawStatus } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import table from '../../../shared/ui/data-table.module.css';
import styles from './lottery.module.css';

const statusTone: Record<LotteryDrawStatus, BadgeTone> = {
  open: 'info',
  drawn: 'warning',
  settled: 'success',
  cancelled: 'danger',
};

export const DrawStatusBadge = ({ status }: { status: LotteryDrawStatus }) => {
  const { t } = useTranslation();
  return <Badge tone={statusTone[status]}>{t(`lottery.statuses.${status}`)}</Badge>;
};

/** The first and last characters of a hash or seed (the whole of it in the tooltip and on the draw's page). */
export const shortHash = (value: string) => (value.length > 16 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value);

/** The drawn digits, or why there are none yet. */
export const DrawNumbers = ({ draw }: { draw: Pick<AdminLotteryDraw, 'numbers' | 'status'> }) => {
  const { t } = useTranslation();
  if (!draw.numbers) {
    return <span className={table.muted}>{draw.status === 'cancelled' ? '—' : t('lottery.notDrawn')}</span>;
  }
  if (draw.numbers.length === FOUR_D_DRAW_SIZE) return <FourDNumbers numbers={draw.numbers} />;
  return (
    <span className={styles.balls} data-numbers={draw.numbers.join('')}>
      {draw.numbers.map((digit, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the digits of a draw by position
        <span key={index} className={styles.ball}>
          {digit}
        </span>
      ))}
    </span>
  );
};

/** A 4D draw's 23 numbers by prize tier (a worst outcome's places no ticket holds: -1, shown as any other number). */
const FourDNumbers = ({ numbers }: { numbers: readonly number[] }) => {
  const { t } = useTranslation();
  const groups = [
    numbers.slice(0, 1),
    numbers.slice(1, 2),
    numbers.slice(2, 3),
    numbers.slice(3, 13),
    numbers.slice(13),
  ];
  return (
    <span className={styles.fourD} data-numbers={numbers.join(' ')}>
      {groups.map((group, tier) => (
        <span key={fourDTierNames[tier]} className={styles.fourDTier}>
          <span className={table.muted}>{t(`lottery.tiers.${fourDTierNames[tier]}`)}</span>
          {group.some((n) => n >= 0) ? (
            group
              .filter((n) => n >= 0)
              .map((n) => (
                <span key={n} className={styles.fourDNumber}>
                  {String(n).padStart(4, '0')}
                </span>
              ))
          ) : (
            <span className={table.muted}>{t('lottery.emptyPlace')}</span>
          )}
        </span>
      ))}
    </span>
  );
};
