import { z } from 'zod';

/** A merchant the gateway knows: its id (sent in `X-Gateway-Merchant`) and the secret both sides sign with. */
export interface Merchant {
  id: string;
  secret: string;
}

export const MERCHANT_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const MIN_SECRET_LENGTH = 16;

/** `merchantId:secret` pairs, comma-separated; the secret is everything after the first colon. */
const merchantsFromEnv = z.string().transform((raw, ctx): Merchant[] => {
  const merchants: Merchant[] = [];
  const pairs = raw
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean);
  if (pairs.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'needs at least one merchantId:secret pair' });
    return z.NEVER;
  }
  for (const pair of pairs) {
    const colon = pair.indexOf(':');
    const id = colon === -1 ? pair : pair.slice(0, colon);
    const secret = colon === -1 ? '' : pair.slice(colon + 1);
    if (!MERCHANT_ID.test(id)) {
      ctx.addIssue({ code: 'custom', message: `merchant id "${id}" must be 1-64 letters, digits, _ or -` });
    } else if (secret.length < MIN_SECRET_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: `merchant "${id}" needs a secret of at least ${MIN_SECRET_LENGTH} characters (write id:secret)`,
      });
    } else if (merchants.some((m) => m.id === id)) {
      ctx.addIssue({ code: 'custom', message: `merchant "${id}" is listed twice` });
    } else {
      merchants.push({ id, secret });
    }
  }
  return merchants;
});

/** Every setting the gateway reads, with its default. docs/runbooks/sandbox-gateway.md mirrors this table. */
const envSchema = z.object({
  SANDBOX_GATEWAY_HOST: z.string().min(1).default('0.0.0.0'),
  SANDBOX_GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  // Without one, the public address is derived from the port (see loadConfig).
  SANDBOX_GATEWAY_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:8081' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  SANDBOX_GATEWAY_MERCHANTS: merchantsFromEnv.default([{ id: 'demo', secret: 'sandbox-demo-secret' }]),
  SANDBOX_GATEWAY_DATA: z.string().min(1).default('./data/sandbox-gateway'),
  SANDBOX_GATEWAY_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface GatewayConfig {
  host: string;
  port: number;
  publicUrl: string;
  merchants: Merchant[];
  dataDir: string;
  logLevel: z.infer<typeof envSchema>['SANDBOX_GATEWAY_LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * A public address on this machine (localhost, 127.0.0.1, ::1) reaches the gateway only on the port it listens on:
 * the port it names when that differs, else null. An address elsewhere (a proxy, a tunnel) may use any port. Port 0
 * (a free port picked at start) cannot be checked.
 */
export const loopbackPortMismatch = (publicUrl: string, port: number): number | null => {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname) || port === 0) return null;
  const named = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return named === port ? null : named;
};

/** Reads and validates the environment; a bad value stops the start with one message naming each variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig => {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`The sandbox gateway's configuration is invalid:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const port = value.SANDBOX_GATEWAY_PORT;
  const publicUrl = value.SANDBOX_GATEWAY_PUBLIC_URL ?? `http://localhost:${port}`;
  const mismatch = loopbackPortMismatch(publicUrl, port);
  if (mismatch !== null) {
    throw new ConfigError(
      `The sandbox gateway's configuration is invalid:\n  SANDBOX_GATEWAY_PUBLIC_URL: ${publicUrl} points at this machine's port ${mismatch}, but the gateway listens on SANDBOX_GATEWAY_PORT ${port}; members would be sent to a dead address. Make the two agree, or leave SANDBOX_GATEWAY_PUBLIC_URL unset to derive it from the port.`,
    );
  }
  return {
    host: value.SANDBOX_GATEWAY_HOST,
    port,
    publicUrl,
    merchants: value.SANDBOX_GATEWAY_MERCHANTS,
    dataDir: value.SANDBOX_GATEWAY_DATA,
    logLevel: value.SANDBOX_GATEWAY_LOG_LEVEL,
  };
};
