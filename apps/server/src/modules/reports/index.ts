import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createReportsRepository } from './reports.repository';
import { registerReportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

export { backfillRollups } from './reports.backfill';
export type { ReportsService } from './reports.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    reports: ReportsService;
  }
}

const sourceOf = (event: { uplineId: string | null; referredById: string | null }) =>
  event.uplineId ? 'affiliate' : event.referredById ? 'referral' : 'direct';

/**
 * The operator's day (issue 26; decision 0079): the back office's dashboard and reports, read from this module's own
 * hourly rollups kept by subscribers of bets, deposits, withdrawals, registrations and claimed rewards; pending
 * queues pushed to the desk when they change; exports built by a job.
 */
export const reportsModule = defineModule({
  name: 'reports',
  create: (host) =>
    createReportsService({
      repository: createReportsRepository(host.database.pool, host.database.replica),
      admin: host.services.admin,
      members: host.services.members,
      cashier: host.services.cashier,
      withdrawals: host.services.withdrawals,
      ledger: host.services.ledger,
      rewards: host.services.rewards,
      agents: host.services.agents,
      contact: host.services.contact,
      realtime: host.realtime,
    }),
  routes: (registrar, reports, { services }) => registerReportsRoutes(registrar, reports, services),
  jobs: (reports, { services }) => {
    const merchantOf = (code: string) => services.merchants.resolve({ code, host: '' });
    return [
      {
        name: 'reports_exports',
        schedule: { everySeconds: 3 },
        run: async (job) => {
          const claimed = await job.once((client) => reports.claimExport(client));
          if (claimed.ran && claimed.value) await reports.buildExport(claimed.value, merchantOf);
        },
      },
      {
        // Rollup rebuilds started from the back office (decision 0129): claimed in `once`, run after it.
        name: 'reports_rebuilds',
        schedule: { everySeconds: 3 },
        run: async (job) => {
          const claimed = await job.once((client) => reports.claimRebuild(client));
          if (claimed.ran && claimed.value) await reports.runRebuild(claimed.value);
        },
      },
      {
        name: 'reports_pending',
        schedule: { everySeconds: 5 },
        run: (job) =>
          job.once(async () => {
            const merchants = await services.merchants.list(null);
            await reports.publishPending(
              await Promise.all(merchants.filter((m) => m.enabled).map((m) => merchantOf(m.code))),
            );
          }),
      },
    ];
  },
  subscribers: (reports) => [
    subscribe('reports.bets', 'bet.settled', (event, { tx }) =>
      reports.facts.bet(tx, {
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        currency: event.currency,
        category: event.gameType,
        source: event.source,
        provider: event.provider,
        stake: event.betAmount,
        validBet: event.validBet,
        payout: event.payout,
        settledAt: event.settledAt,
        // A correction (decision 0118) adds its differences, never a second round.
        rounds: event.correction ? (event.rounds ?? 0) : 1,
      }),
    ),
    subscribe('reports.deposits', 'deposit.credited', (event, { tx, eventId }) =>
      reports.facts.deposit(tx, eventId, event),
    ),
    subscribe('reports.withdrawals', 'withdrawal.paid', (event, { tx, eventId }) =>
      reports.facts.withdrawal(tx, eventId, event),
    ),
    subscribe('reports.rewards', 'reward.claimed', (event, { tx, eventId }) =>
      reports.facts.reward(tx, eventId, event),
    ),
    subscribe('reports.registrations', 'member.registered', (event, { tx, eventId }) =>
      reports.facts.registration(tx, eventId, {
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        source: sourceOf(event),
      }),
    ),
  ],
});
