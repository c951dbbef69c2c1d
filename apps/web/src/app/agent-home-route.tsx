import type { DownlineMember, GameCategory } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runningKindsOf, useConsolidated } from '../features/agent-contracts/api/agent-contracts-api';
import { DownlineContractButtons, DownlineContractsDialog } from '../features/agent-contracts/components/contract-list';
import { OfferDialog } from '../features/agent-contracts/components/offer-dialog';
import {
  DailyWagesPanel,
  DividendRecordPanel,
  HourlySalaryPanel,
  RealtimeSalaryPanel,
} from '../features/agent-contracts/components/statement-records';
import { AgentHomePage } from '../features/agents/pages/agent-home-page';
import { gameTypeLabelKeys } from '../features/games/game-types';
import { usePublicStore } from '../shared/state/public-store';

const categoryLabelKey = (category: GameCategory) => gameTypeLabelKeys[category];

const contractPanels = {
  agentDividendRecordCopy2: DividendRecordPanel,
  agentDailyWages2: DailyWagesPanel,
  agentHourSalary: HourlySalaryPanel,
  agentRealtimeSalary: RealtimeSalaryPanel,
};

/**
 * /agentHome: the agents feature's centre with the agent contracts handed in (features do not import each other):
 * the consolidated flags open the record pages, and each direct downline member gets an offer button and its
 * contracts (withdraw an offer, terminate a running one). The contract popup is the shell's (site-wide).
 */
export const AgentHomeRoute = () => {
  const { t } = useTranslation('agent-contracts');
  const isLogin = usePublicStore((state) => state.isLogin);
  const flags = useConsolidated(isLogin);
  const [offerTo, setOfferTo] = useState<DownlineMember | null>(null);
  const [contractsWith, setContractsWith] = useState<DownlineMember | null>(null);
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
              <DownlineContractButtons
                account={member.account}
                onOffer={() => setOfferTo(member)}
                onContracts={() => setContractsWith(member)}
              />
            ) : null,
        }}
      />
      {contractsWith ? (
        <DownlineContractsDialog
          downlineId={contractsWith.memberId}
          downlineAccount={contractsWith.account}
          onOffer={() => {
            setContractsWith(null);
            setOfferTo(contractsWith);
          }}
          onClose={() => setContractsWith(null)}
        />
      ) : null}
      {offerTo ? (
        <OfferDialog downlineId={offerTo.memberId} downlineAccount={offerTo.account} onClose={() => setOfferTo(null)} />
      ) : null}
    </>
  );
};
