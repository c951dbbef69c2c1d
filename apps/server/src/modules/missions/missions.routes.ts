import { adminMissionEndpoints, formatMinor, missionEndpoints } from '@tessera/contracts';
import type { AdminContext, MerchantContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import { presentAdminMission, presentBoardEntry, presentMission } from './missions.presenter';
import type { MissionsAudit, MissionsService } from './missions.service';

/** The member site's missions: the summary with the badge count, the leaderboard with the caller's rank, claims. */
export const registerMissionsRoutes = (r: Registrar, missions: MissionsService): void => {
  r.site(missionEndpoints.summary, async ({ ctx }) => {
    const language = ctx.language ?? ctx.merchant.settings.defaultLanguage;
    const rows = await missions.summary(ctx.merchant, ctx.member.memberId);
    const list = rows.map((row) => presentMission(row, ctx.merchant, language));
    return {
      currency: ctx.merchant.settings.currency,
      missionCount: list.filter((mission) => mission.status === 'completed').length,
      missions: list,
    };
  });

  r.site(missionEndpoints.leaderboard, async ({ input, ctx }) => {
    const board = await missions.leaderboard(ctx.merchant, ctx.member.memberId, input.period, input.offset);
    return {
      period: board.period,
      periodKey: board.periodKey,
      startsAt: board.startsAt.toISOString(),
      endsAt: board.endsAt.toISOString(),
      members: board.place.members,
      top: board.top.map((entry) => presentBoardEntry(entry, ctx.member.memberId)),
      me: { rank: board.place.rank, score: board.place.score },
    };
  });

  r.site(missionEndpoints.claim, async ({ input, ctx }) => {
    const paid = await missions.claim(ctx.merchant, ctx.member, input.missionId, input.periodKey);
    const { currency } = ctx.merchant.settings;
    return {
      missionId: input.missionId,
      periodKey: input.periodKey,
      reward: formatMinor(paid.reward, currency),
      currency,
      missionCount: paid.missionCount,
    };
  });
};

/** The back office's mission editor: the list with figures, add and replace; every change audited. */
export const registerMissionsAdminRoutes = (r: Registrar, missions: MissionsService, admin: AdminService): void => {
  const auditOf =
    (ctx: AdminContext, merchant: MerchantContext): MissionsAudit =>
    (client, entry) =>
      admin.auditWith(client, { operator: ctx.operator, caller: ctx }, { ...entry, merchantCode: merchant.code });

  const one = async (merchant: MerchantContext, id: string) => {
    const entry = (await missions.adminList(merchant)).find((item) => item.mission.id === id);
    if (!entry) throw new Error(`mission ${id} vanished after its change`);
    return presentAdminMission(entry, merchant);
  };

  r.admin(adminMissionEndpoints.list, async ({ ctx }) => {
    const { currency, timeZone, defaultLanguage, supportedLanguages } = ctx.merchant.settings;
    const list = await missions.adminList(ctx.merchant);
    return {
      currency,
      timeZone,
      defaultLanguage,
      supportedLanguages,
      list: list.map((entry) => presentAdminMission(entry, ctx.merchant)),
    };
  });

  r.admin(adminMissionEndpoints.create, async ({ input, ctx }) => {
    const row = await missions.create(ctx.merchant, input, auditOf(ctx, ctx.merchant));
    return one(ctx.merchant, row.id);
  });

  r.admin(adminMissionEndpoints.update, async ({ params, input, ctx }) => {
    const row = await missions.update(ctx.merchant, params.id, input, auditOf(ctx, ctx.merchant));
    return one(ctx.merchant, row.id);
  });
};
