import {
  adminReferralEndpoints,
  issuesToFieldErrors,
  referralSettingsToMinor,
  updateReferralSettingsSchemaFor,
} from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MerchantsService } from '../merchants';
import { presentAdminReferralSettings } from './referral.presenter';
import type { ReferralService } from './referral.service';

/** A merchant's referral programme: owner and finance set it, risk and support read it; every change is audited. */
export const registerReferralAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; referral: ReferralService; merchants: MerchantsService },
): void => {
  const { admin, referral } = deps;

  r.admin(adminReferralEndpoints.getSettings, async ({ ctx }) => {
    const { merchant } = ctx;
    return presentAdminReferralSettings(await referral.settingsOf(merchant), merchant.settings.currency);
  });

  r.admin(adminReferralEndpoints.updateSettings, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const { currency } = merchant.settings;
    // The contract's shape passed; the amounts are judged in this merchant's currency, all before any write.
    const judged = updateReferralSettingsSchemaFor(currency).safeParse(input);
    if (!judged.success) {
      throw new AppError('validation_failed', { fieldErrors: issuesToFieldErrors(judged.error.issues) });
    }
    const saved = await referral.updateSettings(
      merchant,
      referralSettingsToMinor(judged.data, currency),
      async (client, { before, after }) => {
        // Each side in its own currency (a merchant that changed currency replaces settings made in the old one).
        const shown = (row: typeof before) => {
          if (!row) return null;
          const { updatedAt: _updatedAt, ...settings } = presentAdminReferralSettings(row, row.currency);
          return settings;
        };
        await admin.auditWith(
          client,
          { operator: ctx.operator, caller: ctx },
          {
            action: 'referral.settings_update',
            target: merchant.code,
            merchantCode: merchant.code,
            details: { before: shown(before), after: shown(after) },
          },
        );
      },
    );
    return presentAdminReferralSettings(saved, currency);
  });
};
