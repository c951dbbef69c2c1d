import { buildApp } from '../src/app';
import type { FishKind } from '../src/fishing-maths';
import type { BaccaratHand } from '../src/live-table-maths';
import type { TableDealers } from '../src/table-routes';
import { sign } from '../src/wallet-client';

const SECRET = 'provider-test-secret-0123';

/**
 * The provider under test, wired to a double of the platform's wallet: every call answered with a signed balance
 * of 100.00 USD and recorded (action and body), unless `refuse` names a refusal for a call (its error code and status).
 */
export const providerWithPlatformDouble = (
  options: {
    tableRoundMs?: number;
    dealers?: TableDealers;
    aim?: (fish: FishKind) => boolean;
    refuse?: (action: string, body: Record<string, unknown>) => { code: string; status: number } | undefined;
    /** The sportsbook's file (decision 0136); in memory only by default. */
    sportsbookFile?: string;
    /** The other stand-ins' state folder (decision 0167); in memory only by default. */
    stateDir?: string;
    /** The calls already recorded (a restarted provider keeps adding to the same list). */
    calls?: { action: string; body: Record<string, unknown> }[];
  } = {},
) => {
  const refuse = options.refuse ?? (() => undefined);
  const calls = options.calls ?? [];
  const platform = (async (url: string | URL | Request, init?: RequestInit) => {
    const call = { action: String(url).split('/').pop() ?? '', body: JSON.parse(String(init?.body ?? '{}')) };
    calls.push(call);
    const refusal = refuse(call.action, call.body);
    if (refusal) {
      const refused = JSON.stringify({ success: false, value: null, message: null, errorCode: refusal.code });
      return new Response(refused, { status: refusal.status, headers: { 'x-signature': sign(SECRET, refused) } });
    }
    const text = JSON.stringify({
      success: true,
      value: { balance: '100.00', currency: 'USD', transactionId: 'x', platformTransactionId: '1' },
      message: null,
      errorCode: null,
    });
    return new Response(text, { status: 200, headers: { 'x-signature': sign(SECRET, text) } });
  }) as typeof fetch;
  const { app, sportsbook, rounds, tournaments } = buildApp(
    {
      platformUrl: 'http://platform.test',
      providerCode: 'DEMO',
      secret: SECRET,
      frameAncestors: '*',
      logLevel: 'silent',
      settlementRetryMs: 60_000,
      tableRoundMs: options.tableRoundMs ?? 20_000,
      operatorKey: 'operator-test-key',
      sportsbookFile: options.sportsbookFile ?? null,
      stateDir: options.stateDir ?? null,
    },
    {
      fetch: platform,
      backoffMs: 1,
      ...(options.dealers ? { dealers: options.dealers } : {}),
      ...(options.aim ? { aim: options.aim } : {}),
    },
  );
  return { app, calls, sportsbook, rounds, tournaments };
};

/** A dealt hand for the live tables' tests: Banker 7 against Player 5 (a Banker bet returns 1.95×). */
export const bankerWins: BaccaratHand = {
  player: [
    { rank: 2, suit: 0 },
    { rank: 3, suit: 1 },
    { rank: 13, suit: 2 },
  ],
  banker: [
    { rank: 4, suit: 3 },
    { rank: 3, suit: 0 },
  ],
  playerTotal: 5,
  bankerTotal: 7,
  winner: 'banker',
};
