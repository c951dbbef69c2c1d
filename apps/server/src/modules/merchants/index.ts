export { demoMerchantSettings } from './demo-merchant';
export type { MerchantRow } from './merchants.repository';
export { createMerchantsRepository } from './merchants.repository';
export { merchantDomains, merchants } from './merchants.schema';
export { createMerchantsService, type MerchantsService } from './merchants.service';
export { isRegionRestricted, isUnderMaintenance, siteBaseUrl } from './site-access';
