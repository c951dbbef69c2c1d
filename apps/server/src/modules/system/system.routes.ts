import { systemEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { presentSystemStatus } from './system.presenter';
import { siteStateOf } from './system.service';

export const registerSystemRoutes = (r: Registrar): void => {
  r.site(systemEndpoints.status, async ({ ctx }) =>
    presentSystemStatus(ctx.merchant, ctx, siteStateOf(ctx.merchant, ctx)),
  );
  r.site(systemEndpoints.whitelabel, async ({ ctx }) => ctx.merchant.settings.whitelabel);
  r.site(systemEndpoints.domainRoute, async ({ ctx }) => ctx.merchant.settings.domainRoutes);
};
