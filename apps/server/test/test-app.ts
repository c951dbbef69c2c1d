import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppServices, buildApp } from '../src/app';
import type { Subscriber } from '../src/platform/events';
import { seedDemo } from '../src/seed';
import { attachTestDatabase, createTestDatabase, type TestDatabase } from './database';

export const DEMO_PASSWORD = 'Tessera-Owner-2026';
export const DEMO_SEED_OPTIONS = { domains: ['localhost', '127.0.0.1'], port: 8080, operatorPassword: DEMO_PASSWORD };
export const REFERENCE_PROVIDER_SECRET = 'reference-provider-test-secret';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  /** Begins a graceful shutdown's drain (/readyz answers 503). */
  startDraining: () => void;
  /**
   * After a test wrote the database directly (a session's clock moved, a member locked by SQL): resolves once the
   * database triggers' invalidations have reached this instance's caches, so its next request sees the change.
   */
  cachesSettled: () => Promise<void>;
  database: TestDatabase;
  /** Injects a request; JSON bodies are serialised. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Signs in as an operator and returns the token. */
  operatorToken: (username?: string, password?: string) => Promise<string>;
  /** Runs `work` while the demo merchant has a whitelabel module off, then puts its settings back. */
  withModuleOff: <T>(modId: string, work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/** The real server (every module, real PostgreSQL) in this process, seeded with the demo merchant. */
export const createTestApp = async (
  config: Partial<{
    COUNTRY_HEADER: string;
    BODY_LIMIT_BYTES: number;
    SANDBOX_GATEWAY_URL: string;
    REFERENCE_PROVIDER_URL: string;
    REDIS_URL: string;
  }> = {},
  options: {
    captchaText?: () => string;
    /** Crash rounds: none run unless a test drives them (`services.crash.loop`). */
    crash?: { timing?: { bettingMs: number; pauseMs: number }; chainLength?: number; drive?: boolean };
    /** Built sites to serve (none by default). */
    sites?: { webDir: string; adminDir: string };
    /** Log lines at info level go here (none are logged otherwise). */
    logStream?: { write: (line: string) => void };
    /** Events: extra subscribers, and whether the app delivers by itself (tests may drain instead). */
    events?: { subscribers?: readonly Subscriber[]; deliver?: boolean };
    /** Whether to seed the demo merchant (default yes). */
    seed?: boolean;
    /** A read replica that never catches up (test/database.ts), to see which reads go to it. */
    replica?: boolean;
    /**
     * A second server instance on `instanceOf`'s database: its own pool, listeners and caches, nothing seeded;
     * closing it leaves the database to `instanceOf`.
     */
    instanceOf?: TestApp;
  } = {},
): Promise<TestApp> => {
  const { seed, instanceOf, replica, ...appOptions } = options;
  const database = instanceOf
    ? attachTestDatabase(instanceOf.database)
    : await createTestDatabase({ replica: replica ?? false });
  const { app, services, startDraining, cachesSettled } = await buildApp(
    {
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      trustProxy: false,
      COUNTRY_HEADER: config.COUNTRY_HEADER,
      REDIS_URL: config.REDIS_URL,
      BODY_LIMIT_BYTES: config.BODY_LIMIT_BYTES ?? 1_048_576,
      SANDBOX_GATEWAY_URL: config.SANDBOX_GATEWAY_URL ?? 'http://127.0.0.1:9',
      SANDBOX_GATEWAY_MERCHANT_ID: 'demo',
      SANDBOX_GATEWAY_SECRET: 'sandbox-demo-secret',
      REFERENCE_PROVIDER_URL: config.REFERENCE_PROVIDER_URL ?? 'http://127.0.0.1:8082',
      REFERENCE_PROVIDER_SECRET: REFERENCE_PROVIDER_SECRET,
      internalUrl: 'http://127.0.0.1:8080',
    },
    database,
    {
      sites: { webDir: '/nonexistent', adminDir: '/nonexistent' },
      runJobs: false,
      ...appOptions,
      crash: { drive: false, ...options.crash },
    },
  );
  if (seed !== false && !instanceOf) await seedDemo(services, DEMO_SEED_OPTIONS);
  const request = (options: InjectOptions) => app.inject(options);
  const operatorToken = async (username = 'owner', password = DEMO_PASSWORD) => {
    const response = await request({
      method: 'POST',
      url: '/api/admin/session/login',
      payload: { username, password },
    });
    const body = response.json();
    if (!body.success) throw new Error(`operator login failed: ${response.body}`);
    return body.value.token as string;
  };
  return {
    app,
    services,
    startDraining,
    cachesSettled,
    database,
    request,
    operatorToken,
    withModuleOff: async (modId, work) => {
      const demo = await services.merchants.get('demo');
      if (!demo) throw new Error('no demo merchant');
      const without = demo.settings.whitelabel.filter((node) => node.modId !== modId);
      await services.merchants.update('demo', demo.version, { ...demo.settings, whitelabel: without });
      try {
        return await work();
      } finally {
        const current = await services.merchants.get('demo');
        if (current) await services.merchants.update('demo', current.version, demo.settings);
      }
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
};
