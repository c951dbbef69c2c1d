import {
  type AdminAgentApplication,
  type AdminAgentNode,
  adminAgentEndpoints,
  agentEndpoints,
  formatMinor,
} from '@tessera/contracts';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { ApplicationRow, NodeRow, ProfileRow } from './agents.repository';
import type { AgentsService } from './agents.service';
import type { AgentsTeamService } from './agents-team.service';

const presentApplication = (row: ApplicationRow) => ({
  id: row.id,
  status: row.status,
  contactName: row.contactName,
  contactMobile: row.contactMobile,
  message: row.message,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const presentAdminApplication = (row: ApplicationRow): AdminAgentApplication => ({
  ...presentApplication(row),
  memberId: row.memberId,
  account: row.account,
  agentType: row.agentType,
  decidedBy: row.decidedBy,
});

export const presentNode = (
  row: NodeRow & { directMembers: number; teamMembers: number; profile: ProfileRow | null },
): AdminAgentNode => ({
  memberId: row.memberId,
  account: row.account,
  parentId: row.parentId,
  depth: row.depth,
  agentType: row.profile?.agentType ?? null,
  frozen: row.profile?.frozen ?? false,
  directMembers: row.directMembers,
  teamMembers: row.teamMembers,
  joinedAt: row.joinedAt.toISOString(),
});

const actorOf = (ctx: AdminContext) => ({ operator: ctx.operator, caller: ctx });

/** The agent centre on the member site, the affiliate application, and the back office's agent screens. */
export const registerAgentsRoutes = (
  r: Registrar,
  agents: AgentsService,
  team: Pick<AgentsTeamService, 'memberFacts'>,
): void => {
  r.site(agentEndpoints.myApplication, async ({ ctx }) => {
    const { isAgent, application } = await agents.myApplication(ctx.member);
    return { isAgent, application: application ? presentApplication(application) : null };
  });
  r.site(agentEndpoints.apply, async ({ input, ctx }) =>
    presentApplication(await agents.apply(ctx.merchant, ctx.member, input)),
  );
  r.site(agentEndpoints.link, async ({ ctx }) => agents.link(ctx.member));
  r.site(agentEndpoints.overview, async ({ input, ctx }) => agents.overview(ctx.merchant, ctx.member, input));
  r.site(agentEndpoints.report, async ({ input, ctx }) => agents.report(ctx.merchant, ctx.member, input));
  r.site(agentEndpoints.downline, async ({ input, ctx }) => {
    const page = await agents.downline(ctx.merchant, ctx.member, input);
    // Status, registration, last login and balance come from the members module and the ledger (agents-team).
    const facts = await team.memberFacts(
      ctx.merchant,
      page.list.map((row) => row.memberId),
    );
    const frozen = await agents.frozenOf(page.list.map((row) => row.memberId));
    return {
      ...page,
      list: page.list.map((row) => {
        const fact = facts.get(row.memberId);
        return {
          ...row,
          status: fact?.locked
            ? ('locked' as const)
            : frozen.has(row.memberId)
              ? ('frozen' as const)
              : ('active' as const),
          registeredAt: (fact?.registeredAt ?? new Date(row.joinedAt)).toISOString(),
          lastLoginAt: fact?.lastLoginAt?.toISOString() ?? null,
          balance: formatMinor(fact?.balance ?? 0n, page.currency),
        };
      }),
    };
  });

  r.admin(adminAgentEndpoints.applications, async ({ input, ctx }) => {
    const { rows, total, totalPages } = await agents.listApplications(ctx.merchant, input);
    return { list: rows.map(presentAdminApplication), pageNo: input.pageNo, totalPages, total };
  });
  r.admin(adminAgentEndpoints.decide, async ({ input, params, ctx }) =>
    presentAdminApplication(await agents.decide(ctx.merchant, params.id, input, actorOf(ctx))),
  );
  r.admin(adminAgentEndpoints.tree, async ({ input, ctx }) => {
    const { rows, total, totalPages } = await agents.tree(ctx.merchant, input);
    return { list: rows.map(presentNode), pageNo: input.pageNo, totalPages, total };
  });
  r.admin(adminAgentEndpoints.move, async ({ input, params, ctx }) => {
    const memberId = await agents.move(ctx.merchant, params.memberId, input.newParentId, actorOf(ctx));
    return presentNode(await agents.adminNode(memberId));
  });
  r.admin(adminAgentEndpoints.setType, async ({ input, params, ctx }) => {
    const memberId = await agents.setType(ctx.merchant, params.memberId, input.agentType, actorOf(ctx));
    return presentNode(await agents.adminNode(memberId));
  });
  r.admin(adminAgentEndpoints.overview, async ({ input, params, ctx }) =>
    agents.agentOverview(ctx.merchant, params.memberId, input),
  );
};
