import { adminRafflesEndpoints, rafflesEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { AdminContext, MerchantContext } from '../../platform/http/context';
import type { Registrar, SiteHandler } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import { presentAdminRaffle, presentMemberRaffle, presentRaffleDraw } from './raffles.presenter';
import type { RafflesAudit, RafflesService } from './raffles.service';

/** The member's raffles: join (both names of the call), status, the fairness record. */
export const registerRafflesRoutes = (r: Registrar, raffles: RafflesService): void => {
  const claim: SiteHandler<typeof rafflesEndpoints.claim> = async ({ input, ctx }) => {
    const view = await raffles.claim(ctx.merchant, ctx.member, input.promotionId);
    return presentMemberRaffle(view, ctx.member.memberId, ctx.language, ctx.merchant.settings.defaultLanguage);
  };
  r.site(rafflesEndpoints.claim, claim);
  r.site(rafflesEndpoints.claimFe, claim);

  r.site(rafflesEndpoints.status, async ({ input, ctx }) => ({
    list: (await raffles.status(ctx.merchant, ctx.member, input.promotionId)).map((view) =>
      presentMemberRaffle(view, ctx.member?.memberId ?? null, ctx.language, ctx.merchant.settings.defaultLanguage),
    ),
  }));

  r.site(rafflesEndpoints.draw, async ({ input, ctx }) => {
    const { raffle, drawn, entries, winners } = await raffles.draw(ctx.merchant, input.promotionId);
    return presentRaffleDraw(raffle, drawn, entries, winners);
  });
};

/** The back office's raffle editor with figures; creation audited. */
export const registerRafflesAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; raffles: RafflesService },
): void => {
  const { admin, raffles } = deps;
  const auditOf =
    (ctx: AdminContext, merchant: MerchantContext): RafflesAudit =>
    (client, entry) =>
      admin.auditWith(client, { operator: ctx.operator, caller: ctx }, { ...entry, merchantCode: merchant.code });

  r.admin(adminRafflesEndpoints.list, async ({ ctx }) => ({
    list: (await raffles.listForMerchant(ctx.merchant)).map(({ row, tickets, paid, winners }) =>
      presentAdminRaffle(row, tickets, paid, winners),
    ),
  }));

  r.admin(adminRafflesEndpoints.create, async ({ input, ctx }) => {
    const values = raffles.judge(ctx.merchant, input);
    const row = await raffles.create(ctx.merchant, values, ctx.operator.operatorId, auditOf(ctx, ctx.merchant));
    const found = (await raffles.listForMerchant(ctx.merchant)).find((e) => e.row.id === row.id);
    if (!found) throw new AppError('raffle_not_found');
    return presentAdminRaffle(found.row, found.tickets, found.paid, found.winners);
  });
};
