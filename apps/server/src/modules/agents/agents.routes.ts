import {
  type AdminAgentApplication,
  type AdminAgentNode,
  adminAgentEndpoints,
  agentEndpoints,
} from '@tessera/contracts';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { ApplicationRow, NodeRow, ProfileRow } from './agents.repository';
import type { AgentsService } from './agents.service';

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
export const registerAgentsRoutes = (r: Registrar, agents: AgentsService): void => {
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
  r.site(agentEndpoints.downline, async ({ input, ctx }) => agents.downline(ctx.merchant, ctx.member, input));

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
