import {
  type AgentStatement,
  adminAgentContractEndpoints,
  agentContractEndpoints,
  formatMinor,
  rateOfBasisPoints,
} from '@tessera/contracts';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { RunRow, StatementRow } from './agent-contracts.repository';
import type { AgentContractsService } from './agent-contracts.service';

/** A statement for the wire: amounts in the contract's currency, the rate in percent. */
export const presentStatement = (row: StatementRow): AgentStatement => ({
  id: row.id,
  contractId: row.contractId,
  kind: row.kind,
  seq: row.seq,
  period: row.period as AgentStatement['period'],
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  inputs: Object.fromEntries(
    Object.entries(row.inputs).map(([key, value]) => [
      key,
      key === 'validBet' || key === 'loss' ? formatMinor(BigInt(value), row.currency) : value,
    ]),
  ),
  tier: row.tier,
  rate: row.rateBp === null ? null : rateOfBasisPoints(row.rateBp),
  amount: formatMinor(row.amount, row.currency),
  paid: formatMinor(row.paid, row.currency),
  status: row.status,
  payer: row.payer,
  downlineAccount: row.downlineAccount,
  uplineAccount: row.uplineAccount,
  createdAt: row.createdAt.toISOString(),
  prevHash: row.prevHash,
  hash: row.hash,
});

const presentRun = (row: RunRow) => ({
  id: row.id,
  contractId: row.contractId,
  kind: row.kind,
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  status: row.status,
  error: row.error,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  statementId: row.statementId,
  statementStatus: row.statementStatus,
  amount: row.amount === null ? null : formatMinor(BigInt(row.amount), row.currency),
  paid: row.paid === null ? null : formatMinor(BigInt(row.paid), row.currency),
});

const pageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
const actorOf = (ctx: AdminContext) => ({ operator: ctx.operator, caller: ctx });

/** The contract calls of the member site (api-facts 10) and the back office's contract screens. */
export const registerAgentContractsRoutes = (r: Registrar, contracts: AgentContractsService): void => {
  r.site(agentContractEndpoints.consolidated, async ({ ctx }) => contracts.consolidated(ctx.member));
  for (const kind of ['dividend', 'daily', 'hourly', 'realtime'] as const) {
    r.site(agentContractEndpoints[kind], async ({ input, ctx }) =>
      contracts.act(ctx.merchant, ctx.member, kind, input),
    );
  }
  r.site(agentContractEndpoints.statements, async ({ input, ctx }) => {
    const { rows, total, chainIntact } = await contracts.statements(ctx.member, input);
    return {
      currency: ctx.merchant.settings.currency,
      list: rows.map(presentStatement),
      pageNo: input.pageNo,
      totalPages: pageOf(total, input.pageSize),
      total,
      chainIntact,
    };
  });

  r.admin(adminAgentContractEndpoints.contracts, async ({ input, ctx }) => {
    const { rows, total } = await contracts.listContracts(ctx.merchant, input);
    return { list: rows, pageNo: input.pageNo, totalPages: pageOf(total, input.pageSize), total };
  });
  r.admin(adminAgentContractEndpoints.contract, async ({ params, ctx }) => contracts.contract(ctx.merchant, params.id));
  r.admin(adminAgentContractEndpoints.runs, async ({ input, ctx }) => {
    const { rows, total } = await contracts.listRuns(ctx.merchant, input);
    return { list: rows.map(presentRun), pageNo: input.pageNo, totalPages: pageOf(total, input.pageSize), total };
  });
  r.admin(adminAgentContractEndpoints.statements, async ({ input, ctx }) => {
    const { rows, total } = await contracts.listStatements(ctx.merchant, input);
    return {
      list: rows.map(presentStatement),
      pageNo: input.pageNo,
      totalPages: pageOf(total, input.pageSize),
      total,
    };
  });
  r.admin(adminAgentContractEndpoints.rerun, async ({ params, ctx }) =>
    presentRun(await contracts.rerun(ctx.merchant, params.id, actorOf(ctx))),
  );
  r.admin(adminAgentContractEndpoints.settings, async ({ ctx }) => contracts.settings(ctx.merchant));
  r.admin(adminAgentContractEndpoints.saveSettings, async ({ input, ctx }) => {
    await contracts.saveSettings(ctx.merchant, input, actorOf(ctx));
    return contracts.settings(ctx.merchant);
  });
};
