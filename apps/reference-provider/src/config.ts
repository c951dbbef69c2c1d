import path from 'node:path';

/** Every setting the reference provider reads, with its default; README.md mirrors this table. */
export interface ProviderConfig {
  host: string;
  port: number;
  /** Where the platform's seamless wallet answers (server to server). */
  platformUrl: string;
  /** This provider's code at the platform. */
  providerCode: string;
  /** The secret both sides sign with (at least 16 characters). */
  secret: string;
  /** Who may frame the game pages (CSP frame-ancestors). */
  frameAncestors: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How often wins and rollbacks the platform could not take yet are sent again. */
  settlementRetryMs: number;
  /** The betting window of a live table's and a cockfight's round (then the result, and the next round opens). */
  tableRoundMs: number;
  /** The key of the sportsbook's operator page and API (results, resettlement, void). */
  operatorKey: string;
  /** The file the sportsbook keeps its book in across restarts (decision 0136); null: in memory only. */
  sportsbookFile: string | null;
  /**
   * The folder the other stand-ins keep their state in across restarts, a JSON file each (decision 0167): the round
   * runner's rounds under way and owed calls, the live tables', the cockfight pits' and the tournaments'; null: in
   * memory only.
   */
  stateDir: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const loadConfig = (env: Record<string, string | undefined> = process.env): ProviderConfig => {
  const problems: string[] = [];
  const value = (name: string, fallback: string) => {
    const raw = env[name];
    return raw === undefined || raw === '' ? fallback : raw;
  };
  const port = Number(value('REFERENCE_PROVIDER_PORT', '8082'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('REFERENCE_PROVIDER_PORT: a port number');
  const platformUrl = value('REFERENCE_PROVIDER_PLATFORM_URL', 'http://127.0.0.1:8080');
  if (!/^https?:\/\/[^\s]+$/.test(platformUrl)) problems.push('REFERENCE_PROVIDER_PLATFORM_URL: an http(s) URL');
  const secret = value('REFERENCE_PROVIDER_SECRET', 'reference-provider-demo-secret');
  if (secret.length < 16) problems.push('REFERENCE_PROVIDER_SECRET: at least 16 characters');
  const logLevel = value('REFERENCE_PROVIDER_LOG_LEVEL', 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    problems.push(`REFERENCE_PROVIDER_LOG_LEVEL: one of ${LOG_LEVELS.join(', ')}`);
  const settlementRetryMs = Number(value('REFERENCE_PROVIDER_RETRY_MS', '5000'));
  if (!Number.isInteger(settlementRetryMs) || settlementRetryMs < 50)
    problems.push('REFERENCE_PROVIDER_RETRY_MS: at least 50');
  const tableRoundMs = Number(value('REFERENCE_PROVIDER_TABLE_ROUND_MS', '20000'));
  if (!Number.isInteger(tableRoundMs) || tableRoundMs < 1000)
    problems.push('REFERENCE_PROVIDER_TABLE_ROUND_MS: at least 1000');
  const operatorKey = value('REFERENCE_PROVIDER_OPERATOR_KEY', 'reference-provider-operator-key');
  if (operatorKey.length < 12) problems.push('REFERENCE_PROVIDER_OPERATOR_KEY: at least 12 characters');
  const stateDir = value('REFERENCE_PROVIDER_STATE_DIR', './data/reference-provider');
  // The sportsbook's book sits in the same folder unless placed elsewhere (kept in memory too when the folder is).
  const sportsbookFile = value(
    'REFERENCE_PROVIDER_SPORTSBOOK_FILE',
    stateDir === 'memory' ? 'memory' : path.join(stateDir, 'sportsbook.json'),
  );
  if (problems.length > 0)
    throw new ConfigError(`The reference provider's configuration is invalid:\n  ${problems.join('\n  ')}`);
  return {
    host: value('REFERENCE_PROVIDER_HOST', '0.0.0.0'),
    port,
    platformUrl: platformUrl.replace(/\/+$/, ''),
    providerCode: value('REFERENCE_PROVIDER_CODE', 'DEMO'),
    secret,
    frameAncestors: value('REFERENCE_PROVIDER_FRAME_ANCESTORS', '*'),
    logLevel: logLevel as ProviderConfig['logLevel'],
    settlementRetryMs,
    tableRoundMs,
    operatorKey,
    sportsbookFile: sportsbookFile === 'memory' ? null : path.resolve(sportsbookFile),
    stateDir: stateDir === 'memory' ? null : path.resolve(stateDir),
  };
};
