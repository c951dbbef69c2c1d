export { presentChannel, presentDeposit, presentDeposits } from './cashier.presenter';
export { type CreditedTotal, createCashierRepository } from './cashier.repository';
export { registerCashierRoutes, registerGatewayCallbackRoute } from './cashier.routes';
export { depositOrders, paymentChannels } from './cashier.schema';
export { type CashierService, createCashierService } from './cashier.service';
export { createSandboxGatewayClient, gatewaySignature, verifyGatewayCallback } from './sandbox-gateway.client';
