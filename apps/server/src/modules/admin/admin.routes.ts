import { adminEndpoints, type MerchantSettings } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import { merchantScopeOf } from '../../platform/http/operator-scope';
import type { Registrar } from '../../platform/http/registrar';
import type { MerchantsService } from '../merchants';
import { presentAuditEntry, presentMerchantDetail, presentMerchantSummary, presentOperator } from './admin.presenter';
import type { AdminService } from './admin.service';

/** The top-level settings sections that differ, with their values before and after, for the audit log. */
const changedSections = (before: MerchantSettings, after: MerchantSettings) => {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof MerchantSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { before: before[key], after: after[key] };
    }
  }
  return changes;
};

export const registerAdminRoutes = (r: Registrar, admin: AdminService, merchants: MerchantsService): void => {
  r.admin(adminEndpoints.login, async ({ input, ctx }) => {
    const { token, operator } = await admin.login(input.username, input.password, ctx);
    return { token, operator: presentOperator(operator) };
  });

  r.admin(adminEndpoints.logout, async ({ ctx }) => {
    await admin.logout(ctx.operator, ctx);
    return null;
  });

  r.admin(adminEndpoints.me, async ({ ctx }) => {
    const row = await admin.getOperator(ctx.operator.operatorId);
    if (!row) throw new AppError('login.not.session');
    return presentOperator(row);
  });

  r.admin(adminEndpoints.listMerchants, async ({ ctx }) => {
    return (await merchants.list(merchantScopeOf(ctx.operator))).map(presentMerchantSummary);
  });

  r.admin(adminEndpoints.getMerchant, async ({ params }) => {
    const row = await merchants.get(params.code);
    if (!row) throw new AppError('not_found');
    return presentMerchantDetail(row);
  });

  r.admin(adminEndpoints.updateMerchant, async ({ params, input, ctx }) => {
    const before = await merchants.get(params.code);
    if (!before) throw new AppError('not_found');
    const row = await merchants.update(params.code, input.version, input.settings);
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: 'merchant.update',
        target: row.code,
        merchantCode: row.code,
        details: { version: row.version, changes: changedSections(before.settings, row.settings) },
      },
    );
    return presentMerchantDetail(row);
  });

  r.admin(adminEndpoints.listAudit, async ({ input, ctx }) => {
    const { rows, totalPages } = await admin.listAudit(ctx.operator, input);
    return { list: rows.map(presentAuditEntry), pageNo: input.pageNo, totalPages };
  });

  r.admin(adminEndpoints.listOperators, async ({ ctx }) =>
    (await admin.listOperators(ctx.operator)).map(presentOperator),
  );

  r.admin(adminEndpoints.createOperator, async ({ input, ctx }) =>
    presentOperator(await admin.createOperator(ctx.operator, ctx, input)),
  );

  r.admin(adminEndpoints.updateOperator, async ({ params, input, ctx }) =>
    presentOperator(await admin.updateOperator(ctx.operator, ctx, params.id, input)),
  );
};
