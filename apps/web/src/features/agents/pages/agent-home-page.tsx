import type { GameCategory } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { usePublicStore } from '../../../shared/state/public-store';
import { CenterLayout } from '../../../shared/ui/center-layout/center-layout';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { type AgentContracts, type AgentPage, builtAgentMenu, defaultAgentPage, visibleAgentMenu } from '../agent-menu';
import { useAgentAnnouncementsUnread } from '../api/agent-announcements-api';
import { useMyAgentApplication } from '../api/agents-api';
import { AgentAnnouncementsPanel } from '../components/agent-announcements-panel';
import { AgentClock } from '../components/agent-clock';
import { AgentIncomePanel } from '../components/agent-income-panel';
import { AgentTransfersPanel } from '../components/agent-transfers';
import { type DownlineAction, DownlinePanel } from '../components/downline-panel';
import { RedEnvelopePanel } from '../components/red-envelope';
import { RegisterCentrePanel } from '../components/register-centre-panel';
import { TeamBetsPanel } from '../components/team-bets-panel';
import { TeamOverviewPanel } from '../components/team-overview';
import { TeamProfitPanel } from '../components/team-profit-panel';
import { TeamTransactionsPanel } from '../components/team-transactions-panel';

/** The pages built so far; the menu shows only these (and the ones the app layer hands in). */
type Panels = Partial<Record<AgentPage, () => React.JSX.Element>>;
const panels: Panels = {
  agentAnnouncement: AgentAnnouncementsPanel,
  agentTeamOverview: TeamOverviewPanel,
  registerCenter: RegisterCentrePanel,
  palStatementsAgentCopy: TeamProfitPanel,
  agentRevenueReport: AgentIncomePanel,
  agentDownlineTransactionDetailsCopy: TeamTransactionsPanel,
  agentTransfer: AgentTransfersPanel,
  agentRedRain: RedEnvelopePanel,
};

export interface AgentHomePageProps {
  /** Which contract kinds the consolidated data enables (null: not known yet, no contract page shown). */
  contracts?: AgentContracts | null;
  /** Pages other features provide (the contract records), handed in by the app layer. */
  extraPanels?: Panels;
  /** A column of actions beside each downline member (the contract offer), handed in by the app layer. */
  downlineAction?: DownlineAction;
  /** The label key of a game category (the games feature's), for team betting. */
  categoryLabelKey: (category: GameCategory) => string;
}

/**
 * /agentHome (login required): the agent centre, opening on the team overview. The server says whether the member
 * is an agent; anyone else goes to /agent (where a member may apply). Contract pages appear once the agent's
 * consolidated data says which contracts apply.
 */
export const AgentHomePage = ({
  contracts = null,
  extraPanels,
  downlineAction,
  categoryLabelKey,
}: AgentHomePageProps) => {
  const { t, i18n } = useTranslation('agents');
  const whitelabel = usePublicStore((state) => state.whitelabel);
  const isLogin = usePublicStore((state) => state.isLogin);
  const status = useMyAgentApplication(isLogin);
  const unread = useAgentAnnouncementsUnread(i18n.language, status.data?.isAgent === true).data?.unread ?? 0;
  const built = new Set<AgentPage>([
    ...(Object.keys({ ...panels, ...extraPanels }) as AgentPage[]),
    'downlineManagmentView',
    'personalHistoryCopy',
  ]);
  const items = builtAgentMenu(visibleAgentMenu(whitelabel, contracts), built);
  const [page, setPage] = useState<AgentPage>(defaultAgentPage);
  if (status.isPending) return <InlineLoader />;
  if (status.data?.isAgent === false) return <Navigate to="/agent" replace />;
  const active = items.find((item) => item.page === page) ?? items[0];
  const Panel = active ? (extraPanels?.[active.page] ?? panels[active.page]) : undefined;
  return (
    <CenterLayout
      title={t('hd_agent')}
      items={items.map((item) => ({
        id: item.page,
        label: t(item.labelKey),
        ...(item.page === 'agentAnnouncement'
          ? { badge: { count: unread, label: t('agent_announcements_unread', { count: unread }) } }
          : {}),
      }))}
      activeId={active?.page ?? defaultAgentPage}
      onSelect={setPage}
    >
      <PageFrame title={t(active?.labelKey ?? 'in_increase_overview')} eyebrow={t('hd_agent')} actions={<AgentClock />}>
        {active?.page === 'downlineManagmentView' ? (
          <DownlinePanel action={downlineAction} categoryLabelKey={categoryLabelKey} />
        ) : active?.page === 'personalHistoryCopy' ? (
          <TeamBetsPanel categoryLabelKey={categoryLabelKey} />
        ) : Panel ? (
          <Panel />
        ) : (
          <EmptyState />
        )}
      </PageFrame>
    </CenterLayout>
  );
};
