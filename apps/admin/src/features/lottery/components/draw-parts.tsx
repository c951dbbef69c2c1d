import type { AdminLotteryDraw, LotteryDrawStatus } from '@tessera/contracts';
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
