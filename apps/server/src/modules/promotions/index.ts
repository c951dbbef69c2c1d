export { demoRebateSettings } from './rebate.demo';
export { presentRebateClaim, presentRebateSettings } from './rebate.presenter';
export { createRebateRepository } from './rebate.repository';
export { registerRebateRoutes } from './rebate.routes';
export { rebateClaims, rebateRates, rebateSettings } from './rebate.schema';
export { createRebateService, type MerchantRebateSettings, type RebateService } from './rebate.service';
