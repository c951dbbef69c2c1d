import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { CenterLayout } from '../../../shared/ui/center-layout/center-layout';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { type AgentPage, defaultAgentPage, visibleAgentMenu } from '../agent-menu';

/**
 * /agentHome (login required): the agent centre, opening on the team overview. Contract pages appear once the
 * agent's consolidated data says which contracts apply.
 */
export const AgentHomePage = () => {
  const { t } = useTranslation('agent');
  const whitelabel = usePublicStore((state) => state.whitelabel);
  const items = visibleAgentMenu(whitelabel, null);
  const [page, setPage] = useState<AgentPage>(defaultAgentPage);
  const active = items.find((item) => item.page === page) ?? items[0];
  return (
    <CenterLayout
      title={t('hd_agent')}
      items={items.map((item) => ({ id: item.page, label: t(item.labelKey) }))}
      activeId={active?.page ?? defaultAgentPage}
      onSelect={setPage}
    >
      <PageFrame title={t(active?.labelKey ?? 'in_increase_overview')} eyebrow={t('hd_agent')}>
        <EmptyState />
      </PageFrame>
    </CenterLayout>
  );
};
