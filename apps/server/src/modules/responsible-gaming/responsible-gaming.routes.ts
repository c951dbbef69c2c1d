import { responsibleGamingEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { ModuleHost } from '../../platform/modules';
import type { ResponsibleGamingService } from './responsible-gaming.service';

export const registerResponsibleGamingRoutes = (
  r: Registrar,
  service: ResponsibleGamingService,
  host: Pick<ModuleHost, 'services'>,
): void => {
  r.site(responsibleGamingEndpoints.status, async ({ ctx }) => service.status(ctx.merchant, ctx.member));
  r.site(responsibleGamingEndpoints.setLimit, async ({ input, ctx }) =>
    service.setLimit(ctx.merchant, ctx.member, input),
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
    return view;
  });
};
