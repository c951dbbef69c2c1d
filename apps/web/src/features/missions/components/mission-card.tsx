import type { Mission } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import { CheckIcon, CoinsIcon, GamepadIcon, TicketIcon, TrophyIcon } from '../../../shared/ui/icons/icons';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { categoryKeys, goalKeys } from '../mission-labels';
import styles from './mission-card.module.css';

const kindIcons = { rounds: GamepadIcon, valid_bet: TrophyIcon, deposit: CoinsIcon, login_days: TicketIcon } as const;

/** Progress as a share of the target, 0-100 (amounts are decimal strings of one currency). */
export const progressPercent = (progress: string, target: string): number => {
  const done = Number(progress);
  const goal = Number(target);
  if (!(goal > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((done / goal) * 100)));
};

export interface MissionCardProps {
  mission: Mission;
  currency: string;
  canClaim: boolean;
  onClaim: () => void;
}

/** One mission: what it asks, progress towards it, its reward and points, and its claim button once complete. */
export const MissionCard = ({ mission, currency, canClaim, onClaim }: MissionCardProps) => {
  const { t } = useTranslation('missions');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const Icon = kindIcons[mission.kind];
  const isMoney = mission.kind === 'valid_bet' || mission.kind === 'deposit';
  const amount = (value: string) => (isMoney ? formatMoney(value, currency) : value);
  const percent = progressPercent(mission.progress, mission.target);
  const goal = t(goalKeys[mission.kind], {
    target: amount(mission.target),
    category: t(categoryKeys[mission.category]),
  });
  return (
    <li className={styles.mission} data-mission={mission.id} data-mission-status={mission.status}>
      <span className={styles.icon}>
        <Icon />
      </span>
      <div className={styles.text}>
        <p className={styles.title}>{mission.title || goal}</p>
        <p className={styles.goal}>{mission.description || goal}</p>
        <div
          className={styles.bar}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('progress_label', { title: mission.title || goal })}
        >
          <span className={styles.fill} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.meta}>
          <span data-progress={mission.progress}>
            {t('progress_of', { progress: amount(mission.progress), target: amount(mission.target) })}
          </span>
          <span>{mission.endsAt ? t('ends_at', { time: formatDateTime(mission.endsAt) }) : t('ends_never')}</span>
        </p>
      </div>
      <div className={styles.reward}>
        <strong className={styles.amount} data-reward={mission.reward}>
          {formatMoney(mission.reward, currency)}
        </strong>
        {mission.score > 0 ? <span className={styles.score}>{t('score_award', { points: mission.score })}</span> : null}
      </div>
      <div className={styles.action}>
        {mission.status === 'completed' ? (
          <Button
            size="sm"
            disabled={!canClaim}
            aria-label={t('claim_named', { name: mission.title || goal })}
            onClick={onClaim}
          >
            {t('claim')}
          </Button>
        ) : mission.status === 'claimed' ? (
          <StatusBadge tone="success" name="claimed">
            <CheckIcon /> {t('status_claimed')}
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral" name="in-progress">
            {t('status_in_progress')}
          </StatusBadge>
        )}
      </div>
    </li>
  );
};
