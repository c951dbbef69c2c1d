import { defineModule } from '../../platform/modules';
import { createMerchantsRepository } from './merchants.repository';
import { createMerchantsService, type MerchantsService } from './merchants.service';

export { demoMerchantSettings } from './demo-merchant';
export type { MerchantRow } from './merchants.repository';
export { createMerchantsService, MERCHANT_CACHE_MS, type MerchantsService } from './merchants.service';
export { isRegionRestricted, isUnderMaintenance, siteBaseUrl } from './site-access';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Merchants: their settings, domains and site gate; every request resolves one. */
    merchants: MerchantsService;
  }
}

export const merchantsModule = defineModule({
  name: 'merchants',
  create: ({ database, caches }) => createMerchantsService(createMerchantsRepository(database.pool), caches),
});
