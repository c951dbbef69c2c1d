import { adminGamesEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MerchantsService } from '../merchants';
import { presentAdminGame, presentAdminVendor } from './games.presenter';
import type { GamesService } from './games.service';

/** The catalogue per merchant: content operators and owners edit it, everyone in scope reads it; edits are audited. */
export const registerGamesAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; games: GamesService; merchants: MerchantsService },
): void => {
  const { admin, games } = deps;

  r.admin(adminGamesEndpoints.listVendors, async ({ ctx }) => {
    const { merchant } = ctx;
    return (await games.adminVendors(merchant.code)).map(presentAdminVendor);
  });

  r.admin(adminGamesEndpoints.updateVendor, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const vendor = await games.adminUpdateVendor(merchant.code, params.vassalage, input);
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      { action: 'games.vendor_update', target: params.vassalage, merchantCode: merchant.code, details: { ...input } },
    );
    return presentAdminVendor(vendor);
  });

  r.admin(adminGamesEndpoints.listGames, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const { rows, totalPages } = await games.adminGames(
      merchant.code,
      {
        ...(input.gameType ? { gameType: input.gameType } : {}),
        ...(input.vassalage ? { vassalage: input.vassalage } : {}),
        ...(input.q ? { q: input.q } : {}),
        ...(input.enabled ? { enabled: input.enabled === 'true' } : {}),
        ...(input.hot ? { hot: input.hot === 'true' } : {}),
      },
      { pageNo: input.pageNo, pageSize: input.pageSize },
    );
    return { list: rows.map(presentAdminGame), pageNo: input.pageNo, totalPages };
  });

  r.admin(adminGamesEndpoints.updateGame, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const row = await games.adminUpdateGame(merchant.code, params.nodeId, input);
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      { action: 'games.game_update', target: params.nodeId, merchantCode: merchant.code, details: { ...input } },
    );
    return presentAdminGame(row);
  });

  r.admin(adminGamesEndpoints.reorderGames, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const updated = await games.adminReorder(merchant.code, input.nodeIds);
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      { action: 'games.reorder', target: null, merchantCode: merchant.code, details: { nodeIds: input.nodeIds } },
    );
    return { updated };
  });
};
