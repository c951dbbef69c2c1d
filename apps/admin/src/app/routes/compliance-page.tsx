import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import {
  ExclusionRegister,
  KycQueue,
  KycThresholdsForm,
} from '../../features/responsible-gaming/components/compliance';
import { HarmMarkersReport } from '../../features/responsible-gaming/components/harm-markers';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

const tabs = ['kyc', 'harm', 'register', 'thresholds'] as const;
type ComplianceTab = (typeof tabs)[number];

const memberPathOf = (id: string) => `/members/${encodeURIComponent(id)}`;

/**
 * /responsible-gaming: identity documents to review, the daily markers of harm (decision 0109) and the withdrawal
 * thresholds per tier (compliance: owner, risk), and the exclusion register across merchants (every reader of
 * responsible gaming). Issue 31.
 */
export const CompliancePage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const merchants = useMerchants();
  if (!canOperator(operator.role, 'responsibleGaming.read')) return <Navigate to="/merchants" replace />;
  const isCompliance = canOperator(operator.role, 'responsibleGaming.compliance');
  const allowed = tabs.filter((tab) => tab === 'register' || isCompliance);
  const asked = searchParams.get('tab') as ComplianceTab | null;
  const tab: ComplianceTab = asked && allowed.includes(asked) ? asked : (allowed[0] ?? 'register');
  return (
    <>
      <PageHeader title={t('compliance.title')} description={t('compliance.description')} />
      <Tabs
        label={t('compliance.title')}
        tabs={allowed.map((id) => ({ id, label: t(`compliance.tab.${id}`) }))}
        value={tab}
        onChange={(item) => setSearchParams({ tab: item }, { replace: true })}
      />
      <div role="tabpanel">
        {tab === 'kyc' ? <KycQueue memberPathOf={memberPathOf} /> : null}
        {tab === 'harm' ? (
          <HarmMarkersReport
            merchantCode={operator.merchantCode}
            merchantCodes={(merchants.data ?? []).map((merchant) => merchant.code)}
            memberPathOf={memberPathOf}
          />
        ) : null}
        {tab === 'register' ? <ExclusionRegister memberPathOf={memberPathOf} /> : null}
        {tab === 'thresholds' ? (
          <KycThresholdsForm
            merchantCode={operator.merchantCode}
            merchantCodes={(merchants.data ?? []).map((merchant) => merchant.code)}
          />
        ) : null}
      </div>
    </>
  );
};
