import { adminRedEnvelopesEndpoints, redEnvelopesEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { AdminContext, MerchantContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import { presentAdminRedEnvelope, presentMemberRedEnvelope, presentRedEnvelopeDraw } from './red-envelopes.presenter';
import type { RedEnvelopesAudit, RedEnvelopesService } from './red-envelopes.service';

/** The member's red-envelope screen: the list, the claim, the fairness record. */
export const registerRedEnvelopesRoutes = (r: Registrar, envelopes: RedEnvelopesService): void => {
  r.site(redEnvelopesEndpoints.list, async ({ ctx }) => ({
    list: (await envelopes.listForMember(ctx.merchant, ctx.member)).map((view) =>
      presentMemberRedEnvelope(view, ctx.language, ctx.merchant.settings.defaultLanguage),
    ),
  }));

  r.site(redEnvelopesEndpoints.claim, async ({ input, ctx }) => {
    await envelopes.claim(ctx.merchant, ctx.member, input.envelopeId);
    const view = await envelopes.viewFor(ctx.merchant, ctx.member, input.envelopeId);
    return presentMemberRedEnvelope(view, ctx.language, ctx.merchant.settings.defaultLanguage);
  });

  r.site(redEnvelopesEndpoints.draw, async ({ input, ctx }) => {
    const { envelope, revealed, amounts } = await envelopes.draw(ctx.merchant, input.envelopeId);
    return presentRedEnvelopeDraw(envelope, revealed, amounts);
  });
};

/** The back office's red-envelope editor with figures; every change audited. */
export const registerRedEnvelopesAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; envelopes: RedEnvelopesService },
): void => {
  const { admin, envelopes } = deps;
  const auditOf =
    (ctx: AdminContext, merchant: MerchantContext): RedEnvelopesAudit =>
    (client, entry) =>
      admin.auditWith(client, { operator: ctx.operator, caller: ctx }, { ...entry, merchantCode: merchant.code });
  const withFigures = async (merchant: MerchantContext, id: string) => {
    const found = (await envelopes.listForMerchant(merchant)).find((e) => e.row.id === id);
    if (!found) throw new AppError('not_found');
    return presentAdminRedEnvelope(found.row, found.paid);
  };

  r.admin(adminRedEnvelopesEndpoints.list, async ({ ctx }) => ({
    list: (await envelopes.listForMerchant(ctx.merchant)).map(({ row, paid }) => presentAdminRedEnvelope(row, paid)),
  }));

  r.admin(adminRedEnvelopesEndpoints.create, async ({ input, ctx }) => {
    const values = envelopes.judge(ctx.merchant, input);
    const row = await envelopes.create(ctx.merchant, values, ctx.operator.operatorId, auditOf(ctx, ctx.merchant));
    return withFigures(ctx.merchant, row.id);
  });

  r.admin(adminRedEnvelopesEndpoints.update, async ({ params, input, ctx }) => {
    const values = envelopes.judge(ctx.merchant, input);
    await envelopes.update(ctx.merchant, params.id, values, auditOf(ctx, ctx.merchant));
    return withFigures(ctx.merchant, params.id);
  });
};
