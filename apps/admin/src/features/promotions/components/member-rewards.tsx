import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Panel } from '../../../shared/ui/panel';
import { useMemberRewards } from '../api/get-member-rewards';
import styles from './promotions.module.css';

/** A member's rewards for the desk: what was granted for what, and whether and when it was claimed. */
export const MemberRewards = ({ code, memberId }: { code: string; memberId: string }) => {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const rewards = useMemberRewards(code, memberId, pageNo);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const list = rewards.data?.list ?? [];
  return (
    <Panel title={t('rewards.title')}>
      <div className={styles.stack} data-testid="member-rewards">
        <ListStates query={rewards} emptyMessage={t('rewards.empty')} />
        {list.length > 0 ? (
          <div className={table.wrap}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('rewards.granted')}</th>
                  <th scope="col">{t('rewards.reward')}</th>
                  <th scope="col">{t('rewards.amount')}</th>
                  <th scope="col">{t('rewards.status')}</th>
                  <th scope="col">{t('rewards.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((reward) => (
                  <tr key={reward.id} data-reward={reward.id}>
                    <td data-label={t('rewards.granted')}>{formatTime.format(Date.parse(reward.createdAt))}</td>
                    <td data-label={t('rewards.reward')}>
                      {t(`rewards.kinds.${reward.kind}`, { level: reward.params.rankLevel ?? '' })}
                    </td>
                    <td data-label={t('rewards.amount')} className={styles.number}>
                      {reward.amount} {reward.currency}
                    </td>
                    <td data-label={t('rewards.status')}>
                      {reward.claimedAt ? (
                        <Badge tone="success">
                          {t('rewards.claimedAt', { at: formatTime.format(Date.parse(reward.claimedAt)) })}
                        </Badge>
                      ) : (
                        <Badge tone="info">{t('rewards.available')}</Badge>
                      )}
                    </td>
                    <td data-label={t('rewards.reference')} className={table.mono}>
                      {reward.reference ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {rewards.data && rewards.data.totalPages > 1 ? (
          <Pagination pageNo={pageNo} totalPages={rewards.data.totalPages} onChange={setPageNo} />
        ) : null}
      </div>
    </Panel>
  );
};
