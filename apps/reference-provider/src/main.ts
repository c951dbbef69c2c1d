import { buildApp } from './app';
import { ConfigError, loadConfig, type ProviderConfig } from './config';

const start = async () => {
  let config: ProviderConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const { app, rounds, sportsbook, tournaments } = buildApp(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      { signal, pendingSettlements: rounds.pendingCount() + sportsbook.owedCount() + tournaments.owedCount() },
      'shutting down',
    );
    // One last try to deliver wins and rollbacks still owed to the platform.
    await rounds.retryPending().catch(() => {});
    await sportsbook.retryOwed().catch(() => {});
    await tournaments.retryOwed().catch(() => {});
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info({ platformUrl: config.platformUrl, provider: config.providerCode }, 'reference provider ready');
};

start().catch((error: unknown) => {
  process.stderr.write(`The reference provider failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
