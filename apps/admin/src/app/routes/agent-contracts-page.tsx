import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { AgentContractDetail } from '../../features/agent-contracts/components/agent-contract-detail';
import { AgentContractList } from '../../features/agent-contracts/components/agent-contract-list';
import { AgentContractSettings } from '../../features/agent-contracts/components/agent-contract-settings';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';
import styles from './rebate-page.module.css';

const contractsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/agent-contracts`;

type ContractsTab = 'contracts' | 'settings';

/** /agent-contracts: the merchant's agent contracts, or a merchant to pick first. */
export const AgentContractsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="agentContracts.read"
      title={t('agentContracts.title')}
      description={t('agentContracts.pickMerchant')}
      pathOf={contractsPathOf}
    />
  );
};

/** /merchants/:code/agent-contracts: the merchant's contracts and its contract settings (owner and finance change them). */
export const AgentContractsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: ContractsTab = searchParams.get('tab') === 'settings' ? 'settings' : 'contracts';
  if (!canOperator(operator.role, 'agentContracts.read')) return <Navigate to="/merchants" replace />;
  const canManage = canOperator(operator.role, 'agentContracts.manage');
  return (
    <>
      <PageHeader
        title={t('agentContracts.title')}
        description={t('agentContracts.description', { code })}
        breadcrumb={<Link to="/agent-contracts">{t('agentContracts.title')}</Link>}
      />
      <Tabs
        label={t('agentContracts.title')}
        tabs={[
          { id: 'contracts', label: t('agentContracts.contractsTab') },
          { id: 'settings', label: t('agentContracts.settingsTab') },
        ]}
        value={tab}
        onChange={(item) => setSearchParams(item === 'contracts' ? {} : { tab: item }, { replace: true })}
      />
      <div role="tabpanel" className={styles.panel}>
        {tab === 'settings' ? (
          <AgentContractSettings code={code} canManage={canManage} />
        ) : (
          <AgentContractList code={code} />
        )}
      </div>
    </>
  );
};

/** /merchants/:code/agent-contracts/:id: one contract, its transitions, runs and statements. */
export const AgentContractPage = () => {
  const { t } = useTranslation();
  const { code = '', id = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'agentContracts.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('agentContracts.contractTitle')}
        description={t('agentContracts.description', { code })}
        breadcrumb={<Link to={contractsPathOf(code)}>{t('agentContracts.title')}</Link>}
      />
      <AgentContractDetail code={code} id={id} canManage={canOperator(operator.role, 'agentContracts.manage')} />
    </>
  );
};
