import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createAgentContractsRepository } from './agent-contracts.repository';
import { registerAgentContractsRoutes } from './agent-contracts.routes';
import { type AgentContractsService, createAgentContractsService } from './agent-contracts.service';

export type { AgentContractsService } from './agent-contracts.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    agentContracts: AgentContractsService;
  }
}

/**
 * Agent contracts (issue 25; decisions 0076-0078): an upline's offers to its direct downline of a dividend, a daily,
 * an hourly or a real-time salary, their lifecycle, and their settlement once per (contract, period) on the
 * platform's jobs, each period's statement hash-chained per contract and paid through the ledger in the same
 * transaction. Team figures come from the agents service only.
 */
export const agentContractsModule = defineModule({
  name: 'agentContracts',
  create: (host) =>
    createAgentContractsService({
      repository: createAgentContractsRepository(host.database.pool),
      agents: host.services.agents,
      members: host.services.members,
      ledger: host.services.ledger,
      admin: host.services.admin,
    }),
  routes: (registrar, contracts) => registerAgentContractsRoutes(registrar, contracts),
  // Listed after the agents module, whose demo team it gives contracts to (decision 0093).
  seedDemo: (contracts, context) => contracts.seedDemo(context),
  jobs: (contracts) => [
    {
      name: 'agent_contracts_settle',
      schedule: { everySeconds: 60 },
      // Each (contract, period) is its own transaction under its own unique key; the job's row records the tick.
      run: (job) => job.once(() => contracts.settleDue(new Date())),
    },
  ],
  subscribers: (contracts) => [
    subscribe('agentContracts.accruals', 'bet.settled', (event, { tx }) => contracts.accrue(tx, event)),
    // Members on a break or self-excluded are left out of the periods they touch (decision 0110).
    subscribe('agentContracts.blocks', 'member.blocked', (event, { tx }) => contracts.recordBlock(tx, event)),
  ],
});
