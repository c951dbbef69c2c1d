import { formatMinor } from '@tessera/contracts';
import { subscribe } from '../../platform/events';
import { defineModule, type ModuleServices } from '../../platform/modules';
import { createPromotionsRepository } from './promotions.repository';
import { registerPromotionsEngineAdminRoutes, registerPromotionsRoutes } from './promotions.routes';
import { createPromotionsService, type PromotionsService } from './promotions.service';
import { referralSubscribers, vipSubscribers } from './promotions.subscribers';
import { registerPromotionsAdminRoutes } from './promotions-admin.routes';
import { createRafflesRepository } from './raffles.repository';
import { registerRafflesAdminRoutes, registerRafflesRoutes } from './raffles.routes';
import { createRafflesService, type RafflesService } from './raffles.service';
import { createRebateRepository } from './rebate.repository';
import { registerRebateRoutes } from './rebate.routes';
import { createRebateService, type RebateService } from './rebate.service';
import { registerRebateAdminRoutes } from './rebate-admin.routes';
import { createRedEnvelopesRepository } from './red-envelopes.repository';
import { registerRedEnvelopesAdminRoutes, registerRedEnvelopesRoutes } from './red-envelopes.routes';
import { createRedEnvelopesService, type RedEnvelopesService } from './red-envelopes.service';
import { createReferralRepository } from './referral.repository';
import { registerReferralRoutes } from './referral.routes';
import { createReferralService, type ReferralService } from './referral.service';
import { registerReferralAdminRoutes } from './referral-admin.routes';
import { createRewardsRepository } from './rewards.repository';
import { registerRewardsRoutes } from './rewards.routes';
import { createRewardsService, type RewardEvaluator, type RewardsService } from './rewards.service';
import { createVipRepository } from './vip.repository';
import { registerVipRoutes } from './vip.routes';
import { createVipService, type VipService } from './vip.service';

export { createPromotionsService, type PromotionsService } from './promotions.service';
export { referralSubscribers, vipSubscribers } from './promotions.subscribers';
export { createRafflesService, type RafflesService } from './raffles.service';
export { createRedEnvelopesService, type RedEnvelopesService } from './red-envelopes.service';

import { demoRebateSettings } from './rebate.demo';

export { demoRebateSettings } from './rebate.demo';
export { presentRebateClaim, presentRebateSettings } from './rebate.presenter';
export { registerRebateRoutes } from './rebate.routes';
export { createRebateService, type MerchantRebateSettings, type RebateService } from './rebate.service';
export { presentAdminReferralSettings } from './referral.presenter';
export type { ReferralRepository, ReferralSettingsRow } from './referral.repository';
export { registerReferralRoutes } from './referral.routes';
export { createReferralService, type ReferralService } from './referral.service';
export { presentReward, presentRewardPage } from './rewards.presenter';
export type { RewardRow, RewardsRepository } from './rewards.repository';
export { registerRewardsRoutes } from './rewards.routes';
export {
  createRewardsService,
  type GrantReward,
  type RewardEvaluator,
  type RewardsService,
  rewardReference,
} from './rewards.service';
export { presentAdminVipLevel, presentAdminVipLevels } from './vip.presenter';
export type { VipLevelRow, VipRepository } from './vip.repository';
export { registerVipRoutes } from './vip.routes';
export { createVipService, type VipLevelsAudit, type VipService, type VipTotalsSource } from './vip.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /**
     * The reward centre: `grantReward` for capabilities that earn members money, the claim, and `addEvaluator`
     * for a programme whose earned rewards are granted when a member reads its rewards (a catch-up).
     */
    rewards: RewardsService & { addEvaluator: (evaluator: RewardEvaluator) => void };
    /** The VIP programme: levels per merchant, members' ranks, upgrade bonuses as rewards. */
    vip: VipService;
    /** The referral programme: friends' qualifying deposits earn their referrer rewards. */
    referral: ReferralService;
    /** The manual rebate: a share of valid bets, claimed by the member. */
    rebate: RebateService;
    /** The promotion engine: promotions members join, claim or apply for, paid as bonuses with wagering. */
    promotions: PromotionsService;
    /** Red envelopes created by operators: a committed fair split, one share per member, paid as bonuses. */
    redEnvelopes: RedEnvelopesService;
    /** Raffles created by operators: tickets from deposits and bets, a committed draw run by a job, prizes paid once. */
    raffles: RafflesService;
  }
}

export const rewardsModule = defineModule({
  name: 'rewards',
  create: ({ database, services }) => {
    const evaluators: RewardEvaluator[] = [];
    const rewards = createRewardsService({
      repository: createRewardsRepository(database.pool),
      ledger: services.ledger,
      evaluators,
    });
    return Object.assign(rewards, { addEvaluator: (evaluator: RewardEvaluator) => void evaluators.push(evaluator) });
  },
  routes: (registrar, rewards) => registerRewardsRoutes(registrar, rewards),
});

/** What the programmes' subscribers read of an event's merchant and member. */
const programmeReaders = (services: ModuleServices) => ({
  merchantOf: (code: string) => services.merchants.resolve({ code, host: '' }),
  memberOf: services.members.findById,
});

/** Reading a member's rewards first grants its VIP upgrade bonuses (decision 0040); deposits and bets do at once. */
export const vipModule = defineModule({
  name: 'vip',
  create: ({ database, services }) => {
    const vip = createVipService({
      repository: createVipRepository(database.pool),
      rewards: services.rewards,
      totals: { deposits: services.cashier.creditedDepositTotal, validBets: services.bets.validBetTotal },
    });
    services.rewards.addEvaluator((merchant, member) => vip.grantEarned(merchant, member));
    return vip;
  },
  // The back office's rewards desk and VIP levels (one set of routes for both programmes).
  routes: (registrar, vip, { services }) => {
    registerVipRoutes(registrar, vip);
    registerPromotionsAdminRoutes(registrar, {
      admin: services.admin,
      rewards: services.rewards,
      vip,
      merchants: services.merchants,
      members: services.members,
    });
  },
  subscribers: (vip, { services }) => vipSubscribers({ vip, ...programmeReaders(services) }),
  seedDemo: (vip, { merchantCode }) => vip.ensureDemoLevels(merchantCode),
});

/** Reading a member's rewards first grants what its referred friends earned it (decision 0044). */
export const referralModule = defineModule({
  name: 'referral',
  create: ({ database, services }) => {
    const referral = createReferralService({
      repository: createReferralRepository(database.pool),
      members: services.members,
      cashier: services.cashier,
      grantReward: services.rewards.grantReward,
    });
    services.rewards.addEvaluator((merchant, member) => referral.evaluate(merchant, member));
    return referral;
  },
  routes: (registrar, referral, { services }) => {
    registerReferralRoutes(registrar, referral);
    registerReferralAdminRoutes(registrar, { admin: services.admin, referral, merchants: services.merchants });
  },
  subscribers: (referral, { services }) => referralSubscribers({ referral, ...programmeReaders(services) }),
  // The demo's programme (REFERRAL3 is on, as every module is): 10.00 per friend whose deposits reach 50.00.
  seedDemo: (referral, { merchantCode, currency }) =>
    referral.seedSettings(merchantCode, currency, {
      enabled: true,
      rewardPerFriend: 1_000n,
      qualifyingDeposits: 5_000n,
      maxRewardedFriends: 100,
    }),
});

export const rebateModule = defineModule({
  name: 'rebate',
  create: ({ database, services }) =>
    createRebateService({
      repository: createRebateRepository(database.pool),
      bets: services.bets,
      ledger: services.ledger,
      limiter: services.limiter,
    }),
  routes: (registrar, rebate, { services }) => {
    registerRebateRoutes(registrar, rebate);
    registerRebateAdminRoutes(registrar, {
      admin: services.admin,
      rebate,
      merchants: services.merchants,
      members: services.members,
    });
  },
  // The demo's manual rebate (MANUALREBATE3 is on in its feature tree): rates per category, set once.
  seedDemo: (rebate, { merchantCode, currency }) => rebate.seedSettings(merchantCode, demoRebateSettings(currency)),
});

/**
 * The promotion engine (issue 28, decision 0082): promotions configured per merchant, members' entries, the deposit
 * and bet events that earn joined entries their bonus (the bonus wallet, `bonuses` module), the review queue.
 */
export const promotionsModule = defineModule({
  name: 'promotions',
  create: ({ database, services }) => {
    const promotions = createPromotionsService({
      repository: createPromotionsRepository(database.pool),
      bonuses: services.bonuses,
      memberOf: services.members.findById,
      vipRank: async (merchant, member) => (await services.vip.evaluate(merchant, member))?.rankLevel ?? 0,
      creditedDepositTotal: services.cashier.creditedDepositTotal,
      depositChannelKind: services.cashier.depositChannelKind,
      merchantOf: (code) => services.merchants.resolve({ code, host: '' }),
      limiter: services.limiter,
    });
    // A promotion's bonus is listed with the promotion's title in the reader's language (bonuses asks, we answer).
    services.bonuses.provideTitles(promotions.titlesIn);
    return promotions;
  },
  routes: (registrar, promotions, { services }) => {
    registerPromotionsRoutes(registrar, promotions);
    registerPromotionsEngineAdminRoutes(registrar, {
      admin: services.admin,
      promotions,
      members: services.members,
      bonuses: services.bonuses,
      content: services.content,
    });
  },
  // A real start's showcase only (with the demo's play history): test servers count their own promotions.
  seedDemo: async (promotions, { merchantCode, history }) => {
    if (history) await promotions.seedDemo(merchantCode);
  },
  subscribers: (promotions) => [
    subscribe('promotions.deposits', 'deposit.credited', (event, { tx }) => promotions.onDeposit(tx, event)),
    subscribe('promotions.bets', 'bet.settled', (event, { tx }) => promotions.onBet(tx, event)),
  ],
});

/**
 * Red envelopes created by operators (issue 28, decision 0098): the total split at creation from a committed server
 * seed (revealed after the window), one share per member claimed in split order, each paid as a bonus.
 */
export const redEnvelopesModule = defineModule({
  name: 'redEnvelopes',
  create: ({ database, services }) =>
    createRedEnvelopesService({
      repository: createRedEnvelopesRepository(database.pool),
      bonuses: services.bonuses,
      ledger: services.ledger,
      memberOf: services.members.findById,
      vipRank: async (merchant, member) => (await services.vip.evaluate(merchant, member))?.rankLevel ?? 0,
    }),
  routes: (registrar, envelopes, { services }) => {
    registerRedEnvelopesRoutes(registrar, envelopes);
    registerRedEnvelopesAdminRoutes(registrar, { admin: services.admin, envelopes });
  },
  seedDemo: (envelopes, { merchantCode, currency }) => envelopes.seedDemo(merchantCode, currency),
});

/**
 * Raffles created by operators (issue 28, decision 0122): members join, the deposit and bet events inside the ticket
 * window earn tickets once each, and the `raffles_draw_due` job draws each raffle once its draw time passed, from the
 * server seed committed at creation, paying each prize once from the promotions account. Winners get an inbox
 * message (from the `raffle.won` event, once per prize).
 */
export const rafflesModule = defineModule({
  name: 'raffles',
  create: ({ database, services }) =>
    createRafflesService({ repository: createRafflesRepository(database.pool), ledger: services.ledger }),
  routes: (registrar, raffles, { services }) => {
    registerRafflesRoutes(registrar, raffles);
    registerRafflesAdminRoutes(registrar, { admin: services.admin, raffles });
  },
  // A real start's showcase only (with the demo's play history): test servers count their own raffles.
  seedDemo: async (raffles, { merchantCode, currency, history }) => {
    if (history) await raffles.seedDemo(merchantCode, currency);
  },
  subscribers: (raffles, { services }) => [
    subscribe('raffles.deposits', 'deposit.credited', (event, { tx }) => raffles.onDeposit(tx, event)),
    subscribe('raffles.bets', 'bet.settled', (event, { tx }) => raffles.onBet(tx, event)),
    subscribe('raffles.notify', 'raffle.won', async (event) => {
      const merchant = await services.merchants.resolve({ code: event.merchantCode, host: '' });
      await services.messages.send({
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        type: 'raffle_won',
        params: {
          site: merchant?.settings.name ?? event.merchantCode,
          amount: formatMinor(BigInt(event.amount), event.currency),
          currency: event.currency,
        },
        dedupeKey: `raffle:${event.raffleId}:${event.prizeIndex}`,
      });
    }),
  ],
  jobs: (raffles) => [
    {
      name: 'raffles_draw_due',
      schedule: { everySeconds: 15 },
      run: (job) => job.once(() => raffles.drawDue()),
    },
  ],
});
