import { reportKinds, reportPermissions } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { RebuildPanel } from '../../features/reports/components/rebuild-panel';
import { ReportView } from '../../features/reports/components/report-view';
import styles from '../../features/reports/components/reports.module.css';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantPicker } from './dashboard-page';

/** The reports the operator's role may read, for one merchant (in the URL). */
export const ReportsPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const merchants = useMerchants();
  const code = searchParams.get('merchant') ?? operator.merchantCode ?? merchants.data?.[0]?.code ?? '';
  const kinds = reportKinds.filter((kind) => canOperator(operator.role, reportPermissions[kind]));
  return (
    <>
      <PageHeader title={t('reports.reportsTitle')} description={t('reports.reportsDescription')} />
      <div className={styles.stack}>
        {operator.merchantCode === null ? (
          <MerchantPicker code={code} onChange={(merchant) => setSearchParams({ merchant }, { replace: true })} />
        ) : null}
        {code && kinds.length > 0 ? <ReportView key={code} code={code} kinds={kinds} /> : null}
        {code && canOperator(operator.role, 'reports.cash') ? (
          <RebuildPanel key={`rebuild-${code}`} code={code} />
        ) : null}
      </div>
    </>
  );
};
