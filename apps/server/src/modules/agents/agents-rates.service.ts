import {
  type AdminAgentRates,
  formatRebateRate,
  type GameCategory,
  gameCategories,
  REBATE_RATE_MAX_PPM,
} from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MerchantContext } from '../../platform/principals';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import { parseRates, presentRates, ratesAboveCap } from './agents.rates';
import type { AgentsRepository, Executor } from './agents.repository';
import type { AgentsMoneyRepository } from './agents-money.repository';

type Actor = Parameters<AdminService['auditWith']>[1];

/** The most each category may be: the upline agent's rate, else (a top agent) the rebate maximum. */
const capsOf = (upline: { rates: Record<string, number> } | null): Record<string, number> =>
  Object.fromEntries(
    gameCategories.map((category) => [category, upline ? (upline.rates[category] ?? 0) : REBATE_RATE_MAX_PPM]),
  );

const presentCaps = (caps: Record<string, number>): Record<GameCategory, string> =>
  Object.fromEntries(gameCategories.map((category) => [category, formatRebateRate(caps[category] ?? 0)])) as Record<
    GameCategory,
    string
  >;

/**
 * Operators' editing of an agent's rates (decision 0099): the same rates and lowering as an agent's for its direct
 * downline (decision 0090), bounded by the nearest upline agent's rates (a top agent by the rebate maximum), in one
 * transaction holding the upline's profile row (shared) and the agent's (for update), audited with before and after.
 */
export const createAgentsRatesService = (deps: {
  repository: Pick<AgentsMoneyRepository, 'lockNearestUplineAgent' | 'lockProfileForUpdate' | 'setRates'>;
  tree: Pick<AgentsRepository, 'node' | 'profile' | 'inTransaction'>;
  members: Pick<MembersService, 'findById'>;
  admin: Pick<AdminService, 'auditWith'>;
}) => {
  const { repository, tree, members, admin } = deps;

  /** Another merchant's member, or nobody, is not_found (ownership by merchant). */
  const requireMemberOf = async (merchant: MerchantContext, memberId: string): Promise<void> => {
    const member = await members.findById(memberId);
    if (member?.merchantCode !== merchant.code) throw new AppError('not_found');
  };

  const answerOf = async (
    memberId: string,
    rates: Record<string, number>,
    upline: { account: string; rates: Record<string, number> } | null,
    lowered: number,
    db?: Executor,
  ): Promise<AdminAgentRates> => ({
    memberId,
    account: (await tree.node(memberId, db))?.account ?? '',
    rates: presentRates(rates),
    uplineAccount: upline?.account ?? null,
    caps: presentCaps(capsOf(upline)),
    lowered,
  });

  return {
    /** An agent's rates and the most each may be. */
    ratesOf: async (merchant: MerchantContext, memberId: string): Promise<AdminAgentRates> => {
      await requireMemberOf(merchant, memberId);
      return tree.inTransaction(async (client) => {
        const upline = await repository.lockNearestUplineAgent(client, memberId);
        const profile = await tree.profile(memberId, client);
        if (profile?.merchantCode !== merchant.code) throw new AppError('error_not_agent');
        return answerOf(memberId, profile.rates, upline, 0, client);
      });
    },

    /**
     * Replaces an agent's rates: each at most its upline agent's (agent_rate_above_upline, params.max) and the
     * rebate maximum; the agents below it above the new rates are lowered to them. A refusal changes nothing.
     */
    setRates: async (
      merchant: MerchantContext,
      memberId: string,
      input: { rates: Partial<Record<string, string>> },
      actor: Actor,
    ): Promise<AdminAgentRates> => {
      const rates = parseRates('rates', input.rates);
      await requireMemberOf(merchant, memberId);
      return tree.inTransaction(async (client) => {
        // The upline first, as an agent setting its downline's rates holds its own row before the target's.
        const upline = await repository.lockNearestUplineAgent(client, memberId);
        const target = await repository.lockProfileForUpdate(client, merchant.code, memberId);
        if (!target) throw new AppError('error_not_agent');
        const above = ratesAboveCap(rates, capsOf(upline), 'agent_rate_above_upline');
        if (above.length > 0) throw new AppError('validation_failed', { fieldErrors: above });
        const lowered = await repository.setRates(client, memberId, rates);
        await admin.auditWith(client, actor, {
          action: 'agent.rates',
          merchantCode: merchant.code,
          target: memberId,
          details: { before: presentRates(target.rates), after: presentRates(rates), lowered },
        });
        return answerOf(memberId, rates, upline, lowered, client);
      });
    },
  };
};

export type AgentsRatesService = ReturnType<typeof createAgentsRatesService>;
