import { defineModule } from '../../platform/modules';
import { siteBaseUrl } from '../merchants';
import { createCashierRepository } from './cashier.repository';
import { registerCashierRoutes, registerGatewayCallbackRoute } from './cashier.routes';
import { type CashierService, createCashierService } from './cashier.service';
import { registerCashierAdminRoutes } from './cashier-admin.routes';
import { createSandboxGatewayClient } from './sandbox-gateway.client';

export { presentChannel, presentDeposit, presentDeposits } from './cashier.presenter';
export type { CreditedTotal } from './cashier.repository';
export { registerCashierRoutes, registerGatewayCallbackRoute } from './cashier.routes';
export { type CashierService, createCashierService } from './cashier.service';
export { createSandboxGatewayClient, gatewaySignature, verifyGatewayCallback } from './sandbox-gateway.client';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Deposits: payment channels, orders and the gateway's callbacks. */
    cashier: CashierService;
  }
}

const gatewaySecret = (config: Readonly<Record<string, unknown>>) => String(config.SANDBOX_GATEWAY_SECRET);

export const cashierModule = defineModule({
  name: 'cashier',
  create: ({ database, services, config }) =>
    createCashierService({
      repository: createCashierRepository(database.pool),
      ledger: services.ledger,
      messages: services.messages,
      gateway: createSandboxGatewayClient({
        baseUrl: String(config.SANDBOX_GATEWAY_URL),
        merchantId: String(config.SANDBOX_GATEWAY_MERCHANT_ID),
        secret: gatewaySecret(config),
      }),
      urls: {
        callbackUrl: (merchantCode) => `${config.internalUrl}/wps/cashier/callback/sandbox/${merchantCode}`,
        siteBase: (merchant, host) => siteBaseUrl(merchant.settings, host),
      },
    }),
  routes: async (registrar, cashier, { services, config, log }) => {
    registerCashierRoutes(registrar, cashier);
    registerCashierAdminRoutes(registrar, { admin: services.admin, cashier, members: services.members });
    await registerGatewayCallbackRoute(registrar.http, {
      cashier,
      secret: gatewaySecret(config),
      merchantOf: (code) => services.merchants.resolve({ code, host: '' }),
      log: (message, details) => log.warn(details, message),
    });
  },
  seedDemo: (cashier, { merchantCode, currency }) => cashier.ensureDemoChannels(merchantCode, currency),
});
