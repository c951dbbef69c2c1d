import { adminJackpotEndpoints, jackpotEndpoints } from '@tessera/contracts';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import { presentAdminJackpot, presentAdminWin, presentPool, presentWin } from './jackpot.presenter';
import type { JackpotAudit, JackpotService } from './jackpot.service';

export const registerJackpotRoutes = (r: Registrar, jackpot: JackpotService): void => {
  r.site(jackpotEndpoints.get, async ({ ctx }) => ({
    list: (await jackpot.pools(ctx.merchant.code)).map(presentPool),
  }));

  r.site(jackpotEndpoints.myWins, async ({ ctx }) => ({
    list: (await jackpot.memberWins(ctx.member.memberId)).map(presentWin),
  }));
};

export const registerJackpotAdminRoutes = (r: Registrar, jackpot: JackpotService, admin: AdminService): void => {
  const auditOf =
    (ctx: AdminContext, merchantCode: string): JackpotAudit =>
    (client, entry) =>
      admin.auditWith(client, { operator: ctx.operator, caller: ctx }, { ...entry, merchantCode });

  r.admin(adminJackpotEndpoints.get, async ({ ctx }) => presentAdminJackpot(await jackpot.adminGet(ctx.merchant)));

  r.admin(adminJackpotEndpoints.update, async ({ input, ctx }) =>
    presentAdminJackpot(await jackpot.update(ctx.merchant, input, auditOf(ctx, ctx.merchant.code))),
  );

  r.admin(adminJackpotEndpoints.wins, async ({ ctx }) => ({
    list: (await jackpot.adminWins(ctx.merchant)).map(presentAdminWin),
  }));
};
