import type { GameCategory, RebateClaim } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { useRebateClaims } from '../api/get-rebate-claims';

const PAGE_SIZE = 10;

/** The member's past collections, newest first: when, from which categories, the turnover and what was paid. */
export const RebateHistory = ({ categoryLabelKey }: { categoryLabelKey: (category: GameCategory) => string }) => {
  const { t } = useTranslation('rebate');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const claims = useRebateClaims({ pageNo, pageSize: PAGE_SIZE });
  return (
    <Card title={t('rebate_history')} name="rebate-history" isPadded={false}>
      <PagedRecords<RebateClaim>
        query={claims}
        pageNo={pageNo}
        onPageChange={setPageNo}
        rowKey={(claim) => claim.id}
        rowData={(claim) => ({ 'data-rebate-claim': claim.id, 'data-amount': claim.amount })}
        columns={[
          { label: t('rebate_collected_at'), render: (claim) => formatDateTime(claim.createdAt) },
          {
            label: t('rebate_categories'),
            render: (claim) =>
              claim.categories.map((part) => t(categoryLabelKey(part.productType), { ns: 'common' })).join(', '),
          },
          {
            label: t('rebate_valid_bet'),
            isNumeric: true,
            render: (claim) => formatMoney(claim.validBet, claim.currency),
          },
          { label: t('rebate_paid'), isNumeric: true, render: (claim) => formatMoney(claim.amount, claim.currency) },
        ]}
      />
    </Card>
  );
};
