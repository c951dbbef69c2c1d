import { buildApp } from './app';
import { ConfigError, type GatewayConfig, loadConfig } from './config';
import { StateFileError } from './state-file';

/** Grace for in-flight requests and the last state write before a signal forces the exit. */
const SHUTDOWN_GRACE_MS = 10_000;

const start = async () => {
  let config: GatewayConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({
      merchants: config.merchants,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      logLevel: config.logLevel,
    });
  } catch (error) {
    if (error instanceof StateFileError) {
      process.stderr.write(`The sandbox gateway cannot start: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const { app, gateway } = built;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests and the state write');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      publicUrl: config.publicUrl,
      merchants: config.merchants.map((merchant) => merchant.id),
      stateFile: gateway.statePath,
    },
    'sandbox gateway ready',
  );
};

start().catch((error: unknown) => {
  process.stderr.write(`The sandbox gateway failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
