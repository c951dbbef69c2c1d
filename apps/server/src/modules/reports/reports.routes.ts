import { adminReportsEndpoints, type ReportKind } from '@tessera/contracts';
import type { MerchantAdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { ReportsService } from './reports.service';

const actorOf = (ctx: MerchantAdminContext) => ({ operator: ctx.operator, caller: ctx });

/** The back office's dashboard, reports and exports (issue 26); every read scoped to the path's merchant. */
export const registerReportsRoutes = (r: Registrar, reports: ReportsService): void => {
  r.admin(adminReportsEndpoints.dashboard, ({ input, ctx }) =>
    reports.dashboard(ctx.merchant, ctx.operator.role, input.period, input.timeZone),
  );
  r.admin(adminReportsEndpoints.pending, ({ ctx }) => reports.pending(ctx.merchant));
  for (const kind of ['games', 'cash', 'players', 'promotions'] as const satisfies readonly ReportKind[]) {
    r.admin(adminReportsEndpoints[kind], ({ input, ctx }) => reports.report(ctx.merchant, kind, input as never));
  }
  r.admin(adminReportsEndpoints.createExport, ({ input, ctx }) =>
    reports.requestExport(ctx.merchant, ctx.operator, input, actorOf(ctx)),
  );
  r.admin(adminReportsEndpoints.exports, async ({ ctx }) => ({
    list: await reports.listExports(ctx.merchant, ctx.operator),
  }));
  r.admin(adminReportsEndpoints.downloadExport, ({ params, ctx }) =>
    reports.download(ctx.merchant, ctx.operator, params.id, actorOf(ctx)),
  );
};
