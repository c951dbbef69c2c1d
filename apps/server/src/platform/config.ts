import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every setting the server reads, with its default. The README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_REPLICA_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe('A streaming replica of DATABASE_URL: reads that tolerate a second of lag go there'),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .describe('With it, realtime events fan out between instances through Redis pub/sub, not PostgreSQL'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .describe('false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs'),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i)
    .optional()
    .describe('Header a trusted CDN sets with the caller’s ISO country, e.g. cf-ipcountry'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_048_576),
  SEED_DEMO: booleanFromEnv.default(true),
  SEED_DEMO_CONTENT: booleanFromEnv.default(true).describe('With SEED_DEMO: the demo banners, notices and help'),
  SEED_DEMO_HISTORY: booleanFromEnv
    .default(true)
    .describe('With SEED_DEMO: demo accounts with play history (the demo agent and its team)'),
  DEMO_DOMAINS: z.string().default('localhost,127.0.0.1'),
  DEMO_OPERATOR_PASSWORD: z.string().min(10).default('Tessera-Owner-2026'),
  PUBLIC_URL: z.url().optional(),
  INTERNAL_URL: z.url().optional().describe('How outside services (the payment gateway) reach this server'),
  SANDBOX_GATEWAY_URL: z.url().default('http://127.0.0.1:8081'),
  SANDBOX_GATEWAY_MERCHANT_ID: z.string().min(1).default('demo'),
  SANDBOX_GATEWAY_SECRET: z.string().min(16).default('sandbox-demo-secret'),
  REFERENCE_PROVIDER_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://127.0.0.1:8082')
    .describe('Where members’ browsers open the demo game provider (apps/reference-provider)'),
  REFERENCE_PROVIDER_SECRET: z.string().min(16).default('reference-provider-demo-secret'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  CRASH_BETTING_MS: z.coerce.number().int().min(1000).max(120_000).default(6000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
});

export type Config = z.infer<typeof envSchema> & { trustProxy: boolean | number | string[] };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const parseTrustProxy = (raw: string): boolean | number | string[] => {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
};

/** Reads and validates the environment; a bad value stops the start with a message naming each variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  // The gateway started beside the server (npm start) listens on SANDBOX_GATEWAY_PORT: without an address of its
  // own, the server reaches it there.
  const gatewayPort = env.SANDBOX_GATEWAY_PORT;
  if (relevant.SANDBOX_GATEWAY_URL === undefined && gatewayPort && /^\d{1,5}$/.test(gatewayPort))
    relevant.SANDBOX_GATEWAY_URL = `http://127.0.0.1:${gatewayPort}`;
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, trustProxy: parseTrustProxy(parsed.data.TRUST_PROXY) };
};
