export { launchBrowser, newPage, VIEWPORTS } from './browser';
export { createFreshDatabase } from './postgres';
export { promotionInput, redEnvelopeInput } from './promotions';
export { DEMO_OPERATOR, startTestServer, type TestServer } from './server';
export { settleAgentContracts, waitUntil } from './settlement';
