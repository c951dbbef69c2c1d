import type { AppServices } from './app';
import { seedDemoContent } from './modules/content';
import { demoMerchantSettings } from './modules/merchants';

export const DEMO_MERCHANT_CODE = 'demo';
export const DEMO_OPERATOR_USERNAME = 'owner';

/** Creates the demo merchant and its owner operator when absent; later starts leave operator edits alone. */
export const seedDemo = async (
  services: AppServices,
  options: { domains: readonly string[]; port: number; operatorPassword: string },
): Promise<{ merchantCreated: boolean; operatorCreated: boolean }> => {
  const merchantCreated = await services.merchants.createIfAbsent(
    DEMO_MERCHANT_CODE,
    demoMerchantSettings(options.domains, options.port),
  );
  const operatorCreated = await services.admin.ensureOperator({
    username: DEMO_OPERATOR_USERNAME,
    displayName: 'Demo owner',
    password: options.operatorPassword,
    role: 'owner',
    merchantCode: null,
  });
  await services.cashier.ensureDemoChannels(DEMO_MERCHANT_CODE, 'USD');
  await seedDemoContent(services.content, DEMO_MERCHANT_CODE);
  return { merchantCreated, operatorCreated };
};
