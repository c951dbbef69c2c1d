import type { GameCategory } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useCollectRebate } from '../api/collect-rebate';
import { useRebateOverview } from '../api/get-rebate-overview';
import styles from '../components/rebate.module.css';
import { RebateCategories } from '../components/rebate-categories';
import { RebateHistory } from '../components/rebate-history';
import { RebateSummary } from '../components/rebate-summary';

export interface ManualRebatePageProps {
  /** The i18n key (common namespace) of a game category's name; the app layer hands in the games feature's. */
  categoryLabelKey: (category: GameCategory) => string;
}

/**
 * Manual rebate (personal centre `manualRebate`, MANUALREBATE3): what collecting now would pay per game category,
 * the minimum and maximum, the collect button (disabled with the reason below the minimum) and past collections.
 * After a collection the page and the header's balance are read again.
 */
export const ManualRebatePage = ({ categoryLabelKey }: ManualRebatePageProps) => {
  const { t } = useTranslation('rebate');
  const formatMoney = useFormatMoney();
  const overview = useRebateOverview();
  const collect = useCollectRebate();
  const [paid, setPaid] = useState<{ amount: string; currency: string } | null>(null);

  if (overview.isPending) return <InlineLoader />;
  if (overview.isError) return <FormError code={errorKeyOf(overview.error)} />;
  const data = overview.data;

  const handleCollect = () => {
    setPaid(null);
    collect.mutate(undefined, { onSuccess: (claim) => setPaid({ amount: claim.amount, currency: claim.currency }) });
  };

  return (
    <div className={styles.page} data-page="manual-rebate">
      {data.blockedBy === 'rebate_not_offered' ? (
        <Alert tone="info" name="rebate-not-offered">
          {t('rebate_not_offered')}
        </Alert>
      ) : (
        <RebateSummary overview={data} isCollecting={collect.isPending} onCollect={handleCollect}>
          {paid ? (
            <Alert tone="success" name="rebate-collected">
              {t('rebate_collected', { amount: formatMoney(paid.amount, paid.currency) })}
            </Alert>
          ) : null}
          {collect.isError ? <FormError code={errorKeyOf(collect.error)} /> : null}
        </RebateSummary>
      )}
      {data.categories.length > 0 ? <RebateCategories overview={data} categoryLabelKey={categoryLabelKey} /> : null}
      <RebateHistory categoryLabelKey={categoryLabelKey} />
      <p className={styles.note}>{t('rebate_how')}</p>
    </div>
  );
};
