import {
  AGENT_TREE_MAX_DEPTH,
  type AgentSettings,
  type AgentSettingsInput,
  formatMinor,
  parseMoney,
  type RedEnvelopeSplit,
} from '@tessera/contracts';
import { splitEqual, splitRandom } from '@tessera/engines';
import type pg from 'pg';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { AccountService } from '../account';
import type { AdminService } from '../admin';
import type { AccountRef, LedgerService } from '../ledger';
import type { MembersService } from '../members';
import { presentEntry, type UplineTransferRule } from '../wallet';
import { parseRates, presentRates, ratesAboveCap } from './agents.rates';
import type { AgentsRepository, Executor } from './agents.repository';
import type { AgentSettingsRow, AgentsMoneyRepository } from './agents-money.repository';

/** A merchant that never saved its agent settings has these. */
export const DEFAULT_AGENT_SETTINGS: AgentSettingsRow = {
  maxDepth: AGENT_TREE_MAX_DEPTH,
  agentsCreateAgents: true,
  transferDown: 'any',
  transferUp: false,
  defaultRates: {},
};

type Actor = Parameters<AdminService['auditWith']>[1] & { operator: { operatorId: string; username: string } };

/** A short reference from the caller's request id, so a replay carries the same one. */
const referenceOf = (prefix: string, requestId: string) =>
  `${prefix}${requestId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

export const presentSettings = (row: AgentSettingsRow): AgentSettings => ({
  maxDepth: row.maxDepth,
  agentsCreateAgents: row.agentsCreateAgents,
  transferDown: row.transferDown,
  transferUp: row.transferUp,
  defaultRates: presentRates(row.defaultRates),
});

/**
 * The agent's money (decision 0075): transfers from its main wallet to a member of its downline or to its upline,
 * and red envelopes split among many downline members, each one ledger movement keyed by the caller's request id,
 * after the withdraw password (whose wrong answers the account service throttles); operators freeze agents and set
 * the merchant's agent settings, audited.
 */
export const createAgentsMoneyService = (deps: {
  repository: AgentsMoneyRepository;
  tree: Pick<AgentsRepository, 'node' | 'distance' | 'profile' | 'inTransaction'>;
  ledger: Pick<LedgerService, 'transfer' | 'post' | 'entries' | 'balance' | 'announceBalanceChange'>;
  account: Pick<AccountService, 'checkWithdrawPassword' | 'hasWithdrawPassword'>;
  members: Pick<MembersService, 'findById' | 'findByUsername'>;
  admin: Pick<AdminService, 'auditWith'>;
}) => {
  const { repository, tree, ledger, account, members, admin } = deps;

  const settingsOf = async (merchantCode: string, db?: Executor): Promise<AgentSettingsRow> =>
    (await repository.settings(merchantCode, db)) ?? DEFAULT_AGENT_SETTINGS;

  const parseAmount = (text: string, currency: string): bigint => {
    const parsed = parseMoney(text, currency);
    if (!parsed.ok) throw fieldError('amount', parsed.error);
    return parsed.minor;
  };

  const notFound = (path: string) => new AppError('not_found', { fieldErrors: [{ path, code: 'not_found' }] });

  /**
   * Runs a movement of the agent's main wallet in one transaction with its profile row held: a frozen agent (or
   * one demoted meanwhile) moves nothing, and a freeze waits for the movements already under way. A balance too
   * small is the ledger's own refusal, in the same statement as the debit, so concurrent movements never overdraw.
   */
  const moveAsAgent = async (
    merchant: MerchantContext,
    agentId: string,
    move: (client: pg.PoolClient) => Promise<{ transactionId: bigint; replayed: boolean }>,
    memberIds: string[],
  ) => {
    const posted = await tree
      .inTransaction(async (client) => {
        const profile = await repository.lockProfileShared(client, merchant.code, agentId);
        if (!profile) throw new AppError('error_not_agent');
        if (profile.frozen) throw new AppError('agent_frozen');
        return move(client);
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'insufficient_funds') {
          throw new AppError('insufficient_funds', { fieldErrors: [{ path: 'amount', code: 'insufficient_funds' }] });
        }
        throw error;
      });
    if (!posted.replayed) ledger.announceBalanceChange(merchant.code, [agentId, ...memberIds]);
    const { rows } = await ledger.entries({
      merchantCode: merchant.code,
      memberId: agentId,
      transactionId: posted.transactionId,
      offset: 0,
      limit: 1,
    });
    const row = rows[0];
    if (!row) throw new Error(`transaction ${posted.transactionId} has no posting of agent ${agentId}`);
    return presentEntry(row);
  };

  /** Refuses before any password check when the agent is frozen (the transaction checks again under its lock). */
  const requireActiveAgent = async (merchant: MerchantContext, agentId: string) => {
    const profile = await tree.profile(agentId);
    if (profile?.merchantCode !== merchant.code) throw new AppError('error_not_agent');
    if (profile.frozen) throw new AppError('agent_frozen');
  };

  const mainOf = (memberId: string): AccountRef => ({ member: memberId, wallet: 'main' });

  /** One transfer from the agent's main wallet to another member's, keyed by the request id. */
  const transferFromAgent = (
    merchant: MerchantContext,
    agent: { id: string; account: string },
    requestId: string,
    amount: bigint,
    movement: {
      type: 'transfer_downline' | 'transfer_upline';
      prefix: 'down' | 'up';
      to: { memberId: string; account: string };
    },
  ) =>
    moveAsAgent(
      merchant,
      agent.id,
      (client) =>
        ledger.transfer(
          {
            merchantCode: merchant.code,
            currency: merchant.settings.currency,
            type: movement.type,
            idempotencyKey: `agent-${movement.prefix}:${agent.id}:${requestId}`,
            reference: referenceOf(movement.prefix === 'down' ? 'D' : 'U', requestId),
            metadata: { from: agent.account, to: movement.to.account },
            from: mainOf(agent.id),
            to: mainOf(movement.to.memberId),
            amount,
          },
          client,
        ),
      [movement.to.memberId],
    );

  /**
   * The personal centre's transfer to upline (wallet module), for an agent (decision 0089): a frozen agent, or a
   * merchant whose agents may not transfer to their upline, refuses it; a plain member's is not the agents' rule.
   */
  const uplineRule: UplineTransferRule = {
    refusal: async (merchant, memberId) => {
      const profile = await tree.profile(memberId);
      if (profile?.merchantCode !== merchant.code) return null;
      if (profile.frozen) return 'agent_frozen';
      return (await settingsOf(merchant.code)).transferUp ? null : 'agent_transfer_up_off';
    },
    // As moveAsAgent: the agent's profile row held, so that a freeze waits for the transfer and every later one sees it.
    hold: async (merchant, memberId, move) => {
      if ((await tree.profile(memberId))?.merchantCode !== merchant.code) return move(undefined);
      return tree.inTransaction(async (client) => {
        const profile = await repository.lockProfileShared(client, merchant.code, memberId);
        if (profile?.frozen) throw new AppError('agent_frozen');
        if (profile && !(await settingsOf(merchant.code, client)).transferUp) {
          throw new AppError('agent_transfer_up_off');
        }
        return move(client);
      });
    },
  };

  return {
    settingsOf,
    uplineRule,

    /** Registrations through a frozen agent's affiliate code are refused (decision 0089). */
    affiliateRefusal: async (merchantCode: string, agentId: string) => {
      const profile = await tree.profile(agentId);
      return profile?.merchantCode === merchantCode && profile.frozen ? ('invitation_code_suspended' as const) : null;
    },

    /**
     * Whether the agent may create a downline now (register centre, agent links): not frozen, a downline agent
     * only where the merchant allows it, and not below the merchant's depth limit. Throws the refusal's code.
     */
    checkMayCreateDownline: async (
      merchant: Pick<MerchantContext, 'code'>,
      agentId: string,
      asAgent: boolean,
      client?: pg.PoolClient,
    ): Promise<{ rates: Record<string, number>; defaultRates: Record<string, number> }> => {
      // In the creating transaction (`client`), the agent's profile row is held: a freeze waits for the creation
      // under way, or the creation sees it (decision 0091).
      const profile = client
        ? await repository.lockProfileShared(client, merchant.code, agentId)
        : await tree.profile(agentId).then((row) => (row?.merchantCode === merchant.code ? row : null));
      if (!profile) throw new AppError('error_not_agent');
      if (profile.frozen) throw new AppError('agent_frozen');
      const settings = await settingsOf(merchant.code, client);
      if (asAgent && !settings.agentsCreateAgents) throw new AppError('agent_create_agents_off');
      const node = await tree.node(agentId, client);
      if (node && node.depth + 1 > settings.maxDepth) throw new AppError('agent_tree_too_deep');
      return { rates: profile.rates, defaultRates: settings.defaultRates };
    },

    /**
     * Registration through an agent's affiliate code (decision 0091): runs the member's insert in a transaction
     * holding the agent's profile row, so a freeze committed after the code was checked either waits for the
     * registration or refuses it (`invitation_code_suspended` on the code's field), never lets it through.
     */
    holdAffiliate: async <T>(
      merchantCode: string,
      agentId: string,
      work: (client: pg.PoolClient) => Promise<T>,
    ): Promise<T> =>
      tree.inTransaction(async (client) => {
        const profile = await repository.lockProfileShared(client, merchantCode, agentId);
        if (profile?.frozen) throw fieldError('affiliateCode', 'invitation_code_suspended');
        return work(client);
      }),

    /**
     * Sets a direct downline agent's rates (decision 0090): each at most the caller's own of the category (a
     * category the caller has no rate in takes none), the target's downline lowered to them, all in one
     * transaction holding the caller's row (shared) and the target's (for update).
     */
    setDownlineRates: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { memberId: string; rates: Partial<Record<string, string>> },
    ) => {
      const rates = parseRates('rates', input.rates);
      return tree.inTransaction(async (client) => {
        const own = await repository.lockProfileShared(client, merchant.code, member.memberId);
        if (!own) throw new AppError('error_not_agent');
        const distance = await tree.distance(member.memberId, input.memberId, client);
        if (distance === null || distance === 0) throw new AppError('not_found');
        if (own.frozen) throw new AppError('agent_frozen');
        if (distance > 1) throw new AppError('agent_rates_direct_only');
        const target = await repository.lockProfileForUpdate(client, merchant.code, input.memberId);
        if (!target) throw new AppError('agent_downline_not_agent');
        const above = ratesAboveCap(rates, own.rates, 'agent_rate_above_own');
        if (above.length > 0) throw new AppError('validation_failed', { fieldErrors: above });
        await repository.setRates(client, input.memberId, rates);
        const node = await tree.node(input.memberId, client);
        return { memberId: input.memberId, account: node?.account ?? '', rates: presentRates(rates) };
      });
    },

    // --- Member site (the agent centre) --------------------------------------------------------------------

    transferInfo: async (merchant: MerchantContext, member: MemberPrincipal) => {
      const { currency } = merchant.settings;
      const [settings, profile, node, balance, hasPassword] = await Promise.all([
        settingsOf(merchant.code),
        tree.profile(member.memberId),
        tree.node(member.memberId),
        ledger.balance({ merchantCode: merchant.code, currency, account: mainOf(member.memberId) }),
        account.hasWithdrawPassword(member),
      ]);
      const upline = node?.parentId ? await tree.node(node.parentId) : null;
      const upOn = settings.transferUp && merchant.modules.AGETRANSFERUP3 === true;
      return {
        currency,
        availableBalance: formatMinor(balance.available, currency),
        hasWithdrawPassword: hasPassword,
        frozen: profile?.frozen ?? false,
        transferDown: settings.transferDown,
        transferUp: upOn && upline !== null,
        uplineAccount: upline?.account ?? null,
      };
    },

    /** Main wallet to a downline member's main wallet, per the merchant's rule; once per request id. */
    transferDown: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { requestId: string; toAccount: string; amount: string; withdrawPassword: string },
    ) => {
      const { currency } = merchant.settings;
      const amount = parseAmount(input.amount, currency);
      await requireActiveAgent(merchant, member.memberId);
      const settings = await settingsOf(merchant.code);
      if (settings.transferDown === 'off') throw new AppError('agent_transfer_off');
      const recipient = await members.findByUsername(merchant.code, input.toAccount);
      const distance =
        recipient?.merchantCode === merchant.code ? await tree.distance(member.memberId, recipient.id) : null;
      if (!recipient || distance === null || distance === 0) throw notFound('toAccount');
      if (settings.transferDown === 'direct' && distance > 1) throw new AppError('agent_transfer_direct_only');
      const agent = await account.checkWithdrawPassword(member, input.withdrawPassword);
      const entry = await transferFromAgent(merchant, agent, input.requestId, amount, {
        type: 'transfer_downline',
        prefix: 'down',
        to: { memberId: recipient.id, account: recipient.account },
      });
      return { entry, toAccount: recipient.account };
    },

    /** Main wallet to the upline's main wallet, when the merchant allows it; once per request id. */
    transferUp: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { requestId: string; amount: string; withdrawPassword: string },
    ) => {
      const { currency } = merchant.settings;
      const amount = parseAmount(input.amount, currency);
      await requireActiveAgent(merchant, member.memberId);
      const settings = await settingsOf(merchant.code);
      if (!settings.transferUp) throw new AppError('agent_transfer_up_off');
      const node = await tree.node(member.memberId);
      const upline = node?.parentId ? await tree.node(node.parentId) : null;
      if (!upline || upline.merchantCode !== merchant.code) throw new AppError('no_upline');
      const agent = await account.checkWithdrawPassword(member, input.withdrawPassword);
      const entry = await transferFromAgent(merchant, agent, input.requestId, amount, {
        type: 'transfer_upline',
        prefix: 'up',
        to: { memberId: upline.memberId, account: upline.account },
      });
      return { entry, toAccount: upline.account };
    },

    /**
     * A red envelope: `amount` split exactly among the chosen downline members (equal, or random parts seeded by
     * the request so a retry splits the same way), one ledger movement with a leg per member.
     */
    redEnvelope: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: {
        requestId: string;
        memberIds: string[];
        amount: string;
        split: RedEnvelopeSplit;
        withdrawPassword: string;
      },
    ) => {
      const { currency } = merchant.settings;
      const amount = parseAmount(input.amount, currency);
      const count = input.memberIds.length;
      if (amount < BigInt(count)) {
        const min = formatMinor(BigInt(count), currency);
        throw new AppError('red_envelope_too_small', {
          fieldErrors: [{ path: 'amount', code: 'red_envelope_too_small', params: { min } }],
        });
      }
      await requireActiveAgent(merchant, member.memberId);
      const settings = await settingsOf(merchant.code);
      if (settings.transferDown === 'off') throw new AppError('agent_transfer_off');
      const distances = await repository.distancesBelow(member.memberId, input.memberIds);
      if (input.memberIds.some((id) => !distances.has(id))) throw notFound('memberIds');
      if (settings.transferDown === 'direct' && [...distances.values()].some((distance) => distance > 1)) {
        throw new AppError('agent_transfer_direct_only');
      }
      const agent = await account.checkWithdrawPassword(member, input.withdrawPassword);
      const parts =
        input.split === 'equal'
          ? splitEqual(amount, count)
          : splitRandom(amount, count, `${member.memberId}:${input.requestId}`);
      const accounts = await repository.accountsOf(input.memberIds);
      const entry = await moveAsAgent(
        merchant,
        member.memberId,
        (client) =>
          ledger.post(
            {
              merchantCode: merchant.code,
              currency,
              type: 'agent_red_envelope',
              idempotencyKey: `agent-envelope:${member.memberId}:${input.requestId}`,
              reference: referenceOf('R', input.requestId),
              metadata: { from: agent.account, recipients: count, split: input.split },
              legs: [
                { account: mainOf(member.memberId), amount: -amount },
                ...input.memberIds.map((id, i) => ({ account: mainOf(id), amount: parts[i] as bigint })),
              ],
            },
            client,
          ),
        input.memberIds,
      );
      return {
        entry,
        currency,
        parts: input.memberIds.map((id, i) => ({
          memberId: id,
          account: accounts.get(id) ?? '',
          amount: formatMinor(parts[i] as bigint, currency),
        })),
      };
    },

    // --- Back office -------------------------------------------------------------------------------------

    saveSettings: async (merchant: MerchantContext, input: AgentSettingsInput, actor: Actor) => {
      const defaultRates = parseRates('defaultRates', input.defaultRates);
      const next: AgentSettingsRow = {
        maxDepth: input.maxDepth,
        agentsCreateAgents: input.agentsCreateAgents,
        transferDown: input.transferDown,
        transferUp: input.transferUp,
        defaultRates,
      };
      return tree.inTransaction(async (client) => {
        const before = await settingsOf(merchant.code, client);
        const saved = await repository.saveSettings(client, merchant.code, next, actor.operator.username);
        await admin.auditWith(client, actor, {
          action: 'agent.settings',
          merchantCode: merchant.code,
          target: merchant.code,
          details: { before, after: saved },
        });
        return presentSettings(saved);
      });
    },

    /** Freezes or unfreezes an agent of the merchant, with the operator's reason, audited. */
    setFrozen: async (merchant: MerchantContext, memberId: string, frozen: boolean, reason: string, actor: Actor) => {
      const member = await members.findById(memberId);
      if (member?.merchantCode !== merchant.code) throw new AppError('not_found');
      await tree.inTransaction(async (client) => {
        if (!(await repository.setFrozen(client, merchant.code, memberId, frozen))) {
          throw new AppError('error_not_agent');
        }
        await admin.auditWith(client, actor, {
          action: frozen ? 'agent.freeze' : 'agent.unfreeze',
          merchantCode: merchant.code,
          target: memberId,
          details: { reason },
        });
      });
      return memberId;
    },
  };
};

export type AgentsMoneyService = ReturnType<typeof createAgentsMoneyService>;
