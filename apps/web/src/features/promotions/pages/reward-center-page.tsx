import type { Reward } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useClaimReward } from '../api/claim-reward';
import { useAvailableRewards } from '../api/get-available-rewards';
import { useClaimedRewards } from '../api/get-claimed-rewards';
import { rewardTextOf } from '../reward-text';
import styles from './reward-center-page.module.css';

/**
 * Personal centre "Reward center" (rewardCenter, REWCEN3): the rewards waiting to be claimed, each with its claim
 * button, and the claimed ones. A claim pays into the main wallet; the header's balance follows (the server pushes
 * it, and the balance is read again).
 */
export const RewardCenterPage = () => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const isRewardsOn = usePublicStore((state) => state.whitelabel.REWCEN3 === true);
  const available = useAvailableRewards({ enabled: isRewardsOn });
  const [pageNo, setPageNo] = useState(1);
  const claimed = useClaimedRewards(pageNo);
  const claim = useClaimReward();
  const [paid, setPaid] = useState<Reward | null>(null);
  const describe = (reward: Reward) => {
    const { key, values } = rewardTextOf(reward);
    return t(key, values);
  };
  const handleClaim = (reward: Reward) => {
    setPaid(null);
    claim.mutate(reward.id, { onSuccess: setPaid });
  };
  const list = available.data?.list ?? [];
  return (
    <div className={styles.page} data-page="reward-center">
      {paid ? (
        <Alert tone="success" name="reward-claimed">
          {t('reward_claimed_note', { amount: formatMoney(paid.amount, paid.currency) })}
        </Alert>
      ) : null}
      {claim.isError ? <FormError code={errorKeyOf(claim.error)} /> : null}
      <Card
        title={t('rewards_available', { count: available.data?.availablePromoCount ?? 0 })}
        name="available-rewards"
      >
        {available.isPending ? <InlineLoader /> : null}
        {available.isError ? <FormError code={errorKeyOf(available.error)} /> : null}
        {available.data && list.length === 0 ? <EmptyState message={t('rewards_none')} icon={<GiftIcon />} /> : null}
        {list.length > 0 ? (
          <ul className={styles.rewards}>
            {list.map((reward) => (
              <li key={reward.id} className={styles.reward} data-reward={reward.id} data-reward-kind={reward.kind}>
                <span className={styles.rewardIcon}>
                  <GiftIcon />
                </span>
                <div className={styles.rewardText}>
                  <p className={styles.rewardTitle}>{describe(reward)}</p>
                  <p className={styles.rewardDate}>
                    {t('reward_received', { date: formatDateTime(reward.createdAt) })}
                  </p>
                </div>
                <strong className={styles.rewardAmount} data-amount={reward.amount}>
                  {formatMoney(reward.amount, reward.currency)}
                </strong>
                <Button
                  size="sm"
                  className={styles.claim}
                  disabled={claim.isPending}
                  aria-label={t('reward_claim_named', { name: describe(reward) })}
                  onClick={() => handleClaim(reward)}
                >
                  {t('reward_claim')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <Card title={t('rewards_claimed_title')} name="claimed-rewards" isPadded={false}>
        <PagedRecords<Reward>
          query={claimed}
          pageNo={pageNo}
          onPageChange={setPageNo}
          rowKey={(reward) => reward.id}
          rowData={(reward) => ({ 'data-claimed-reward': reward.id })}
          columns={[
            { label: t('reward_claimed_at'), render: (reward) => formatDateTime(reward.claimedAt ?? reward.createdAt) },
            { label: t('reward_name'), render: describe },
            {
              label: t('reward_amount'),
              isNumeric: true,
              render: (reward) => formatMoney(reward.amount, reward.currency),
            },
            {
              label: t('reward_reference'),
              isMono: true,
              render: (reward) => <bdi dir="ltr">{reward.reference ?? '—'}</bdi>,
            },
          ]}
        />
      </Card>
    </div>
  );
};
