export {
  createProviderRegistry,
  DEMO_PROVIDER_CODE,
  type ProviderConfig,
  type ProviderRegistry,
} from './provider-registry';
export { seamlessRounds, seamlessTransactions } from './providers.schema';
