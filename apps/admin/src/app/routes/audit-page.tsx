import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { AuditLog, auditPageSizes } from '../../features/audit/components/audit-log';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

const positiveInt = (value: string | null, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const AuditPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!canOperator(operator.role, 'audit.read')) return <Navigate to="/merchants" replace />;
  const pageSize = positiveInt(searchParams.get('pageSize'), auditPageSizes[1]);
  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.description')} />
      <AuditLog
        pageNo={positiveInt(searchParams.get('pageNo'), 1)}
        pageSize={(auditPageSizes as readonly number[]).includes(pageSize) ? pageSize : auditPageSizes[1]}
        action={searchParams.get('action') ?? ''}
        onChange={({ pageNo, pageSize: size, action }) =>
          setSearchParams({
            pageNo: String(pageNo),
            pageSize: String(size),
            ...(action ? { action } : {}),
          })
        }
      />
    </>
  );
};
