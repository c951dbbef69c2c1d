import {
  adminRebateEndpoints,
  issuesToFieldErrors,
  rebateSettingsToMinor,
  updateRebateSettingsSchemaFor,
} from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import { presentRebateClaim, presentRebateSettings } from './rebate.presenter';
import type { MerchantRebateSettings, RebateService } from './rebate.service';

/**
 * Manual rebate per merchant (decision 0042): owner and finance set the rates, minimum and maximum; risk and
 * support read them and the collections. Every change is audited with before and after in its own transaction.
 */
export const registerRebateAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; rebate: RebateService; merchants: MerchantsService; members: MembersService },
): void => {
  const { admin, rebate, members } = deps;
  const auditView = (settings: MerchantRebateSettings, currency: string) => {
    const { rates, minimum, maximum, isDefault } = presentRebateSettings(settings, currency);
    return { rates, minimum, maximum, isDefault };
  };

  r.admin(adminRebateEndpoints.getSettings, async ({ ctx }) => {
    const { merchant } = ctx;
    return presentRebateSettings(await rebate.merchantSettings(merchant), merchant.settings.currency);
  });

  r.admin(adminRebateEndpoints.updateSettings, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const { currency } = merchant.settings;
    // The contract's shape passed; amounts and rates are judged in this merchant's currency, before any write.
    const judged = updateRebateSettingsSchemaFor(currency).safeParse(input);
    if (!judged.success) {
      throw new AppError('validation_failed', { fieldErrors: issuesToFieldErrors(judged.error.issues) });
    }
    const saved = await rebate.updateSettings(
      merchant,
      rebateSettingsToMinor(judged.data, currency),
      async (client, { before, after }) => {
        await admin.auditWith(
          client,
          { operator: ctx.operator, caller: ctx },
          {
            action: 'rebate.settings_update',
            target: merchant.code,
            merchantCode: merchant.code,
            details: { currency, before: auditView(before, currency), after: auditView(after, currency) },
          },
        );
      },
    );
    return presentRebateSettings(saved, currency);
  });

  r.admin(adminRebateEndpoints.listClaims, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const { rows, total } = await rebate.merchantClaims(merchant.code, input);
    const accounts = new Map(
      await Promise.all(
        [...new Set(rows.map((row) => row.memberId))].map(
          async (memberId) => [memberId, (await members.findById(memberId))?.account ?? null] as const,
        ),
      ),
    );
    return {
      list: rows.map((row) => ({
        ...presentRebateClaim(row),
        memberId: row.memberId,
        account: accounts.get(row.memberId) ?? null,
      })),
      pageNo: input.pageNo,
      totalPages: Math.max(1, Math.ceil(total / input.pageSize)),
      totalCount: total,
    };
  });
};
