import { adminAgentMoneyEndpoints, agentMoneyEndpoints } from '@tessera/contracts';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import { presentNode } from './agents.routes';
import type { AgentsService } from './agents.service';
import type { AgentsMoneyService } from './agents-money.service';
import { presentSettings } from './agents-money.service';
import type { AgentsRatesService } from './agents-rates.service';

const actorOf = (ctx: AdminContext) => ({ operator: ctx.operator, caller: ctx });

/** The agent centre's transfers and red envelope, and the back office's agent settings, rates and freezing. */
export const registerAgentsMoneyRoutes = (
  r: Registrar,
  deps: { money: AgentsMoneyService; rates: AgentsRatesService; agents: Pick<AgentsService, 'adminNode'> },
): void => {
  const { money, rates, agents } = deps;
  r.site(agentMoneyEndpoints.transferInfo, async ({ ctx }) => money.transferInfo(ctx.merchant, ctx.member));
  r.site(agentMoneyEndpoints.transferDown, async ({ input, ctx }) =>
    money.transferDown(ctx.merchant, ctx.member, input),
  );
  r.site(agentMoneyEndpoints.transferUp, async ({ input, ctx }) => money.transferUp(ctx.merchant, ctx.member, input));
  r.site(agentMoneyEndpoints.setRates, async ({ input, ctx }) =>
    money.setDownlineRates(ctx.merchant, ctx.member, input),
  );
  r.site(agentMoneyEndpoints.redEnvelope, async ({ input, ctx }) => money.redEnvelope(ctx.merchant, ctx.member, input));

  r.admin(adminAgentMoneyEndpoints.settings, async ({ ctx }) =>
    presentSettings(await money.settingsOf(ctx.merchant.code)),
  );
  r.admin(adminAgentMoneyEndpoints.saveSettings, async ({ input, ctx }) =>
    money.saveSettings(ctx.merchant, input, actorOf(ctx)),
  );
  r.admin(adminAgentMoneyEndpoints.rates, async ({ params, ctx }) => rates.ratesOf(ctx.merchant, params.memberId));
  r.admin(adminAgentMoneyEndpoints.setRates, async ({ input, params, ctx }) =>
    rates.setRates(ctx.merchant, params.memberId, input, actorOf(ctx)),
  );
  r.admin(adminAgentMoneyEndpoints.freeze, async ({ input, params, ctx }) => {
    const memberId = await money.setFrozen(ctx.merchant, params.memberId, input.frozen, input.reason, actorOf(ctx));
    return presentNode(await agents.adminNode(memberId));
  });
};
