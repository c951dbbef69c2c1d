import {
  type AuditAction,
  type OperatorRole,
  type RgAdminView,
  responsibleGamingEndpoints,
  roleMay,
} from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { ModuleHost } from '../../platform/modules';
import type { OperatorPrincipal } from '../../platform/principals';
import type { ResponsibleGamingService } from './responsible-gaming.service';
import type { HarmService } from './responsible-gaming-harm.service';
import type { KycAudit, KycService } from './responsible-gaming-kyc.service';

export const registerResponsibleGamingRoutes = (
  r: Registrar,
  service: ResponsibleGamingService & { kyc: KycService; harm: HarmService },
  host: Pick<ModuleHost, 'services'>,
): void => {
  r.site(responsibleGamingEndpoints.status, async ({ ctx }) => service.status(ctx.merchant, ctx.member));
  r.site(responsibleGamingEndpoints.setLimit, async ({ input, ctx }) =>
    service.setLimit(ctx.merchant, ctx.member, input),
  );
  r.site(responsibleGamingEndpoints.prompts, async ({ ctx }) => service.prompts(ctx.merchant, ctx.member));
  r.site(responsibleGamingEndpoints.answerPrompt, async ({ input, ctx }) =>
    service.answerPrompt(ctx.merchant, ctx.member, input),
  );
  r.site(responsibleGamingEndpoints.confirmLimit, async ({ input, ctx }) =>
    service.confirmLimit(ctx.merchant, ctx.member, input),
  );
  r.site(responsibleGamingEndpoints.setSessionLimit, async ({ input, ctx }) =>
    service.setSessionLimit(ctx.merchant, ctx.member, input),
  );
  r.site(responsibleGamingEndpoints.setRealityCheck, async ({ input, ctx }) =>
    service.setRealityCheck(ctx.merchant, ctx.member, input.minutes),
  );
  r.site(responsibleGamingEndpoints.heartbeat, async ({ ctx }) => service.heartbeat(ctx.merchant, ctx.member));
  r.site(responsibleGamingEndpoints.session, async ({ ctx }) => service.session(ctx.merchant, ctx.member));
  r.site(responsibleGamingEndpoints.answerRealityCheck, async ({ input, ctx }) =>
    service.answerRealityCheck(ctx.merchant, ctx.member, input.response),
  );
  r.site(responsibleGamingEndpoints.block, async ({ input, ctx }) => service.block(ctx.merchant, ctx.member, input));

  // Identity checks (decision 0102).
  r.site(responsibleGamingEndpoints.kyc, async ({ ctx }) => service.kyc.status(ctx.merchant, ctx.member));
  r.site(responsibleGamingEndpoints.kycBasic, async ({ input, ctx }) =>
    service.kyc.submitBasic(ctx.merchant, ctx.member, input),
  );
  r.site(responsibleGamingEndpoints.kycDocuments, async ({ files, ctx }) =>
    service.kyc.submitDocuments(ctx.merchant, ctx.member, files),
  );

  const auditWith =
    (ctx: { operator: OperatorPrincipal; ip: string; userAgent: string | null }): KycAudit =>
    (client, entry) =>
      host.services.admin.auditWith(client, { operator: ctx.operator, caller: ctx }, entry);

  r.admin(responsibleGamingEndpoints.adminKycQueue, async ({ input, ctx }) =>
    service.kyc.queue(ctx.operator, input.status),
  );
  r.admin(responsibleGamingEndpoints.adminKycReview, async ({ params, ctx }) => {
    const detail = await service.kyc.detail(ctx.operator, params.id);
    await host.services.admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: 'kyc.view',
        target: detail.account,
        merchantCode: detail.merchantCode,
        details: { reviewId: detail.id, memberId: detail.memberId },
      },
    );
    return detail;
  });
  r.admin(responsibleGamingEndpoints.adminKycDecide, async ({ params, input, ctx }) =>
    service.kyc.decide(ctx.operator, params.id, input, auditWith(ctx)),
  );
  r.admin(responsibleGamingEndpoints.adminKycThresholds, async ({ ctx }) => service.kyc.thresholds(ctx.merchant));
  r.admin(responsibleGamingEndpoints.adminSetKycThresholds, async ({ input, ctx }) =>
    service.kyc.setThresholds(ctx.merchant, input, auditWith(ctx)),
  );

  // The exclusion register across merchants (decision 0103), audited.
  r.admin(responsibleGamingEndpoints.adminExclusionRegister, async ({ input, ctx }) => {
    const scope = ctx.operator.merchantCode === null ? null : [ctx.operator.merchantCode];
    const entries = await service.register(input.q, scope);
    await host.services.admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: 'responsible_gaming.register_search',
        target: input.q,
        merchantCode: ctx.operator.merchantCode,
        details: { found: entries.length },
      },
    );
    return entries;
  });

  // Markers of harm (decision 0109): the daily report of one merchant, each look and each computation audited.
  const harmAudit = async (
    ctx: { operator: OperatorPrincipal; ip: string; userAgent: string | null },
    action: AuditAction,
    merchantCode: string,
    details: Record<string, unknown>,
  ) =>
    host.services.admin.audit(
      { operator: ctx.operator, caller: ctx },
      { action, target: merchantCode, merchantCode, details },
    );
  r.admin(responsibleGamingEndpoints.adminHarmMarkers, async ({ input, ctx }) => {
    const report = await service.harm.report(ctx.merchant, input.day, input.marker ?? null);
    await harmAudit(ctx, 'responsible_gaming.harm_markers_view', ctx.merchant.code, {
      day: input.day,
      marker: input.marker ?? null,
      flagged: report.rows.length,
    });
    return report;
  });
  r.admin(responsibleGamingEndpoints.adminComputeHarmMarkers, async ({ input, ctx }) => {
    const report = await service.harm.computeDay(ctx.merchant, input.day);
    await harmAudit(ctx, 'responsible_gaming.harm_markers_compute', ctx.merchant.code, {
      day: input.day,
      flagged: report.rows.length,
    });
    return report;
  });

  // Back office: read only (no operator loosens a member's choice), each look audited.
  r.admin(responsibleGamingEndpoints.adminView, async ({ params, ctx }) => {
    const { services } = host;
    const { member, view } = await service.adminView(params.id, async (code) => {
      const merchant = await services.merchants.get(code);
      if (!merchant) throw new AppError('not_found');
      return merchant.settings.currency;
    });
    if (ctx.operator.merchantCode !== null && ctx.operator.merchantCode !== member.merchantCode) {
      throw new AppError('not_found');
    }
    await services.admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: 'responsible_gaming.view',
        target: member.account,
        merchantCode: member.merchantCode,
        details: { memberId: member.id },
      },
    );
    return figuresFor(ctx.operator.role, view);
  });
};

/**
 * What a role may read of a member's money in this view, by the rule of the member's 360 view (decision 0094):
 * the deposits used of a deposit limit need `reports.cash`; stakes, losses and a reality check's net position need
 * `reports.play`. Support reads the limits, breaks and history without them.
 */
const figuresFor = (role: OperatorRole, view: RgAdminView): RgAdminView => {
  const seesCash = roleMay(role, 'reports.cash');
  const seesPlay = roleMay(role, 'reports.play');
  return {
    ...view,
    limits: view.limits.map((limit) => ({
      ...limit,
      used: (limit.kind === 'deposit' ? seesCash : seesPlay) ? limit.used : null,
    })),
    realityChecks: view.realityChecks.map((check) => ({
      ...check,
      netPosition: seesPlay ? check.netPosition : null,
    })),
  };
};
