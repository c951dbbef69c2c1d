import type pg from 'pg';
import { subscribe } from '../../platform/events';
import { type DemoSeedContext, defineModule } from '../../platform/modules';
import { seedDemoAgentTeam } from './agents.demo';
import { createAgentsRepository } from './agents.repository';
import { registerAgentsRoutes } from './agents.routes';
import { type AgentsService, createAgentsService } from './agents.service';
import { createAgentsMoneyRepository } from './agents-money.repository';
import { registerAgentsMoneyRoutes } from './agents-money.routes';
import { type AgentsMoneyService, createAgentsMoneyService, DEFAULT_AGENT_SETTINGS } from './agents-money.service';
import { createAgentsRatesService } from './agents-rates.service';
import { createAgentsTeamRepository } from './agents-team.repository';
import { registerAgentsTeamRoutes } from './agents-team.routes';
import { createAgentsTeamService } from './agents-team.service';

export { DEMO_AGENT_PASSWORD, DEMO_AGENT_USERNAME } from './agents.demo';
export { MEMBER_DAYS_SQL } from './agents.recompute';
export type { AgentsService, TeamTotals } from './agents.service';
export type { AgentsMoneyService } from './agents-money.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    agents: AgentsService & { seedDemoTeam: (context: DemoSeedContext) => Promise<boolean> };
    /** Agents' transfers and red envelopes, freezing and the merchant's agent settings (decision 0075). */
    agentsMoney: AgentsMoneyService;
  }
}

/**
 * The agent programme (issue 24; decisions 0056-0058): affiliate applications decided in the back office, the
 * downline tree (a closure table) filled from member.registered, per-member daily rollups filled from settled bets,
 * credited deposits and paid withdrawals, and the agent centre reading them over the agent's own subtree only.
 */
export const agentsModule = defineModule({
  name: 'agents',
  create: (host) => {
    const settings = createAgentsMoneyRepository(host.database.pool);
    const settingsOf = async (merchantCode: string, client?: pg.PoolClient) =>
      (await settings.settings(merchantCode, client)) ?? DEFAULT_AGENT_SETTINGS;
    const agents = createAgentsService({
      repository: createAgentsRepository(host.database.pool),
      members: host.services.members,
      admin: host.services.admin,
      limiter: host.services.limiter,
      maxDepthOf: async (merchantCode, client) => (await settingsOf(merchantCode, client)).maxDepth,
      defaultRatesOf: async (merchantCode, client) => (await settingsOf(merchantCode, client)).defaultRates,
    });
    const { members, merchants, cashier, inhouse } = host.services;
    return Object.assign(agents, {
      /** The demo agent and its team with history (agents.demo), once. */
      seedDemoTeam: (context: DemoSeedContext) =>
        seedDemoAgentTeam({ agents, members, merchants, cashier, inhouse }, context),
    });
  },
  routes: (registrar, agents, { database, services }) => {
    const team = createAgentsTeamService({
      repository: createAgentsRepository(database.pool),
      team: createAgentsTeamRepository(database.replica),
      members: services.members,
      ledger: services.ledger,
      bets: services.bets,
      describeGames: services.games.describe,
      limiter: services.limiter,
      // Listed after this module: routes run once every module is built.
      mayCreateDownline: (merchant, agentId, asAgent, client) =>
        services.agentsMoney.checkMayCreateDownline(merchant, agentId, asAgent, client),
    });
    registerAgentsRoutes(registrar, agents, team);
    registerAgentsTeamRoutes(registrar, team);
  },
  seedDemo: (agents, context) => agents.seedDemoTeam(context),
  subscribers: (agents) => [
    subscribe('agents.tree', 'member.registered', (event, { tx }) => agents.placeRegistered(tx, event)),
    subscribe('agents.rollup.bets', 'bet.settled', (event, { tx }) =>
      agents.addToDay(tx, {
        memberId: event.memberId,
        merchantCode: event.merchantCode,
        day: event.settledAt,
        bets: event.betAmount,
        validBets: event.validBet,
        payouts: event.payout,
        // A correction (decision 0118) adds its differences to the figures, never a second bet.
        betCount: event.correction ? (event.rounds ?? 0) : 1,
      }),
    ),
    subscribe('agents.rollup.deposits', 'deposit.credited', (event, { tx }) =>
      agents.addToDay(tx, {
        memberId: event.memberId,
        merchantCode: event.merchantCode,
        day: null,
        deposits: event.amount,
        depositCount: 1,
      }),
    ),
    subscribe('agents.rollup.withdrawals', 'withdrawal.paid', (event, { tx }) =>
      agents.addToDay(tx, {
        memberId: event.memberId,
        merchantCode: event.merchantCode,
        day: null,
        withdrawals: event.amount,
        withdrawalCount: 1,
      }),
    ),
  ],
});

/**
 * The agents' money and the merchant's agent settings (decision 0075), listed after `agents`: transfers down and up
 * the tree and red envelopes through the ledger, freezing an agent, and the settings screen. It also rules on the
 * personal centre's transfer to upline and on affiliate codes at registration (decision 0089).
 */
export const agentsMoneyModule = defineModule({
  name: 'agentsMoney',
  create: (host) => {
    const money = createAgentsMoneyService({
      repository: createAgentsMoneyRepository(host.database.pool),
      tree: createAgentsRepository(host.database.pool),
      ledger: host.services.ledger,
      account: host.services.account,
      members: host.services.members,
      admin: host.services.admin,
    });
    // Modules listed before this one ask it at request time (decision 0089): the personal centre's transfer to
    // upline, and registrations through an agent's affiliate code.
    host.services.walletMoves.setUplineRule(money.uplineRule);
    host.services.register.addAffiliateCheck(money.affiliateRefusal);
    host.services.register.setAffiliateHold(money.holdAffiliate);
    return money;
  },
  routes: (registrar, money, { database, services }) => {
    const rates = createAgentsRatesService({
      repository: createAgentsMoneyRepository(database.pool),
      tree: createAgentsRepository(database.pool),
      members: services.members,
      admin: services.admin,
    });
    registerAgentsMoneyRoutes(registrar, { money, rates, agents: services.agents });
  },
});
