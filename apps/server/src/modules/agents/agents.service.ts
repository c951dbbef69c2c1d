import { randomBytes } from 'node:crypto';
import {
  AGENT_TREE_MAX_DEPTH,
  type AgentApplicationInput,
  type AgentApplicationStatus,
  type AgentRange,
  formatMinor,
  isAgentType,
} from '@tessera/contracts';
import type pg from 'pg';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import { presentRates } from './agents.rates';
import {
  type AgentsRepository,
  type FiguresRow,
  lockTree,
  lockTreeShared,
  type NodeRow,
  type TeamTotalsRow,
} from './agents.repository';

/** An agent's downline totals over a range (minor units), as `teamTotals` answers them. */
export type TeamTotals = TeamTotalsRow;

const AFFILIATE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A fresh affiliate code: 8 letters and digits (the demo's registration rule takes 4 to 20). */
export const newAffiliateCode = (): string =>
  Array.from(randomBytes(8), (b) => AFFILIATE_ALPHABET[b % AFFILIATE_ALPHABET.length]).join('');

const UNIQUE_VIOLATION = '23505';
/** Applications one member may file per 24 hours (each after the last was decided). */
export const APPLICATIONS_PER_DAY = 3;

/** Who acts in the back office, for the audit log. */
type Actor = Parameters<AdminService['auditWith']>[1] & { operator: { operatorId: string; username: string } };

/** Figures for the wire: major units of the merchant's currency, win/loss = payouts − bets. */
export const presentFigures = (row: FiguresRow, currency: string) => ({
  deposits: formatMinor(row.deposits, currency),
  depositCount: row.depositCount,
  withdrawals: formatMinor(row.withdrawals, currency),
  withdrawalCount: row.withdrawalCount,
  bets: formatMinor(row.bets, currency),
  validBets: formatMinor(row.validBets, currency),
  betCount: row.betCount,
  payouts: formatMinor(row.payouts, currency),
  winLoss: formatMinor(row.payouts - row.bets, currency),
});

export const sumFigures = (rows: readonly FiguresRow[]): FiguresRow =>
  rows.reduce<FiguresRow>(
    (total, row) => ({
      deposits: total.deposits + row.deposits,
      depositCount: total.depositCount + row.depositCount,
      withdrawals: total.withdrawals + row.withdrawals,
      withdrawalCount: total.withdrawalCount + row.withdrawalCount,
      bets: total.bets + row.bets,
      validBets: total.validBets + row.validBets,
      payouts: total.payouts + row.payouts,
      betCount: total.betCount + row.betCount,
    }),
    {
      deposits: 0n,
      depositCount: 0,
      withdrawals: 0n,
      withdrawalCount: 0,
      bets: 0n,
      validBets: 0n,
      payouts: 0n,
      betCount: 0,
    },
  );

const pageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const createAgentsService = (deps: {
  repository: AgentsRepository;
  members: Pick<MembersService, 'findById' | 'update'>;
  admin: Pick<AdminService, 'auditWith'>;
  limiter: Pick<SharedRateLimiter, 'hit'>;
  /** The merchant's depth limit (its agent settings, decision 0075; at most AGENT_TREE_MAX_DEPTH). */
  maxDepthOf?: (merchantCode: string, client?: pg.PoolClient) => Promise<number>;
  /** The merchant's default rates of a new agent, ppm per category (its agent settings, decision 0090). */
  defaultRatesOf?: (merchantCode: string, client?: pg.PoolClient) => Promise<Record<string, number>>;
}) => {
  const { repository, members, admin, limiter } = deps;
  const maxDepthOf = deps.maxDepthOf ?? (async () => AGENT_TREE_MAX_DEPTH);
  const defaultRatesOf = deps.defaultRatesOf ?? (async () => ({}));

  /** The member's node, placing it (as a top) first when the module has not seen it yet. */
  const ensureNode = async (client: pg.PoolClient, merchantCode: string, memberId: string): Promise<NodeRow | null> => {
    const existing = await repository.node(memberId, client);
    if (existing) return existing;
    const member = await members.findById(memberId);
    if (!member || member.merchantCode !== merchantCode) return null;
    // Placed under its registered upline as member.registered would place it: a node made first by another path
    // (an agent approved before its registration's event was delivered) must not become a top of its own.
    const upline = member.uplineId ? await ensureNode(client, merchantCode, member.uplineId) : null;
    const parentId = upline && upline.depth < (await maxDepthOf(merchantCode, client)) ? upline.memberId : null;
    await repository.insertNode(client, { memberId, merchantCode, account: member.account, parentId });
    return repository.node(memberId, client);
  };

  /** A member of the agent's downline (not the agent itself); anyone else answers not_found. */
  const requireDownline = async (agentId: string, memberId: string): Promise<void> => {
    const distance = await repository.distance(agentId, memberId);
    if (distance === null || distance === 0) throw new AppError('not_found');
  };

  const overviewOf = async (merchant: MerchantContext, agentId: string, range: AgentRange) => {
    const totals = await repository.teamTotals(agentId, range.from, range.to);
    const figures = totals ?? { ...sumFigures([]), teamMembers: 0, directMembers: 0, joined: 0, active: 0 };
    return {
      currency: merchant.settings.currency,
      from: range.from,
      to: range.to,
      directMembers: figures.directMembers,
      teamMembers: figures.teamMembers,
      newMembers: figures.joined,
      activeMembers: figures.active,
      figures: presentFigures(figures, merchant.settings.currency),
    };
  };

  /**
   * Makes a member of the merchant an agent of `agentType` (or changes its type): the members module's type and, if
   * it has none, a fresh affiliate code (retrying a clash), the module's profile and its node. In `client`'s
   * transaction; answers the member's id.
   */
  const becomeAgent = async (
    client: pg.PoolClient,
    merchant: Pick<MerchantContext, 'code'>,
    memberId: string,
    agentType: number,
  ): Promise<string> => {
    const member = await members.findById(memberId);
    if (!member || member.merchantCode !== merchant.code) throw new AppError('not_found');
    let affiliateCode = member.affiliateCode;
    if (affiliateCode) await members.update(member.id, { type: agentType });
    for (let attempt = 0; !affiliateCode; attempt++) {
      const code = newAffiliateCode();
      try {
        await members.update(member.id, { type: agentType, affiliateCode: code });
        affiliateCode = code;
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 4) throw error;
      }
    }
    await lockTree(client, merchant.code);
    await ensureNode(client, merchant.code, member.id);
    await repository.saveProfile(client, {
      memberId: member.id,
      merchantCode: merchant.code,
      agentType,
      affiliateCode,
      // A new agent starts at the merchant's default rates (an existing one keeps its own).
      rates: await defaultRatesOf(merchant.code, client),
    });
    return member.id;
  };

  return {
    /**
     * Places a newly registered member under its upline (member.registered), in the delivery's transaction. An
     * upline the module has not seen yet is placed first as a top. Redelivery places nothing twice.
     */
    placeRegistered: async (
      client: pg.PoolClient,
      event: { merchantCode: string; memberId: string; uplineId: string | null },
    ): Promise<void> => {
      const member = await members.findById(event.memberId);
      if (!member || member.merchantCode !== event.merchantCode) return;
      await lockTree(client, event.merchantCode);
      if (await repository.node(event.memberId, client)) return;
      const parent = event.uplineId ? await ensureNode(client, event.merchantCode, event.uplineId) : null;
      // A tree as deep as the merchant's limit takes the member at the top of its own tree instead of refusing a registration.
      const parentId = parent && parent.depth < (await maxDepthOf(event.merchantCode, client)) ? parent.memberId : null;
      await repository.insertNode(client, {
        memberId: event.memberId,
        merchantCode: event.merchantCode,
        account: member.account,
        parentId,
      });
    },

    /**
     * The demo seed (agents.demo): places a member under its registered upline and, with an agent type, makes it an
     * agent as an approval would (an affiliate code, the merchant's default rates).
     */
    placeDemo: (merchantCode: string, memberId: string, agentType: number) =>
      repository.inTransaction(async (client) => {
        if (agentType > 0) {
          await becomeAgent(client, { code: merchantCode }, memberId, agentType);
          return;
        }
        await lockTree(client, merchantCode);
        await ensureNode(client, merchantCode, memberId);
      }),

    /** Adds an event's figures to a member's day and to its team's (the rollup subscribers, in their delivery). */
    addToDay: async (client: pg.PoolClient, row: Parameters<AgentsRepository['addToDay']>[1]): Promise<void> => {
      await lockTreeShared(client, row.merchantCode);
      await repository.addToDay(client, row);
    },

    /**
     * An agent's downline totals over a range of UTC days (inclusive, `YYYY-MM-DD`, at most AGENT_RANGE_MAX_DAYS
     * long), in minor units, the agent's own play not counted: one indexed read (decision 0057). The stable entry
     * for other modules (agent contracts, issue 25). null when the member is not in the merchant's tree.
     */
    teamTotals: async (
      merchant: Pick<MerchantContext, 'code'>,
      agentMemberId: string,
      fromDay: string,
      toDay: string,
    ): Promise<TeamTotalsRow | null> => {
      const node = await repository.node(agentMemberId);
      if (node?.merchantCode !== merchant.code) return null;
      return repository.teamTotals(agentMemberId, fromDay, toDay);
    },

    // --- For other modules (agent contracts) -------------------------------------------------------------------

    /**
     * The own figures over a range of UTC days of those of `memberIds` in the agent's downline, and how many of them
     * had a settled bet: what agent contracts take out of `teamTotals` for members they leave out (decision 0110).
     */
    downlineOwnTotals: async (
      merchant: Pick<MerchantContext, 'code'>,
      agentMemberId: string,
      memberIds: readonly string[],
      fromDay: string,
      toDay: string,
    ) => {
      const node = await repository.node(agentMemberId);
      if (node?.merchantCode !== merchant.code || memberIds.length === 0) {
        return { members: 0, bets: 0n, validBets: 0n, payouts: 0n };
      }
      return repository.downlineOwnTotals(agentMemberId, memberIds, fromDay, toDay);
    },

    /** The member's direct upline in the tree (null: a top, or a member the tree has not placed). */
    directUplineOf: async (memberId: string): Promise<string | null> =>
      (await repository.node(memberId))?.parentId ?? null,

    /** Whether `memberId` is in `agentId`'s downline (at any level, the agent itself excluded). */
    isInDownline: async (agentId: string, memberId: string): Promise<boolean> =>
      ((await repository.distance(agentId, memberId)) ?? 0) > 0,

    /** Every member of an agent's downline at any depth, the agent left out (an operator's message to a team). */
    downlineIds: (agentId: string): Promise<string[]> => repository.downlineIds(agentId),

    /** Every upline of a member, nearest first; `client`: read inside the caller's transaction. */
    uplinesOf: (memberId: string, client?: pg.PoolClient): Promise<string[]> => repository.uplines(memberId, client),

    /** Which of these members are frozen agents (downline management's status). */
    frozenOf: async (memberIds: readonly string[]): Promise<Set<string>> => {
      const profiles = await repository.profilesOf(memberIds);
      return new Set([...profiles.values()].filter((profile) => profile.frozen).map((profile) => profile.memberId));
    },

    // --- Member site -------------------------------------------------------------------------------------------

    myApplication: async (member: MemberPrincipal) => {
      const application = await repository.latestApplication(member.memberId);
      return { isAgent: isAgentType(member.type), application };
    },

    apply: async (merchant: MerchantContext, member: MemberPrincipal, input: AgentApplicationInput) => {
      if (isAgentType(member.type)) throw new AppError('agent_already');
      const row = await members.findById(member.memberId);
      if (!row || row.merchantCode !== merchant.code) throw new AppError('not_found');
      const pending = await repository.latestApplication(member.memberId);
      if (pending?.status === 'pending') throw new AppError('agent_application_pending');
      // Applying again after a rejection is allowed, a few times a day: the operators' queue is not a chat.
      const allowed = await limiter.hit(`agent-apply:${member.memberId}`, APPLICATIONS_PER_DAY, 86_400_000);
      if (!allowed.allowed) throw new AppError('too_many_requests');
      const application = await repository.insertApplication({
        merchantCode: merchant.code,
        memberId: member.memberId,
        account: row.account,
        contactName: input.contactName,
        contactMobile: input.contactMobile,
        message: input.message,
      });
      if (!application) throw new AppError('agent_application_pending');
      return application;
    },

    link: async (member: MemberPrincipal) => {
      const profile = await repository.profile(member.memberId);
      const row = profile ? null : await members.findById(member.memberId);
      const affiliateCode = profile?.affiliateCode ?? row?.affiliateCode;
      if (!affiliateCode) throw new AppError('not_found');
      return {
        affiliateCode,
        agentType: profile?.agentType ?? member.type,
        frozen: profile?.frozen ?? false,
        rates: presentRates(profile?.rates ?? {}),
      };
    },

    overview: (merchant: MerchantContext, member: MemberPrincipal, range: AgentRange) =>
      overviewOf(merchant, member.memberId, range),

    report: async (merchant: MerchantContext, member: MemberPrincipal, query: AgentRange & { memberId?: string }) => {
      if (query.memberId) await requireDownline(member.memberId, query.memberId);
      const rows = await repository.figuresByDay(
        query.memberId ?? member.memberId,
        query.from,
        query.to,
        query.memberId ? 'own' : 'team',
      );
      const currency = merchant.settings.currency;
      return {
        currency,
        from: query.from,
        to: query.to,
        days: rows.map((row) => ({ day: row.day, figures: presentFigures(row, currency) })),
        total: presentFigures(sumFigures(rows), currency),
      };
    },

    downline: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      query: AgentRange & { parentId?: string; account?: string; pageNo: number; pageSize: number },
    ) => {
      const agentId = member.memberId;
      const parentId = query.parentId ?? agentId;
      if (parentId !== agentId) await requireDownline(agentId, parentId);
      const agentNode = await repository.node(agentId);
      const account = query.account?.trim();
      const { rows, total } = !agentNode
        ? { rows: [], total: 0 }
        : account
          ? await repository.listNodes({ ancestorId: agentId, account }, query, query)
          : await repository.listNodes({ parentId }, query, query);
      const profiles = await repository.profilesOf(rows.map((row) => row.memberId));
      const trail = agentNode ? await repository.trail(agentId, account ? agentId : parentId) : [];
      const currency = merchant.settings.currency;
      const top = trail.at(-1) ?? { memberId: agentId, account: '' };
      return {
        currency,
        parent: top,
        trail,
        list: rows.map((row) => ({
          memberId: row.memberId,
          account: row.account,
          type: profiles.get(row.memberId)?.agentType ?? 0,
          isAgent: profiles.has(row.memberId),
          level: row.depth - (agentNode?.depth ?? 0),
          joinedAt: row.joinedAt.toISOString(),
          directMembers: row.directMembers,
          figures: presentFigures(row, currency),
          rates: presentRates(profiles.get(row.memberId)?.rates ?? {}),
        })),
        pageNo: query.pageNo,
        totalPages: pageOf(total, query.pageSize),
        total,
      };
    },

    // --- Back office -------------------------------------------------------------------------------------------

    listApplications: async (
      merchant: MerchantContext,
      query: { status?: AgentApplicationStatus; pageNo: number; pageSize: number },
    ) => {
      const { rows, total } = await repository.listApplications(merchant.code, query.status, query);
      return { rows, total, totalPages: pageOf(total, query.pageSize) };
    },

    /**
     * Approves (the member becomes an agent of `agentType` with an affiliate code, placed in the tree) or rejects
     * a pending application, audited in the same transaction.
     */
    decide: async (
      merchant: MerchantContext,
      id: string,
      decision: { approve: true; agentType: number } | { approve: false; reason: string },
      actor: Actor,
    ) =>
      repository.inTransaction(async (client) => {
        const application = await repository.lockApplication(client, merchant.code, id);
        if (!application) throw new AppError('not_found');
        if (application.status !== 'pending') throw new AppError('agent_application_decided');
        if (!decision.approve) {
          const decided = await repository.decideApplication(client, id, {
            status: 'rejected',
            agentType: null,
            reason: decision.reason,
            decidedBy: actor.operator.username,
          });
          await admin.auditWith(client, actor, {
            action: 'agent.application_reject',
            merchantCode: merchant.code,
            target: application.memberId,
            details: { applicationId: id, reason: decision.reason },
          });
          return decided;
        }
        const member = await becomeAgent(client, merchant, application.memberId, decision.agentType);
        const decided = await repository.decideApplication(client, id, {
          status: 'approved',
          agentType: decision.agentType,
          reason: null,
          decidedBy: actor.operator.username,
        });
        await admin.auditWith(client, actor, {
          action: 'agent.application_approve',
          merchantCode: merchant.code,
          target: member,
          details: { applicationId: id, agentType: decision.agentType },
        });
        return decided;
      }),

    tree: async (
      merchant: MerchantContext,
      query: { parentId?: string; account?: string; pageNo: number; pageSize: number },
    ) => {
      if (query.parentId) {
        const parent = await repository.node(query.parentId);
        if (parent?.merchantCode !== merchant.code) throw new AppError('not_found');
      }
      const { rows, total } = await repository.listNodes(
        query.parentId ? { parentId: query.parentId } : { topsOf: merchant.code, account: query.account },
        null,
        query,
      );
      const profiles = await repository.profilesOf(rows.map((row) => row.memberId));
      return {
        rows: rows.map((row) => ({ ...row, profile: profiles.get(row.memberId) ?? null })),
        total,
        totalPages: pageOf(total, query.pageSize),
      };
    },

    /**
     * Moves a member and its downline under another agent of the merchant, audited. Refused: the new parent in the
     * branch itself (a cycle), no agent, another merchant's, or a branch that would grow deeper than the limit.
     * The branch's team totals leave its old ancestors and join the new ones in the same transaction.
     */
    move: async (merchant: MerchantContext, memberId: string, newParentId: string, actor: Actor) => {
      const moved = await repository.inTransaction(async (client) => {
        await lockTree(client, merchant.code);
        const node = await repository.node(memberId, client);
        const parent = await repository.node(newParentId, client);
        if (node?.merchantCode !== merchant.code || parent?.merchantCode !== merchant.code) {
          throw new AppError('not_found');
        }
        if ((await repository.distance(memberId, newParentId, client)) !== null) throw new AppError('agent_move_cycle');
        if (!(await repository.profile(newParentId, client))) throw new AppError('error_not_agent');
        const height = await repository.branchHeight(client, memberId);
        if (parent.depth + 1 + height > (await maxDepthOf(merchant.code, client))) {
          throw new AppError('agent_tree_too_deep');
        }
        await repository.moveBranch(client, memberId, newParentId, parent.depth + 1 - node.depth);
        await admin.auditWith(client, actor, {
          action: 'agent.branch_move',
          merchantCode: merchant.code,
          target: memberId,
          details: { from: node.parentId, to: newParentId },
        });
        // The member's upline for transfers to it (the members module keeps it) follows the tree, in the same
        // transaction: a move is whole or not at all.
        await members.update(memberId, { uplineId: newParentId }, client);
        return repository.node(memberId, client);
      });
      return (moved as NodeRow).memberId;
    },

    /**
     * The back office makes a member of the tree an agent of `agentType`, changes an agent's type, or (0) demotes an
     * agent to a member: the members module's type follows, the profile goes, the downline stays under it. Audited.
     */
    setType: async (merchant: MerchantContext, memberId: string, agentType: number, actor: Actor) => {
      await repository.inTransaction(async (client) => {
        const member = await members.findById(memberId);
        if (member?.merchantCode !== merchant.code) throw new AppError('not_found');
        const profile = await repository.profile(memberId, client);
        if (agentType === 0) {
          if (!profile) throw new AppError('error_not_agent');
          await members.update(memberId, { type: 0 });
          await repository.deleteProfile(client, memberId);
        } else {
          await becomeAgent(client, merchant, memberId, agentType);
        }
        await admin.auditWith(client, actor, {
          action: agentType === 0 ? 'agent.demote' : profile ? 'agent.set_type' : 'agent.create',
          merchantCode: merchant.code,
          target: memberId,
          details: { from: profile?.agentType ?? 0, to: agentType },
        });
      });
      return memberId;
    },

    agentOverview: async (merchant: MerchantContext, memberId: string, range: AgentRange) => {
      const node = await repository.node(memberId);
      if (node?.merchantCode !== merchant.code) throw new AppError('not_found');
      return overviewOf(merchant, memberId, range);
    },

    /** One node as the back office lists it. */
    adminNode: async (memberId: string) => {
      const { rows } = await repository.listNodes({ memberId }, null, { pageNo: 1, pageSize: 1 });
      const row = rows[0];
      if (!row) throw new AppError('not_found');
      return { ...row, profile: await repository.profile(memberId) };
    },
  };
};

export type AgentsService = ReturnType<typeof createAgentsService>;
