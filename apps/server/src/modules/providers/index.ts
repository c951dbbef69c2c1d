export {
  createProviderRegistry,
  DEMO_PROVIDER_CODE,
  type ProviderConfig,
  type ProviderRegistry,
} from './provider-registry';
export { createProvidersRepository } from './providers.repository';
export { seamlessRounds, seamlessTransactions } from './providers.schema';
export { registerSeamlessRoutes, seamlessSignature } from './seamless.routes';
export { createSeamlessService, type SeamlessService } from './seamless.service';
