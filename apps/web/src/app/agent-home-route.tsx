import type { DownlineMember, GameCategory } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runningKindsOf, useConsolidated } from '../features/agent-contracts/api/agent-contracts-api';
import { OfferDialog } from '../features/agent-contracts/components/offer-dialog';
import { PendingOfferPopup } from '../features/agent-contracts/components/pending-offer-popup';
import {
  DailyWagesPanel,
  DividendRecordPanel,
  HourlySalaryPanel,
  RealtimeSalaryPanel,
} from '../features/agent-contracts/components/statement-records';
import { AgentHomePage } from '../features/agents/pages/agent-home-page';
import { gameTypeLabelKeys } from '../features/games/game-types';
import { usePublicStore } from '../shared/state/public-store';
import { Button } from '../shared/ui/button/button';

const categoryLabelKey = (category: GameCategory) => gameTypeLabelKeys[category];

const contractPanels = {
  agentDividendRecordCopy2: DividendRecordPanel,
  agentDailyWages2: DailyWagesPanel,
  agentHourSalary: HourlySalaryPanel,
  agentRealtimeSalary: RealtimeSalaryPanel,
};

/**
 * /agentHome: the agents feature's centre with the agent contracts handed in (features do not import each other):
 * the consolidated flags open the record pages, each downline member gets an offer button, and a pending offer
 * opens the contract popup.
 */
export const AgentHomeRoute = () => {
  const { t } = useTranslation('agent-contracts');
  const isLogin = usePublicStore((state) => state.isLogin);
  const flags = useConsolidated(isLogin);
  const [offerTo, setOfferTo] = useState<DownlineMember | null>(null);
  return (
    <>
      <AgentHomePage
        contracts={flags.data ? runningKindsOf(flags.data) : null}
        extraPanels={contractPanels}
        categoryLabelKey={categoryLabelKey}
        downlineAction={{
          label: t('contract_column'),
          render: (member) =>
            member.level === 1 ? (
              <Button size="sm" variant="outline" onClick={() => setOfferTo(member)} data-offer-to={member.account}>
                {t('contract_offer')}
              </Button>
            ) : null,
        }}
      />
      <PendingOfferPopup enabled={isLogin} />
      {offerTo ? (
        <OfferDialog downlineId={offerTo.memberId} downlineAccount={offerTo.account} onClose={() => setOfferTo(null)} />
      ) : null}
    </>
  );
};
