import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { useRebateClaims } from '../api/list-rebate-claims';

const PAGE_SIZE = 20;

/** The merchant's rebate collections, newest first: who, when, from which categories, and what was paid. */
export const RebateClaims = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const claims = useRebateClaims(code, { pageNo, pageSize: PAGE_SIZE });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <ListStates query={claims} emptyMessage={t('rebate.claimsEmpty')} />
      {claims.data && claims.data.list.length > 0 ? (
        <>
          <div className={table.wrap}>
            <table className={table.table} data-testid="rebate-claims">
              <thead>
                <tr>
                  <th scope="col">{t('rebate.time')}</th>
                  <th scope="col">{t('rebate.member')}</th>
                  <th scope="col">{t('rebate.category')}</th>
                  <th scope="col">{t('rebate.validBet')}</th>
                  <th scope="col">{t('rebate.rounds')}</th>
                  <th scope="col">{t('rebate.paid')}</th>
                </tr>
              </thead>
              <tbody>
                {claims.data.list.map((claim) => (
                  <tr key={claim.id} data-claim={claim.id}>
                    <td data-label={t('rebate.time')}>{formatTime.format(Date.parse(claim.createdAt))}</td>
                    <td data-label={t('rebate.member')}>
                      <Link to={`/members/${encodeURIComponent(claim.memberId)}`}>
                        {claim.account ?? claim.memberId}
                      </Link>
                    </td>
                    <td data-label={t('rebate.category')}>
                      {claim.categories.map((part) => t(`rebate.categories.${part.productType}`)).join(', ')}
                    </td>
                    <td data-label={t('rebate.validBet')}>
                      {claim.validBet} {claim.currency}
                    </td>
                    <td data-label={t('rebate.rounds')}>{claim.roundCount}</td>
                    <td data-label={t('rebate.paid')}>
                      {claim.amount} {claim.currency}{' '}
                      {claim.amount !== claim.total ? (
                        <Badge tone="warning">{t('rebate.capped', { total: claim.total })}</Badge>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            pageNo={pageNo}
            totalPages={claims.data.totalPages}
            onChange={setPageNo}
            isDisabled={claims.isFetching}
          />
        </>
      ) : null}
    </>
  );
};
