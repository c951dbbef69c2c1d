import { type DashboardPeriod, dashboardPeriods } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { DashboardView } from '../../features/reports/components/dashboard-view';
import styles from '../../features/reports/components/reports.module.css';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

/** Where the back office opens: the merchant's figures and pending queues; merchant and period in the URL. */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const merchants = useMerchants();
  const code = searchParams.get('merchant') ?? operator.merchantCode ?? merchants.data?.[0]?.code ?? '';
  const asked = searchParams.get('period');
  const period = (dashboardPeriods as readonly string[]).includes(asked ?? '') ? (asked as DashboardPeriod) : 'today';
  const go = (next: Record<string, string>) => setSearchParams({ merchant: code, period, ...next }, { replace: true });
  return (
    <>
      <PageHeader title={t('reports.dashboardTitle')} description={t('reports.dashboardDescription')} />
      <div className={styles.stack}>
        {operator.merchantCode === null ? (
          <MerchantPicker code={code} onChange={(merchant) => go({ merchant })} />
        ) : null}
        {merchants.isPending ? <LoadingState /> : null}
        {merchants.isError ? <ErrorState error={merchants.error} /> : null}
        {code ? (
          <DashboardView key={code} code={code} period={period} onPeriod={(next) => go({ period: next })} />
        ) : null}
      </div>
    </>
  );
};

export const MerchantPicker = ({ code, onChange }: { code: string; onChange: (code: string) => void }) => {
  const { t } = useTranslation();
  const merchants = useMerchants();
  return (
    <div className={styles.toolbar}>
      <label className={styles.filter}>
        <span>{t('reports.merchant')}</span>
        <select value={code} onChange={(event) => onChange(event.target.value)}>
          {(merchants.data ?? []).map((m) => (
            <option key={m.code} value={m.code}>
              {m.name} ({m.code})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
};
