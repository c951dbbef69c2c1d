import type { ReferralFriend } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { UsersIcon } from '../../../shared/ui/icons/icons';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useReferralFriends } from '../api/get-referral-friends';
import styles from './referral.module.css';

const PAGE_SIZE = 10;

/** The friends who signed up with the member's link, newest first: masked account, joined, qualified, reward. */
export const ReferralFriendsCard = () => {
  const { t } = useTranslation('referral');
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const [pageNo, setPageNo] = useState(1);
  const friends = useReferralFriends({ pageNo, pageSize: PAGE_SIZE });
  const isEmpty = friends.data?.total === 0;
  return (
    <Card title={t('referral_friends_title')} name="referral-friends" isPadded={false}>
      {isEmpty ? (
        <EmptyState message={t('referral_no_friends')} icon={<UsersIcon />} />
      ) : (
        <PagedRecords<ReferralFriend>
          query={friends}
          pageNo={pageNo}
          onPageChange={setPageNo}
          rowKey={(friend) => `${friend.account}-${friend.joinedAt}`}
          rowData={(friend) => ({
            'data-friend': friend.account,
            'data-qualified': String(friend.qualified),
            'data-reward': friend.reward?.status ?? 'none',
          })}
          columns={[
            { label: t('referral_friend_account'), render: (friend) => <bdi dir="ltr">{friend.account}</bdi> },
            { label: t('referral_friend_joined'), render: (friend) => formatDateTime(friend.joinedAt) },
            {
              label: t('referral_friend_status'),
              render: (friend) =>
                friend.qualified ? (
                  <StatusBadge tone="success">{t('referral_status_qualified')}</StatusBadge>
                ) : (
                  <StatusBadge tone="neutral">{t('referral_status_pending')}</StatusBadge>
                ),
            },
            {
              label: t('referral_friend_reward'),
              render: (friend) =>
                friend.reward ? (
                  <span className={styles.reward}>
                    <span>{formatMoney(friend.reward.amount, friend.reward.currency)}</span>
                    <StatusBadge tone={friend.reward.status === 'claimed' ? 'neutral' : 'info'}>
                      {friend.reward.status === 'claimed'
                        ? t('referral_reward_claimed')
                        : t('referral_reward_available')}
                    </StatusBadge>
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </Card>
  );
};
