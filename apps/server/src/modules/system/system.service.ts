import { AppError } from '../../platform/http/app-error';
import type { ClientFacts, MerchantContext } from '../../platform/principals';
import { isRegionRestricted, isUnderMaintenance } from '../merchants';

export const siteStateOf = (merchant: MerchantContext, caller: ClientFacts, now = new Date()) => ({
  maintenance: isUnderMaintenance(merchant.settings.maintenance, now),
  regionRestriction: isRegionRestricted(merchant.settings.region, caller.ip, caller.country),
});

/** The site gate: during maintenance or for a restricted caller, site calls other than site start are refused. */
export const checkSiteAccess = (merchant: MerchantContext, caller: ClientFacts): void => {
  const state = siteStateOf(merchant, caller);
  if (state.maintenance) throw new AppError('maintenance');
  if (state.regionRestriction) throw new AppError('blockip', { value: { ip: caller.ip } });
};
