import type { Bonus } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { Pager } from '../../../shared/ui/pager/pager';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useBonuses } from '../api/get-bonuses';
import { ProgressBar } from '../components/progress-bar';
import styles from '../components/promotions.module.css';
import { bonusStatusKeys, bonusToneOf } from '../promotion-states';

/** One bonus: amount, turnover requirement, what is wagered toward it, status and expiry. */
const BonusItem = ({ bonus }: { bonus: Bonus }) => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const progress = t('bonus_progress_of', {
    wagered: formatMoney(bonus.wagered, bonus.currency),
    requirement: formatMoney(bonus.requirement, bonus.currency),
    percent: bonus.progress,
  });
  const figures = [
    { name: 'amount', label: t('bonus_amount'), value: formatMoney(bonus.amount, bonus.currency) },
    { name: 'requirement', label: t('bonus_requirement'), value: formatMoney(bonus.requirement, bonus.currency) },
    { name: 'wagered', label: t('bonus_wagered'), value: formatMoney(bonus.wagered, bonus.currency) },
    { name: 'created', label: t('bonus_created'), value: formatDateTime(bonus.createdAt) },
    {
      name: 'expires',
      label: bonus.status === 'active' ? t('bonus_expires') : t('bonus_finished'),
      value:
        bonus.status === 'active'
          ? bonus.expiresAt
            ? formatDateTime(bonus.expiresAt)
            : t('bonus_no_expiry')
          : formatDateTime(bonus.finishedAt ?? bonus.createdAt),
    },
  ];
  return (
    <li className={styles.bonus} data-bonus={bonus.id} data-bonus-status={bonus.status}>
      <div className={styles.bonusHead}>
        <h3 className={styles.bonusTitle} dir="auto">
          {bonus.title || t('bonus_manual')}
        </h3>
        <StatusBadge tone={bonusToneOf(bonus.status)} name={bonus.status}>
          {t(bonusStatusKeys[bonus.status])}
        </StatusBadge>
      </div>
      <div className={styles.progress}>
        <span className={styles.progressText} data-bonus-progress={bonus.progress}>
          {progress}
        </span>
        <ProgressBar percent={bonus.progress} label={progress} />
      </div>
      <dl className={styles.bonusFigures}>
        {figures.map((figure) => (
          <div key={figure.name} className={styles.bonusFigure} data-bonus-figure={figure.name}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
};

/**
 * Personal centre "Bonus details" (bonusDetails, spec section 2): the bonus wallet's open total, then each bonus,
 * newest first, with its amount, turnover requirement, progress toward it, status and expiry. A bonus whose
 * requirement is met has moved to the main wallet. The open total is in the merchant's currency.
 */
export const BonusDetailsPage = ({ currency }: { currency: string }) => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const [pageNo, setPageNo] = useState(1);
  const bonuses = useBonuses(pageNo);
  const data = bonuses.data;
  return (
    <div className={styles.page} data-page="bonus-details">
      {bonuses.isError ? <FormError code={errorKeyOf(bonuses.error)} /> : null}
      {bonuses.isPending ? <InlineLoader /> : null}
      {data ? (
        <p className={styles.summaryBar} data-bonus-wallet={data.activeAmount}>
          <span>{t('bonus_wallet_open', { count: data.activeCount })}</span>
          <strong className={styles.summaryAmount}>{formatMoney(data.activeAmount, currency)}</strong>
        </p>
      ) : null}
      {data && data.list.length === 0 ? <EmptyState message={t('bonus_none')} icon={<GiftIcon />} /> : null}
      {data && data.list.length > 0 ? (
        <ul className={styles.bonuses}>
          {data.list.map((bonus) => (
            <BonusItem key={bonus.id} bonus={bonus} />
          ))}
        </ul>
      ) : null}
      {data ? (
        <Pager pageNo={pageNo} totalPages={data.totalPages} onChange={setPageNo} isBusy={bonuses.isFetching} />
      ) : null}
    </div>
  );
};
