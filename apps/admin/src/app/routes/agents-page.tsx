import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { AgentApplications } from '../../features/agents/components/agent-applications';
import { AgentSettingsScreen } from '../../features/agents/components/agent-settings';
import { AgentTree } from '../../features/agents/components/agent-tree';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';
import styles from './rebate-page.module.css';

const agentsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/agents`;

type AgentsTab = 'applications' | 'tree' | 'settings';

/** /agents: the merchant's agents, or a merchant to pick first. */
export const AgentsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="agents.read"
      title={t('agents.title')}
      description={t('agents.pickMerchant')}
      pathOf={agentsPathOf}
    />
  );
};

/** /merchants/:code/agents: the affiliate application queue and the agent tree (owner and risk decide and move). */
export const AgentsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: AgentsTab = asked === 'tree' || asked === 'settings' ? asked : 'applications';
  if (!canOperator(operator.role, 'agents.read')) return <Navigate to="/merchants" replace />;
  const canManage = canOperator(operator.role, 'agents.manage');
  return (
    <>
      <PageHeader
        title={t('agents.title')}
        description={t('agents.description', { code })}
        breadcrumb={<Link to="/agents">{t('agents.title')}</Link>}
      />
      <Tabs
        label={t('agents.title')}
        tabs={[
          { id: 'applications', label: t('agents.applicationsTab') },
          { id: 'tree', label: t('agents.treeTab') },
          { id: 'settings', label: t('agents.settingsTab') },
        ]}
        value={tab}
        onChange={(item) => setSearchParams(item === 'applications' ? {} : { tab: item }, { replace: true })}
      />
      <div role="tabpanel" className={styles.panel}>
        {tab === 'settings' ? (
          <AgentSettingsScreen code={code} canManage={canManage} />
        ) : tab === 'tree' ? (
          <AgentTree code={code} canManage={canManage} />
        ) : (
          <AgentApplications code={code} canManage={canManage} />
        )}
      </div>
    </>
  );
};
