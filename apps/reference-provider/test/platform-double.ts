import { buildApp } from '../src/app';
import type { TableDealers } from '../src/table-routes';
import { sign } from '../src/wallet-client';

const SECRET = 'provider-test-secret-0123';

/**
 * The provider under test, wired to a double of the platform's wallet: every call answered with a signed balance
 * of 100.00 USD and recorded (action and body).
 */
export const providerWithPlatformDouble = (options: { tableRoundMs?: number; dealers?: TableDealers } = {}) => {
  const calls: { action: string; body: Record<string, unknown> }[] = [];
  const platform = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ action: String(url).split('/').pop() ?? '', body: JSON.parse(String(init?.body ?? '{}')) });
    const text = JSON.stringify({
      success: true,
      value: { balance: '100.00', currency: 'USD', transactionId: 'x', platformTransactionId: '1' },
      message: null,
      errorCode: null,
    });
    return new Response(text, { status: 200, headers: { 'x-signature': sign(SECRET, text) } });
  }) as typeof fetch;
  const { app } = buildApp(
    {
      platformUrl: 'http://platform.test',
      providerCode: 'DEMO',
      secret: SECRET,
      frameAncestors: '*',
      logLevel: 'silent',
      settlementRetryMs: 60_000,
      tableRoundMs: options.tableRoundMs ?? 20_000,
    },
    { fetch: platform, backoffMs: 1, ...(options.dealers ? { dealers: options.dealers } : {}) },
  );
  return { app, calls };
};
