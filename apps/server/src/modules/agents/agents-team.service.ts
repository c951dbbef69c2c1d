import {
  type AgentIncomeKind,
  type AgentRange,
  type CreateDownlineInput,
  type FieldError,
  formatMinor,
  isAgentType,
  type TeamTransactionKind,
  validateRegistrationField,
} from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { BetsService } from '../bets';
import type { LedgerService } from '../ledger';
import type { MembersService } from '../members';
import { fallbackRules } from '../register';
import { presentEntry } from '../wallet';
import { cappedRates } from './agents.rates';
import { type AgentsRepository, lockTree } from './agents.repository';
import { newAffiliateCode, presentFigures, sumFigures } from './agents.service';
import type { AgentsMoneyService } from './agents-money.service';
import type { AgentsTeamRepository } from './agents-team.repository';

/** Downline accounts one agent may create per hour (the register centre). */
export const DOWNLINES_PER_HOUR = 20;
const DAY_MS = 86_400_000;
const UNIQUE_VIOLATION = '23505';

/** The ledger transaction types each income kind is made of (money into the agent's own wallets). */
export const INCOME_TYPES: Record<AgentIncomeKind, readonly string[]> = {
  transfer: ['transfer_upline', 'transfer_downline', 'agent_red_envelope'],
  rebate: ['rebate'],
  contract: ['agent_contract_dividend', 'agent_contract_daily', 'agent_contract_hourly', 'agent_contract_realtime'],
};

/** The ledger transaction types each account-details kind is made of (the downline member's own postings). */
export const TEAM_TRANSACTION_TYPES: Record<TeamTransactionKind, readonly string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal', 'withdrawal_approved', 'withdrawal_rejected'],
  transfer: ['transfer_upline', 'transfer_downline', 'agent_red_envelope'],
  adjustment: ['adjustment'],
};

const kindOfType = <K extends string>(table: Record<K, readonly string[]>, type: string): K =>
  (Object.keys(table) as K[]).find((kind) => table[kind].includes(type)) as K;

/** A range of UTC days as the instants [from, until). */
const instantsOf = (range: AgentRange) => ({
  from: new Date(`${range.from}T00:00:00Z`),
  until: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS),
});

const pagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

type TeamFilter = AgentRange & { memberId?: string | undefined; account?: string | undefined };
type Page = { pageNo: number; pageSize: number };
type DescribeGames = (
  merchantCode: string,
  gameIds: readonly number[],
  language: string | null,
) => Promise<Map<number, { gameName: string; vendorName: string }>>;

/**
 * The agent centre's team pages (issue 24): creating a downline account, team betting, user profit and loss, my
 * income and account details. Everything is read over the caller's own downline: a memberId outside it answers
 * not_found; the other modules' rows are read through their services by the downline's member ids.
 */
export const createAgentsTeamService = (deps: {
  repository: AgentsRepository;
  team: AgentsTeamRepository;
  members: Pick<MembersService, 'findById' | 'findByIds' | 'create'>;
  ledger: Pick<LedgerService, 'membersEntries' | 'memberBalances'>;
  bets: Pick<BetsService, 'roundsOfMembers'>;
  describeGames: DescribeGames;
  limiter: Pick<SharedRateLimiter, 'hit'>;
  /** The merchant's rules on new downlines (frozen agent, downline agents, depth; decision 0075). */
  mayCreateDownline: AgentsMoneyService['checkMayCreateDownline'];
}) => {
  const { repository, team, members, ledger, bets, describeGames, limiter, mayCreateDownline } = deps;

  /**
   * The downline members a list covers, with their accounts: one member (not_found outside the downline), those
   * whose account contains the text, or the whole downline.
   */
  const membersOf = async (agentId: string, filter: TeamFilter) => {
    if (filter.memberId) {
      const distance = await repository.distance(agentId, filter.memberId);
      if (distance === null || distance === 0) throw new AppError('not_found');
    }
    return team.downlineMembers(agentId, { memberId: filter.memberId, account: filter.account?.trim() });
  };

  return {
    /**
     * Creates an account under the agent: the member row (its upline the agent) through the members module, then
     * its node in the tree (and an agent's profile) at once, so the downline shows it without waiting for the
     * registration event. Refused, creating nothing, for a frozen agent, an agent kind the merchant does not allow
     * (its modules or its agent settings), a tree as deep as the merchant's limit, a taken username.
     */
    createDownline: async (merchant: MerchantContext, agent: MemberPrincipal, input: CreateDownlineInput) => {
      const profile = await repository.profile(agent.memberId);
      if (!profile || profile.merchantCode !== merchant.code) throw new AppError('error_not_agent');
      if (merchant.modules.AGEREGDOWN3 !== true) throw new AppError('function.not.available');
      if (input.kind === 'agent' && merchant.modules.CREATEAFF3 !== true) throw fieldError('kind', 'field_not_allowed');
      await mayCreateDownline(merchant, agent.memberId, input.kind === 'agent');
      const rules = merchant.settings.registerRules;
      const errors: FieldError[] = [];
      for (const [path, value] of [
        ['username', input.username.trim()],
        ['password', input.password],
      ] as const) {
        const rule = rules[path] ?? fallbackRules[path];
        const error = rule ? validateRegistrationField(rule, value) : null;
        if (error)
          errors.push({
            path,
            code: error.code,
            ...('params' in error && error.params ? { params: error.params } : {}),
          });
      }
      if (input.confirmPassword !== input.password)
        errors.push({ path: 'confirmPassword', code: 'inconsistent_twice' });
      if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
      const allowed = await limiter.hit(`agent-create-downline:${agent.memberId}`, DOWNLINES_PER_HOUR, 3_600_000);
      if (!allowed.allowed) throw new AppError('too_many_requests');

      const username = input.username.trim();
      const asAgent = input.kind === 'agent';
      const agentType = asAgent && isAgentType(profile.agentType) ? profile.agentType : 0;
      const passwordHash = await hashPassword(input.password);
      for (let attempt = 0; ; attempt++) {
        const affiliateCode = asAgent ? newAffiliateCode() : null;
        // One transaction: the agent's rules checked again with its profile row held (a freeze committed after the
        // check above waits for this creation or refuses it, decision 0091), the member row, its node and profile.
        const outcome = await repository
          .inTransaction(async (client) => {
            const rules = await mayCreateDownline(merchant, agent.memberId, asAgent, client);
            const created = await members.create(
              {
                merchantCode: merchant.code,
                username: username.toLowerCase(),
                account: username,
                passwordHash,
                nickname: username,
                type: agentType,
                affiliateCode,
                uplineId: agent.memberId,
              },
              client,
            );
            if ('conflict' in created) throw fieldError('username', 'username_taken');
            const row = created.row;
            await lockTree(client, merchant.code);
            await repository.insertNode(client, {
              memberId: row.id,
              merchantCode: merchant.code,
              account: row.account,
              parentId: agent.memberId,
            });
            if (affiliateCode) {
              await repository.saveProfile(client, {
                memberId: row.id,
                merchantCode: merchant.code,
                agentType,
                affiliateCode,
                // The merchant's default rates, none above the creating agent's own (decision 0090).
                rates: cappedRates(rules.defaultRates, rules.rates),
              });
            }
            return row;
          })
          .catch((error: unknown) => {
            if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'retry' as const;
            throw error;
          });
        if (outcome === 'retry') {
          // An affiliate code drawn twice (32^8 codes): draw again.
          if (attempt >= 3) throw new Error('could not draw a free affiliate code');
          continue;
        }
        return { memberId: outcome.id, account: outcome.account, isAgent: asAgent, type: agentType };
      }
    },

    /** Status, last login and main-wallet balance of a page of downline members (downline management). */
    memberFacts: async (merchant: MerchantContext, memberIds: readonly string[]) => {
      const [rows, balances] = await Promise.all([
        members.findByIds(memberIds),
        Promise.all(
          memberIds.map((memberId) =>
            ledger
              .memberBalances({
                merchantCode: merchant.code,
                currency: merchant.settings.currency,
                memberId,
                wallets: ['main'],
              })
              .then(([main]) => [memberId, main?.balance ?? 0n] as const),
          ),
        ),
      ]);
      const balanceOf = new Map(balances);
      return new Map(
        rows
          .filter((row) => row.merchantCode === merchant.code)
          .map((row) => [
            row.id,
            {
              locked: row.lockedAt !== null,
              registeredAt: row.createdAt,
              lastLoginAt: row.lastLoginAt,
              balance: balanceOf.get(row.id) ?? 0n,
            },
          ]),
      );
    },

    /** Team betting: the downline's rounds placed in the range, newest first, with their totals. */
    bets: async (
      merchant: MerchantContext,
      agent: MemberPrincipal,
      language: string | null,
      query: TeamFilter &
        Page & { gameType?: string | undefined; status?: 'open' | 'settled' | 'cancelled' | undefined },
    ) => {
      const currency = merchant.settings.currency;
      const downline = await membersOf(agent.memberId, query);
      const accounts = new Map(downline.map((row) => [row.memberId, row.account]));
      const { rows, total, totals } = await bets.roundsOfMembers(
        {
          merchantCode: merchant.code,
          memberIds: [...accounts.keys()],
          ...instantsOf(query),
          gameType: query.gameType ?? null,
          status: query.status ?? null,
        },
        query,
      );
      const games = await describeGames(merchant.code, [...new Set(rows.map((row) => row.gameId))], language);
      return {
        currency,
        list: rows.map((row) => ({
          id: String(row.id),
          memberId: row.memberId,
          account: accounts.get(row.memberId) ?? '',
          roundId: row.roundRef,
          gameName: games.get(row.gameId)?.gameName ?? '',
          gameType: row.gameType,
          vendorName: games.get(row.gameId)?.vendorName ?? row.vendorCode,
          betAmount: formatMinor(row.betAmount, row.currency),
          validBet: formatMinor(row.validBet, row.currency),
          payout: formatMinor(row.payout, row.currency),
          winLoss: formatMinor(row.status === 'settled' ? row.payout - row.betAmount : 0n, row.currency),
          status: row.status,
          placedAt: row.placedAt.toISOString(),
          settledAt: row.settledAt?.toISOString() ?? null,
        })),
        pageNo: query.pageNo,
        totalPages: pagesOf(total, query.pageSize),
        total,
        summary: {
          betCount: totals.betCount,
          betAmount: formatMinor(totals.betAmount, currency),
          validBet: formatMinor(totals.validBet, currency),
          payout: formatMinor(totals.payout, currency),
          winLoss: formatMinor(totals.payout - totals.betAmount, currency),
        },
      };
    },

    /** User profit and loss: each downline member's own figures over the range (rollups), and the downline's. */
    profit: async (merchant: MerchantContext, agent: MemberPrincipal, query: TeamFilter & Page) => {
      const currency = merchant.settings.currency;
      if (query.memberId) {
        const distance = await repository.distance(agent.memberId, query.memberId);
        if (distance === null || distance === 0) throw new AppError('not_found');
      }
      const agentNode = await repository.node(agent.memberId);
      const { rows, total } = !agentNode
        ? { rows: [], total: 0 }
        : await repository.listNodes(
            query.memberId
              ? { memberId: query.memberId }
              : { ancestorId: agent.memberId, account: query.account?.trim() ?? '' },
            query,
            query,
          );
      const profiles = await repository.profilesOf(rows.map((row) => row.memberId));
      const sums = agentNode
        ? await team.downlineFigures(agent.memberId, query, {
            memberId: query.memberId,
            account: query.account?.trim(),
          })
        : null;
      return {
        currency,
        from: query.from,
        to: query.to,
        list: rows.map((row) => ({
          memberId: row.memberId,
          account: row.account,
          isAgent: profiles.has(row.memberId),
          level: row.depth - (agentNode?.depth ?? 0),
          figures: presentFigures(row, currency),
        })),
        pageNo: query.pageNo,
        totalPages: pagesOf(total, query.pageSize),
        total,
        sum: presentFigures(sums ?? sumFigures([]), currency),
      };
    },

    /** My income: money into the agent's own wallets in the range, by kind, with totals per kind. */
    income: async (
      merchant: MerchantContext,
      agent: MemberPrincipal,
      query: AgentRange & Page & { kind?: AgentIncomeKind | undefined },
    ) => {
      const currency = merchant.settings.currency;
      const kinds = query.kind ? [query.kind] : (Object.keys(INCOME_TYPES) as AgentIncomeKind[]);
      const { rows, total, sums } = await ledger.membersEntries({
        merchantCode: merchant.code,
        ownerIds: [agent.memberId],
        types: kinds.flatMap((kind) => INCOME_TYPES[kind]),
        ...instantsOf(query),
        credits: true,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const totalOf = (kind: AgentIncomeKind) =>
        formatMinor(
          INCOME_TYPES[kind].reduce((sum, type) => sum + (sums.get(type) ?? 0n), 0n),
          currency,
        );
      return {
        currency,
        list: rows.map((row) => ({ ...presentEntry(row), kind: kindOfType(INCOME_TYPES, row.type) })),
        pageNo: query.pageNo,
        totalPages: pagesOf(total, query.pageSize),
        total,
        totals: { transfer: totalOf('transfer'), rebate: totalOf('rebate'), contract: totalOf('contract') },
      };
    },

    /** Account details: the downline's deposits, withdrawals, transfers and adjustments in the range. */
    transactions: async (
      merchant: MerchantContext,
      agent: MemberPrincipal,
      query: TeamFilter & Page & { kind?: TeamTransactionKind | undefined },
    ) => {
      const downline = await membersOf(agent.memberId, query);
      const accounts = new Map(downline.map((row) => [row.memberId, row.account]));
      const kinds = query.kind ? [query.kind] : (Object.keys(TEAM_TRANSACTION_TYPES) as TeamTransactionKind[]);
      const { rows, total } = await ledger.membersEntries({
        merchantCode: merchant.code,
        ownerIds: [...accounts.keys()],
        types: kinds.flatMap((kind) => TEAM_TRANSACTION_TYPES[kind]),
        ...instantsOf(query),
        credits: false,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        currency: merchant.settings.currency,
        list: rows.map((row) => ({
          ...presentEntry(row),
          memberId: row.memberId,
          account: accounts.get(row.memberId) ?? '',
          kind: kindOfType(TEAM_TRANSACTION_TYPES, row.type),
        })),
        pageNo: query.pageNo,
        totalPages: pagesOf(total, query.pageSize),
        total,
      };
    },
  };
};

export type AgentsTeamService = ReturnType<typeof createAgentsTeamService>;
