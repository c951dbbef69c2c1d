import { agentTeamEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { AgentsTeamService } from './agents-team.service';

/** The agent centre's team pages: register centre, team betting, user P&L, my income, account details. */
export const registerAgentsTeamRoutes = (r: Registrar, team: AgentsTeamService): void => {
  r.site(agentTeamEndpoints.createDownline, async ({ input, ctx }) =>
    team.createDownline(ctx.merchant, ctx.member, input),
  );
  r.site(agentTeamEndpoints.bets, async ({ input, ctx }) => team.bets(ctx.merchant, ctx.member, ctx.language, input));
  r.site(agentTeamEndpoints.profit, async ({ input, ctx }) => team.profit(ctx.merchant, ctx.member, input));
  r.site(agentTeamEndpoints.income, async ({ input, ctx }) => team.income(ctx.merchant, ctx.member, input));
  r.site(agentTeamEndpoints.transactions, async ({ input, ctx }) => team.transactions(ctx.merchant, ctx.member, input));
};
