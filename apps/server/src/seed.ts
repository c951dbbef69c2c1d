import type pg from 'pg';
import type { AppServices } from './app';
import { seedDemoContent } from './modules/content';
import { demoMerchantSettings } from './modules/merchants';
import { demoRebateSettings } from './modules/promotions';
import { DEMO_PROVIDER_CODE } from './modules/providers';
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

/** Creates the demo merchant and its owner operator when absent; later starts leave operator edits alone. */
export const seedDemo = async (
  services: AppServices,
  options: { domains: readonly string[]; port: number; operatorPassword: string; content?: boolean },
): Promise<{ merchantCreated: boolean; operatorCreated: boolean; gamesAdded: number }> => {
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
  // The demo's manual rebate (MANUALREBATE3 is on in its feature tree): rates per category, set once.
  await services.rebate.seedSettings(DEMO_MERCHANT_CODE, demoRebateSettings('USD'));
  // The referral programme (REFERRAL3 is on, as every module is): 10.00 per friend whose deposits reach 50.00.
  await services.referral.seedSettings(DEMO_MERCHANT_CODE, 'USD', {
    enabled: true,
    rewardPerFriend: 1_000n,
    qualifyingDeposits: 5_000n,
    maxRewardedFriends: 100,
  });
  await services.vip.ensureDemoLevels(DEMO_MERCHANT_CODE);
  if (options.content !== false) await seedDemoContent(services.content, DEMO_MERCHANT_CODE);
  // Each listed module's part of the demo (points rules, activities, lottery games…; platform/modules).
  await services.modules.seedDemo({ merchantCode: DEMO_MERCHANT_CODE, currency: 'USD' });
  // The demo catalogue: its outside vendors launch into the reference provider (apps/reference-provider).
  const { gamesAdded } = await services.games.seedDemoCatalogue(DEMO_PROVIDER_CODE);
  // The winners board's history, so it shows from the first visit (decision 0065).
  await services.games.seedDemoWins(DEMO_MERCHANT_CODE, 'USD');
  return { merchantCreated, operatorCreated, gamesAdded };
};
