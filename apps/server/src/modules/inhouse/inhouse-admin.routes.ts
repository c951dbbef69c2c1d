import {
  adminInhouseEndpoints,
  formatMinor,
  type InhouseGame,
  inhouseGames,
  inhouseLimitsToMinor,
  issuesToFieldErrors,
  updateInhouseLimitsSchemaFor,
} from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MerchantsService } from '../merchants';
import type { Limits, MerchantLimits } from './inhouse.limits';
import { presentMerchantLimits } from './inhouse.presenter';
import type { InhouseService } from './inhouse.service';

const asText = (row: MerchantLimits, currency: string) => ({
  minStake: formatMinor(row.minStake, currency),
  maxStake: formatMinor(row.maxStake, currency),
  maxPayout: formatMinor(row.maxPayout, currency),
  isDefault: row.isDefault,
});

/** In-house game limits per merchant: owner and risk set them, finance reads them; every change is audited. */
export const registerInhouseAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; inhouse: InhouseService; merchants: MerchantsService },
): void => {
  const { admin, inhouse } = deps;

  r.admin(adminInhouseEndpoints.getLimits, async ({ ctx }) => {
    const { merchant } = ctx;
    return presentMerchantLimits(await inhouse.merchantLimits(merchant), merchant.settings.currency);
  });

  r.admin(adminInhouseEndpoints.updateLimits, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const { currency } = merchant.settings;
    // The contract's shape passed; the amounts are judged in this merchant's currency, all before any write.
    const judged = updateInhouseLimitsSchemaFor(currency).safeParse(input);
    if (!judged.success) {
      throw new AppError('validation_failed', { fieldErrors: issuesToFieldErrors(judged.error.issues) });
    }
    const changes: Partial<Record<InhouseGame, Limits>> = {};
    for (const [game, limits] of Object.entries(judged.data.limits) as [InhouseGame, typeof input.limits.dice][]) {
      if (limits) changes[game] = inhouseLimitsToMinor(limits, currency);
    }
    const rows = await inhouse.updateLimits(merchant, changes, async (client, { before, after }) => {
      const games = inhouseGames.filter((game) => changes[game]);
      const pick = (table: MerchantLimits[]) =>
        Object.fromEntries(
          table.filter((row) => games.includes(row.game)).map((row) => [row.game, asText(row, currency)]),
        );
      await admin.auditWith(
        client,
        { operator: ctx.operator, caller: ctx },
        {
          action: 'inhouse.limits_update',
          target: games.join(','),
          merchantCode: merchant.code,
          details: { currency, before: pick(before), after: pick(after) },
        },
      );
    });
    return presentMerchantLimits(rows, currency);
  });
};
