import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { usePublicStore } from '../../../shared/state/public-store';
import { CenterLayout } from '../../../shared/ui/center-layout/center-layout';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { type AgentPage, defaultAgentPage, visibleAgentMenu } from '../agent-menu';
import { useMyAgentApplication } from '../api/agents-api';
import { AgentClock } from '../components/agent-clock';
import { AgentLinkPanel } from '../components/agent-link-panel';
import { DownlinePanel } from '../components/downline-panel';
import { TeamOverviewPanel } from '../components/team-overview';

/** The pages with real data so far; the others show their empty state until their capability exists. */
const panels: Partial<Record<AgentPage, () => React.JSX.Element>> = {
  agentTeamOverview: TeamOverviewPanel,
  registerCenter: AgentLinkPanel,
  downlineManagmentView: DownlinePanel,
};

/**
 * /agentHome (login required): the agent centre, opening on the team overview. The server says whether the member
 * is an agent; anyone else goes to /agent (where a member may apply). Contract pages appear once the agent's
 * consolidated data says which contracts apply.
 */
export const AgentHomePage = () => {
  const { t } = useTranslation('agent');
  const whitelabel = usePublicStore((state) => state.whitelabel);
  const isLogin = usePublicStore((state) => state.isLogin);
  const status = useMyAgentApplication(isLogin);
  const items = visibleAgentMenu(whitelabel, null);
  const [page, setPage] = useState<AgentPage>(defaultAgentPage);
  if (status.isPending) return <InlineLoader />;
  if (status.data?.isAgent === false) return <Navigate to="/agent" replace />;
  const active = items.find((item) => item.page === page) ?? items[0];
  const Panel = active ? panels[active.page] : undefined;
  return (
    <CenterLayout
      title={t('hd_agent')}
      items={items.map((item) => ({ id: item.page, label: t(item.labelKey) }))}
      activeId={active?.page ?? defaultAgentPage}
      onSelect={setPage}
    >
      <PageFrame title={t(active?.labelKey ?? 'in_increase_overview')} eyebrow={t('hd_agent')} actions={<AgentClock />}>
        {Panel ? <Panel /> : <EmptyState />}
      </PageFrame>
    </CenterLayout>
  );
};
