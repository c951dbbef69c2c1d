import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { OutboxLog } from '../../features/verification/components/outbox-log';
import { outboxPageSizeOf } from '../../features/verification/lib/outbox-labels';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

const positiveInt = (value: string | null, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const OutboxPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!canOperator(operator.role, 'outbox.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader title={t('outbox.title')} description={t('outbox.description')} />
      <OutboxLog
        pageNo={positiveInt(searchParams.get('pageNo'), 1)}
        pageSize={outboxPageSizeOf(searchParams.get('pageSize'))}
        showMerchant={operator.merchantCode === null}
        onChange={({ pageNo, pageSize }) => setSearchParams({ pageNo: String(pageNo), pageSize: String(pageSize) })}
      />
    </>
  );
};
