import { adminPointEndpoints, formatMinor, pointEndpoints } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AdminContext, MerchantContext } from '../../platform/http/context';
import { failureEnvelope } from '../../platform/http/envelope';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import {
  presentAdminItem,
  presentAdminRedemption,
  presentAdminRules,
  presentEntry,
  presentImage,
  presentItem,
  presentRates,
  presentRedemption,
} from './points.presenter';
import type { PointsAudit, PointsService } from './points.service';

/** The member site's points (PTSYS3, api-facts 6.7): balance, mall, redeem, history, details, convert. */
export const registerPointsRoutes = (r: Registrar, points: PointsService): void => {
  r.site(pointEndpoints.config, async ({ ctx }) => {
    const { rates, convertRatio, buyRatio, rulesText } = await points.rules(ctx.merchant);
    const { defaultLanguage, currency } = ctx.merchant.settings;
    const language = ctx.language ?? defaultLanguage;
    return {
      enabled: convertRatio > 0n || Object.values(rates).some((rate) => rate > 0n),
      currency,
      rates: presentRates(rates),
      convertRatio: convertRatio.toString(),
      buyRatio: buyRatio.toString(),
      rulesText: rulesText[language] ?? rulesText[defaultLanguage] ?? '',
    };
  });

  r.site(pointEndpoints.balance, async ({ ctx }) => {
    const [balance, { convertRatio, buyRatio }] = await Promise.all([
      points.balance(ctx.member.memberId),
      points.rules(ctx.merchant),
    ]);
    return {
      points: balance.toString(),
      currency: ctx.merchant.settings.currency,
      convertRatio: convertRatio.toString(),
      buyRatio: buyRatio.toString(),
    };
  });

  r.site(pointEndpoints.items, async ({ ctx }) => {
    const language = ctx.language ?? ctx.merchant.settings.defaultLanguage;
    const rows = await points.itemsOnOffer(ctx.merchant);
    return {
      currency: ctx.merchant.settings.currency,
      list: rows.map((row) => presentItem(row, ctx.merchant, language)),
    };
  });

  r.site(pointEndpoints.redeem, async ({ input, ctx }) => {
    const language = ctx.language ?? ctx.merchant.settings.defaultLanguage;
    return presentRedemption(await points.redeem(ctx.merchant, ctx.member, input, language), ctx.merchant);
  });

  r.site(pointEndpoints.redemptions, async ({ input, ctx }) => {
    const page = await points.redemptions(ctx.member.memberId, input.pageNo);
    return {
      list: page.rows.map((row) => presentRedemption(row, ctx.merchant)),
      pageNo: page.pageNo,
      totalPages: page.totalPages,
    };
  });

  r.site(pointEndpoints.details, async ({ input, ctx }) => {
    const page = await points.details(ctx.member.memberId, input.pageNo);
    return { list: page.rows.map(presentEntry), pageNo: page.pageNo, totalPages: page.totalPages };
  });

  const presentMove = (result: { points: bigint; amount: bigint; currency: string; balance: bigint }) => ({
    points: result.points.toString(),
    amount: formatMinor(result.amount, result.currency),
    currency: result.currency,
    balance: result.balance.toString(),
  });

  r.site(pointEndpoints.convert, async ({ input, ctx }) =>
    presentMove(await points.convert(ctx.merchant, ctx.member, input)),
  );

  r.site(pointEndpoints.buy, async ({ input, ctx }) => presentMove(await points.buy(ctx.merchant, ctx.member, input)));
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Serves goods pictures: immutable by id, with the type they were re-encoded as (visitors see the mall too). */
export const registerPointImageRoute = (app: FastifyInstance, points: PointsService): void => {
  app.get<{ Params: { id: string } }>('/wps/points/images/:id', async (request, reply) => {
    const image = UUID.test(request.params.id) ? await points.image(request.params.id) : null;
    if (!image) return reply.status(404).send(failureEnvelope('not_found'));
    return reply
      .header('content-type', image.mediaType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
};

/** The back office's points: rules, goods, the redemption queue, a member's points; every change audited. */
export const registerAdminPointsRoutes = (r: Registrar, points: PointsService, admin: AdminService): void => {
  const auditOf =
    (ctx: AdminContext, merchant: MerchantContext): PointsAudit =>
    (client, entry) =>
      admin.auditWith(client, { operator: ctx.operator, caller: ctx }, { ...entry, merchantCode: merchant.code });

  const rulesOf = async (merchant: MerchantContext) => presentAdminRules(await points.rules(merchant), merchant);

  r.admin(adminPointEndpoints.rules, async ({ ctx }) => rulesOf(ctx.merchant));

  r.admin(adminPointEndpoints.updateRules, async ({ input, ctx }) => {
    await points.updateRules(ctx.merchant, input, auditOf(ctx, ctx.merchant));
    return rulesOf(ctx.merchant);
  });

  r.admin(adminPointEndpoints.uploadImage, async ({ input, ctx }) =>
    presentImage(
      await points.uploadImage(ctx.merchant, Buffer.from(input.dataBase64, 'base64'), auditOf(ctx, ctx.merchant)),
    ),
  );

  r.admin(adminPointEndpoints.items, async ({ ctx }) =>
    (await points.items(ctx.merchant)).map((row) => presentAdminItem(row, ctx.merchant)),
  );

  r.admin(adminPointEndpoints.createItem, async ({ input, ctx }) =>
    presentAdminItem(await points.createItem(ctx.merchant, input, auditOf(ctx, ctx.merchant)), ctx.merchant),
  );

  r.admin(adminPointEndpoints.updateItem, async ({ params, input, ctx }) =>
    presentAdminItem(await points.updateItem(ctx.merchant, params.id, input, auditOf(ctx, ctx.merchant)), ctx.merchant),
  );

  r.admin(adminPointEndpoints.redemptions, async ({ input, ctx }) => {
    const page = await points.queue(ctx.merchant, input.status, input.pageNo);
    const names = await points.usernamesOf(page.rows.map((row) => row.memberId));
    return {
      list: page.rows.map((row) => presentAdminRedemption(row, ctx.merchant, names.get(row.memberId) ?? '')),
      pageNo: page.pageNo,
      totalPages: page.totalPages,
    };
  });

  r.admin(adminPointEndpoints.decideRedemption, async ({ params, input, ctx }) => {
    const row = await points.decide(ctx.merchant, params.id, input, auditOf(ctx, ctx.merchant));
    const names = await points.usernamesOf([row.memberId]);
    return presentAdminRedemption(row, ctx.merchant, names.get(row.memberId) ?? '');
  });

  const memberPoints = async (merchant: MerchantContext, memberId: string, pageNo: number) => {
    const state = await points.memberPoints(merchant, memberId, pageNo);
    return {
      memberId: state.memberId,
      username: state.username,
      points: state.points.toString(),
      entries: {
        list: state.entries.rows.map(presentEntry),
        pageNo: state.entries.pageNo,
        totalPages: state.entries.totalPages,
      },
    };
  };

  r.admin(adminPointEndpoints.memberPoints, async ({ params, input, ctx }) =>
    memberPoints(ctx.merchant, params.memberId, input.pageNo),
  );

  r.admin(adminPointEndpoints.adjust, async ({ params, input, ctx }) => {
    await points.adjust(ctx.merchant, params.memberId, input, auditOf(ctx, ctx.merchant));
    return memberPoints(ctx.merchant, params.memberId, 1);
  });
};
