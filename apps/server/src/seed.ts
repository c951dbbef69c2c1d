import type pg from 'pg';
import type { AppServices } from './app';
import { demoMerchantSettings } from './modules/merchants';
import { withStartupLock } from './platform/db/migrate';

export const DEMO_MERCHANT_CODE = 'demo';
export const DEMO_OPERATOR_USERNAME = 'owner';

/** Arbitrary constant naming the "demo seed" advisory lock. */
const SEED_LOCK_KEY = 7_246_110_502;

/**
 * The demo seed as a starting instance runs it: instances starting at once on one database take turns, so the
 * checks "when absent" of one never race another's inserts (three instances once seeded the demo content thrice).
 */
export const seedDemoOnce = (
  services: AppServices,
  pool: pg.Pool,
  options: Parameters<typeof seedDemo>[1],
): ReturnType<typeof seedDemo> => withStartupLock(pool, SEED_LOCK_KEY, () => seedDemo(services, options));

/**
 * Creates the demo merchant and its owner operator when absent (later starts leave operator edits alone), then
 * runs each module's own part of the demo in list order (`seedDemo` of its definition, platform/modules): payment
 * channels, VIP levels, rebate and referral settings, content, the game catalogue, points, lottery games…
 */
export const seedDemo = async (
  services: AppServices,
  options: { domains: readonly string[]; port: number; operatorPassword: string; content?: boolean; history?: boolean },
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
  await services.modules.seedDemo({
    merchantCode: DEMO_MERCHANT_CODE,
    currency: 'USD',
    content: options.content !== false,
    history: options.history === true,
  });
  return { merchantCreated, operatorCreated };
};
