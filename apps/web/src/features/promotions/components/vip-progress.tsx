import type { RankProgress } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { CrownIcon } from '../../../shared/ui/icons/icons';
import styles from './vip-progress.module.css';

type Requirement = NonNullable<RankProgress['nextLevel']>['deposits'];

const ProgressRow = ({
  label,
  requirement,
  currency,
}: {
  label: string;
  requirement: Requirement;
  currency: string;
}) => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const text = t('vip_progress_of', {
    current: formatMoney(requirement.current, currency),
    required: formatMoney(requirement.required, currency),
  });
  return (
    <div className={styles.row}>
      <div className={styles.rowHead}>
        <span className={styles.rowLabel}>{label}</span>
        <span className={styles.rowValue}>{text}</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={requirement.percent}
        aria-valuetext={text}
      >
        <span className={styles.fill} style={{ inlineSize: `${requirement.percent}%` }} />
      </div>
    </div>
  );
};

/** The member's level and the way to the next one: each requirement's progress as a bar, and the bonus ahead. */
export const VipProgress = ({ progress }: { progress: RankProgress }) => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const next = progress.nextLevel;
  return (
    <Card title={t('vip_your_level')} name="vip-progress">
      <div className={styles.stack} data-vip-rank={progress.vipRankLevel}>
        <p className={styles.current}>
          <span className={styles.crown}>
            <CrownIcon />
          </span>
          {progress.vipLabelName ? (
            <>
              <bdi className={styles.currentName}>{progress.vipLabelName}</bdi>
              <span className={styles.currentLevel}>{t('vip_level_badge', { level: progress.vipRankLevel })}</span>
            </>
          ) : (
            <span className={styles.currentName}>{t('vip_no_level_yet')}</span>
          )}
        </p>
        {next ? (
          <>
            <p className={styles.goal}>
              {t('vip_next_goal', { name: next.labelName, amount: formatMoney(next.upgradeBonus, progress.currency) })}
            </p>
            <ProgressRow label={t('vip_deposits')} requirement={next.deposits} currency={progress.currency} />
            <ProgressRow label={t('vip_valid_bets')} requirement={next.validBets} currency={progress.currency} />
          </>
        ) : (
          <p className={styles.goal}>{t('vip_top_reached')}</p>
        )}
      </div>
    </Card>
  );
};
