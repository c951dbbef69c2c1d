import { defineModule } from '../../platform/modules';
import { createProviderRegistry, DEMO_PROVIDER_CODE, type ProviderRegistry } from './provider-registry';
import { createProvidersRepository } from './providers.repository';
import { registerSeamlessRoutes } from './seamless.routes';
import { createSeamlessService, type SeamlessService } from './seamless.service';
import { registerSeamlessAdminRoutes } from './seamless-admin.routes';

export {
  createProviderRegistry,
  DEMO_PROVIDER_CODE,
  type ProviderConfig,
  type ProviderRegistry,
} from './provider-registry';
export { registerSeamlessRoutes, seamlessSignature } from './seamless.routes';
export { createSeamlessService, type SeamlessService } from './seamless.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The outside game providers this server launches games into. */
    providers: ProviderRegistry;
    /** The seamless wallet the providers call: bets, wins and refunds of their rounds. */
    seamless: SeamlessService;
  }
}

export const providersModule = defineModule({
  name: 'providers',
  create: ({ config }) =>
    createProviderRegistry([
      {
        code: DEMO_PROVIDER_CODE,
        name: 'Tessera demo provider',
        launchUrl: String(config.REFERENCE_PROVIDER_URL),
        secret: String(config.REFERENCE_PROVIDER_SECRET),
      },
    ]),
});

/**
 * Listed after `games` (a provider's call names the game session the catalogue opened). The `seamless_rounds_timeout`
 * job (every minute) closes with no win the rounds a provider left open past its round timeout (decision 0128).
 */
export const seamlessModule = defineModule({
  name: 'seamless',
  create: ({ database, services }) =>
    createSeamlessService({
      pool: database.pool,
      repository: createProvidersRepository(),
      ledger: services.ledger,
      bets: services.bets,
      games: services.games,
    }),
  routes: async (registrar, seamless, { database, services }) => {
    registerSeamlessAdminRoutes(registrar, {
      pool: database.pool,
      members: services.members,
      admin: services.admin,
      providers: services.providers,
    });
    await registerSeamlessRoutes(registrar.http, { seamless, registry: services.providers });
  },
  jobs: (seamless, { services }) => [
    {
      name: 'seamless_rounds_timeout',
      schedule: { everySeconds: 60 },
      run: (job) => job.once(() => seamless.closeStaleRounds(services.providers.roundTimeouts())),
    },
  ],
});
