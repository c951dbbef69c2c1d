import { adminPromotionsEndpoints, promotionsEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { AdminContext, MemberContext, MerchantContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import {
  type BonusesAudit,
  type BonusesService,
  judgeGrantAmount,
  presentBonus,
  wageringRequirement,
} from '../bonuses';
import { type ContentService, presentImage } from '../content';
import type { MembersService } from '../members';
import { presentAdminPromotion, presentApplication, presentMemberPromotion } from './promotions.presenter';
import { type PromotionsAudit, type PromotionsService, textIn } from './promotions.service';

/** The member's `/promotions`: the list with each one's activity state, join, claim and apply. */
export const registerPromotionsRoutes = (r: Registrar, promotions: PromotionsService): void => {
  /** The promotion as the member now sees it (the answer of join, claim and apply). */
  const viewOf = async (ctx: MemberContext, promotionId: string) => {
    const list = await promotions.listForMember(ctx.merchant, ctx.member);
    const view = list.find((v) => v.promotion.id === promotionId);
    if (!view) throw new AppError('not_found');
    return presentMemberPromotion(view, ctx.language, ctx.merchant.settings.defaultLanguage);
  };

  r.site(promotionsEndpoints.list, async ({ ctx }) => ({
    list: (await promotions.listForMember(ctx.merchant, ctx.member)).map((view) =>
      presentMemberPromotion(view, ctx.language, ctx.merchant.settings.defaultLanguage),
    ),
  }));

  r.site(promotionsEndpoints.join, async ({ input, ctx }) => {
    await promotions.join(ctx.merchant, ctx.member, input.promotionId);
    return viewOf(ctx, input.promotionId);
  });

  r.site(promotionsEndpoints.claim, async ({ input, ctx }) => {
    await promotions.claim(ctx.merchant, ctx.member, input.promotionId);
    return viewOf(ctx, input.promotionId);
  });

  r.site(promotionsEndpoints.categories, async ({ ctx }) => ({ list: await promotions.categories(ctx.merchant) }));

  r.site(promotionsEndpoints.claimLogin, async ({ input, ctx }) => {
    await promotions.claimLogin(ctx.merchant, ctx.member, input.promotionId);
    return viewOf(ctx, input.promotionId);
  });

  r.site(promotionsEndpoints.apply, async ({ input, files, ctx }) => {
    await promotions.apply(ctx.merchant, ctx.member, input, files);
    return viewOf(ctx, input.promotionId);
  });

  r.site(promotionsEndpoints.claimTicket, async ({ input, files, ctx }) => {
    await promotions.apply(ctx.merchant, ctx.member, input, files);
    return viewOf(ctx, input.promotionId);
  });

  r.site(promotionsEndpoints.linkChatApp, async ({ input, ctx }) => {
    await promotions.linkChatApp(ctx.merchant, ctx.member, input);
    return viewOf(ctx, input.promotionId);
  });

  r.site(promotionsEndpoints.cancelTicket, async ({ input, ctx }) => {
    const promotionId = await promotions.cancelTicket(ctx.merchant, ctx.member, input.ticketId);
    return viewOf(ctx, promotionId);
  });
};

const DAY_MS = 86_400_000;
/** members.type of a free-play trial account. */
const TRIAL_TYPE = 4;

/**
 * The back office: the promotion editor with figures, the application review queue, the manual grant of a
 * promotion's bonus; every change audited.
 */
export const registerPromotionsEngineAdminRoutes = (
  r: Registrar,
  deps: {
    admin: AdminService;
    promotions: PromotionsService;
    members: MembersService;
    bonuses: BonusesService;
    content: ContentService;
  },
): void => {
  const { admin, promotions, members, bonuses, content } = deps;
  const auditOf =
    (ctx: AdminContext, merchant: MerchantContext): PromotionsAudit & BonusesAudit =>
    (client, entry) =>
      admin.auditWith(client, { operator: ctx.operator, caller: ctx }, { ...entry, merchantCode: merchant.code });
  const figuresOf = async (merchant: MerchantContext, id: string) => {
    const found = (await promotions.listForMerchant(merchant)).find((p) => p.row.id === id);
    if (!found) throw new AppError('not_found');
    return presentAdminPromotion(found.row, found.figures);
  };

  r.admin(adminPromotionsEndpoints.list, async ({ ctx }) => ({
    list: (await promotions.listForMerchant(ctx.merchant)).map(({ row, figures }) =>
      presentAdminPromotion(row, figures),
    ),
  }));

  r.admin(adminPromotionsEndpoints.create, async ({ input, ctx }) => {
    const values = promotions.judge(ctx.merchant, input);
    const row = await promotions.create(ctx.merchant, values, auditOf(ctx, ctx.merchant));
    return figuresOf(ctx.merchant, row.id);
  });

  // A promotion's picture is stored with the merchant's content images (checked and re-encoded there); the editor
  // puts its address in one language's imageUrl.
  r.admin(adminPromotionsEndpoints.uploadImage, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const image = await content.uploadImage(merchant.code, Buffer.from(input.dataBase64, 'base64'));
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: 'promotion.image_upload',
        target: image.id,
        merchantCode: merchant.code,
        details: { mediaType: image.mediaType, width: image.width, height: image.height, byteSize: image.byteSize },
      },
    );
    return presentImage(image);
  });

  r.admin(adminPromotionsEndpoints.update, async ({ params, input, ctx }) => {
    const values = promotions.judge(ctx.merchant, input);
    await promotions.update(ctx.merchant, params.id, values, auditOf(ctx, ctx.merchant));
    return figuresOf(ctx.merchant, params.id);
  });

  const presentEntries = async (
    merchant: MerchantContext,
    rows: Awaited<ReturnType<PromotionsService['applications']>>['rows'],
    images: Awaited<ReturnType<PromotionsService['applications']>>['images'],
  ) =>
    Promise.all(
      rows.map(async (entry) => {
        const [promotion, member] = await Promise.all([
          promotions.findPromotion(merchant, entry.promotionId),
          members.findById(entry.memberId),
        ]);
        const title = promotion ? textIn(promotion.texts, null, merchant.settings.defaultLanguage).title : '';
        return presentApplication(entry, { title, account: member?.account ?? '', images });
      }),
    );

  r.admin(adminPromotionsEndpoints.applications, async ({ input, ctx }) => {
    const page = await promotions.applications(ctx.merchant, input.status, input);
    return {
      list: await presentEntries(ctx.merchant, page.rows, page.images),
      pageNo: input.pageNo,
      totalPages: page.totalPages,
      total: page.total,
    };
  });

  r.admin(adminPromotionsEndpoints.review, async ({ params, input, ctx }) => {
    const entry = await promotions.review(
      ctx.merchant,
      params.id,
      { approve: input.decision === 'approve', note: input.note, operatorId: ctx.operator.operatorId },
      auditOf(ctx, ctx.merchant),
    );
    const presented = await presentEntries(ctx.merchant, [entry], await promotions.imagesOf([entry.id]));
    return presented[0] as (typeof presented)[number];
  });

  /** The promotion's bonus granted by hand: its wagering multiple, categories and expiry; counted in its figures. */
  r.admin(adminPromotionsEndpoints.grant, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const promotion = await promotions.findPromotion(merchant, params.id);
    if (!promotion) throw new AppError('not_found');
    const amount = judgeGrantAmount(merchant.settings.currency, input.amount);
    const member = await members.findByUsername(merchant.code, input.account);
    if (!member) {
      throw new AppError('validation_failed', { fieldErrors: [{ path: 'account', code: 'member_not_found' }] });
    }
    if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
    const bonus = await bonuses.grantByHand(
      merchant,
      {
        memberId: member.id,
        requestKey: input.requestId,
        amount,
        requirement: wageringRequirement({
          bonus: amount,
          deposit: 0n,
          multiple: promotion.wageringMultiple,
          base: promotion.wageringBase,
        }),
        categories: promotion.wageringCategories,
        expiresAt: new Date(Date.now() + promotion.bonusExpiryDays * DAY_MS),
        reason: input.reason,
        operatorId: ctx.operator.operatorId,
        promotionId: promotion.id,
      },
      auditOf(ctx, merchant),
    );
    return presentBonus(bonus);
  });
};
