import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { CashReport } from '../../features/cashier/components/cash-report';
import cashier from '../../features/cashier/components/cashier.module.css';
import { DepositQueue } from '../../features/cashier/components/deposit-queue';
import { WithdrawalQueue } from '../../features/cashier/components/withdrawal-queue';
import { useMerchant } from '../../features/merchants/api/get-merchant';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

const tabs = ['withdrawals', 'deposits', 'report'] as const;
type Tab = (typeof tabs)[number];

/** The cashier desk of one merchant: withdrawal and deposit queues and the daily cash report; state in the URL. */
export const CashierPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const merchants = useMerchants();
  const allowed = {
    withdrawals: canOperator(operator.role, 'cashier.withdrawals'),
    deposits: canOperator(operator.role, 'cashier.deposits'),
    report: canOperator(operator.role, 'cashier.reports'),
  } satisfies Record<Tab, boolean>;
  const visibleTabs = tabs.filter((tab) => allowed[tab]);
  const requested = searchParams.get('tab') as Tab | null;
  const tab = requested && visibleTabs.includes(requested) ? requested : visibleTabs[0];
  const code = searchParams.get('merchant') ?? operator.merchantCode ?? merchants.data?.[0]?.code ?? '';
  const merchant = useMerchant(code);

  if (!tab) return <Navigate to="/merchants" replace />;
  const go = (next: Record<string, string>) => setSearchParams({ merchant: code, tab, ...next }, { replace: true });

  return (
    <>
      <PageHeader title={t('cashier.title')} description={t('cashier.description')} />
      <div className={cashier.stack}>
        <div className={cashier.filters}>
          {operator.merchantCode === null ? (
            <label className={cashier.filter}>
              <span>{t('cashier.merchant')}</span>
              <select value={code} onChange={(event) => go({ merchant: event.target.value })}>
                {(merchants.data ?? []).map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.name} ({m.code})
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className={cashier.tabs} role="tablist">
            {visibleTabs.map((name) => (
              <Button
                key={name}
                role="tab"
                aria-selected={name === tab}
                variant={name === tab ? 'primary' : 'secondary'}
                onClick={() => go({ tab: name })}
              >
                {t(`cashier.tabs.${name}`)}
              </Button>
            ))}
          </div>
        </div>
        {merchants.isPending ? <LoadingState /> : null}
        {merchants.isError ? <ErrorState error={merchants.error} /> : null}
        {code && tab === 'withdrawals' ? <WithdrawalQueue key={code} code={code} /> : null}
        {code && tab === 'deposits' ? <DepositQueue key={code} code={code} /> : null}
        {code && tab === 'report' && merchant.data ? (
          <CashReport key={code} code={code} timeZone={merchant.data.settings.timeZone} />
        ) : null}
      </div>
    </>
  );
};
