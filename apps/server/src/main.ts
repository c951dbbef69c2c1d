import pino from 'pino';
import { buildApp } from './app';
import { DEMO_AGENT_PASSWORD, DEMO_AGENT_USERNAME } from './modules/agents';
import { ConfigError, loadConfig } from './platform/config';
import { connectDatabase } from './platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './platform/db/embedded';
import { runMigrations } from './platform/db/migrate';
import { shutDownGracefully } from './platform/http/shutdown';
import { loggerOptions } from './platform/logger';
import { DEMO_MERCHANT_CODE, DEMO_OPERATOR_USERNAME, seedDemoOnce } from './seed';

/** The port a public URL names, or its scheme's default. */
const publicPort = (url: string): number => {
  const parsed = new URL(url);
  return parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
};

const start = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const log = pino(loggerOptions(config.LOG_LEVEL));

  let embedded: EmbeddedDatabase | null = null;
  // Until the server is up a stop signal only stops the embedded database; then the graceful shutdown takes over.
  let stop = async (_signal: string): Promise<void> => {
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    // This process stops it itself, after a graceful shutdown (below).
    embedded = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT, (m) => log.info(m), {
      ownSignalHandling: true,
    });
    databaseUrl = embedded.url;
    log.info({ port: config.EMBEDDED_PG_PORT }, 'embedded PostgreSQL started');
  }
  const database = connectDatabase(databaseUrl, config.DB_POOL_SIZE, config.DATABASE_REPLICA_URL);
  if (config.DATABASE_REPLICA_URL) log.info('reads that tolerate lag go to DATABASE_REPLICA_URL');
  await runMigrations(database.pool);
  log.info('migrations applied');

  const internalUrl = config.INTERNAL_URL?.replace(/\/$/, '') ?? `http://127.0.0.1:${config.PORT}`;
  const { app, services, startDraining } = await buildApp({ ...config, internalUrl }, database, {
    crash: { timing: { bettingMs: config.CRASH_BETTING_MS, pauseMs: config.CRASH_PAUSE_MS } },
  });
  const domains = config.DEMO_DOMAINS.split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoOnce(services, database.pool, {
      domains,
      // The demo's own addresses (mirror lines, customer service page): the public port when one is set (an
      // instance behind a load balancer listens on a port of its own).
      port: config.PUBLIC_URL ? publicPort(config.PUBLIC_URL) : config.PORT,
      operatorPassword: config.DEMO_OPERATOR_PASSWORD,
      content: config.SEED_DEMO_CONTENT,
      history: config.SEED_DEMO_HISTORY,
    });
    log.info(seeded, 'demo data checked');
    // The crash loop started with the app, perhaps before the demo merchant existed.
    await services.crash.loop.refreshMerchants();
  }

  let stopping = false;
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM (a service manager, a rolling deploy) drains first so the balancer moves traffic away; Ctrl-C does not wait.
    const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_MS : 0;
    log.info({ signal, drainMs }, 'shutting down: readyz answers 503, draining');
    const force = setTimeout(() => {
      log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, drainMs + config.SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await shutDownGracefully(
        { app, startDraining },
        { drainMs, onClosing: () => log.info('shutting down: closing sockets, finishing requests and jobs') },
      );
      await database.close();
      await embedded?.stop();
      log.info('shut down');
    } finally {
      process.exit(0);
    }
  };

  await app.listen({ host: config.HOST, port: config.PORT });
  const base = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${domains[0] ?? 'localhost'}:${config.PORT}`;
  const lines = [
    '',
    'Tessera is running.',
    `  Member site:  ${base}/`,
    `  Back office:  ${base}/admin/`,
    `  API docs:     ${base}/api/docs`,
    `  Payment sandbox (deposits pay here): ${config.SANDBOX_GATEWAY_URL}`,
  ];
  if (config.SEED_DEMO) {
    lines.push(
      '',
      `Demo merchant "${DEMO_MERCHANT_CODE}" answers on: ${domains.join(', ')}`,
      `Demo back-office login: ${DEMO_OPERATOR_USERNAME} / ${config.DEMO_OPERATOR_PASSWORD}`,
    );
    if (config.SEED_DEMO_HISTORY) {
      lines.push(
        `Demo agent login (member site, ${base}/agent): ${DEMO_AGENT_USERNAME} / ${DEMO_AGENT_PASSWORD} (withdraw password the same)`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
};

start().catch((error: unknown) => {
  process.stderr.write(`Tessera failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
