import { adminReportsEndpoints, type ReportKind } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MerchantAdminContext } from '../../platform/http/context';
import { assertMerchantInScope } from '../../platform/http/operator-scope';
import type { Registrar } from '../../platform/http/registrar';
import type { ModuleServices } from '../../platform/modules';
import type { ReportsService } from './reports.service';

const actorOf = (ctx: MerchantAdminContext) => ({ operator: ctx.operator, caller: ctx });

/** The back office's dashboard, reports and exports (issue 26); every read scoped to the path's merchant. */
export const registerReportsRoutes = (
  r: Registrar,
  reports: ReportsService,
  services: Pick<ModuleServices, 'members' | 'merchants'>,
): void => {
  // A member of the operator's scope (another merchant's answers not_found, as if it did not exist).
  r.admin(adminReportsEndpoints.memberOverview, async ({ params, ctx }) => {
    const member = await services.members.findById(params.id);
    if (!member) throw new AppError('not_found');
    assertMerchantInScope(ctx.operator, member.merchantCode);
    const merchant = await services.merchants.resolve({ code: member.merchantCode, host: '' });
    const overview = await reports.memberOverview(merchant, member.id, ctx.operator.role);
    if (!overview) throw new AppError('not_found');
    return overview;
  });
  r.admin(adminReportsEndpoints.dashboard, ({ input, ctx }) =>
    reports.dashboard(ctx.merchant, ctx.operator.role, input.period, input.timeZone),
  );
  r.admin(adminReportsEndpoints.pending, ({ ctx }) => reports.pending(ctx.merchant));
  for (const kind of ['games', 'cash', 'players', 'promotions', 'agents'] as const satisfies readonly ReportKind[]) {
    r.admin(adminReportsEndpoints[kind], ({ input, ctx }) => reports.report(ctx.merchant, kind, input as never));
  }
  r.admin(adminReportsEndpoints.createExport, ({ input, ctx }) =>
    reports.requestExport(ctx.merchant, ctx.operator, input, actorOf(ctx)),
  );
  r.admin(adminReportsEndpoints.exports, async ({ ctx }) => ({
    list: await reports.listExports(ctx.merchant, ctx.operator),
  }));
  r.admin(adminReportsEndpoints.createRebuild, ({ input, ctx }) =>
    reports.requestRebuild(ctx.merchant, ctx.operator, input, actorOf(ctx)),
  );
  r.admin(adminReportsEndpoints.rebuilds, async ({ ctx }) => ({ list: await reports.listRebuilds(ctx.merchant) }));
  r.admin(adminReportsEndpoints.downloadExport, ({ params, ctx }) =>
    reports.download(ctx.merchant, ctx.operator, params.id, actorOf(ctx)),
  );
};
