/**
 * Crash safety (money issue, "Proof"): the server process is killed with SIGKILL again and again while clients
 * move money — seamless-wallet bets, wins and rollbacks from a game provider, operator adjustments, withdrawal
 * holds — and retry every request with its key until it gets a definite answer, as real clients do. After the
 * last restart every invariant still holds: the ledger reconciles, each member's balance and held amount equal the
 * sum of the requests that were accepted, and no request was applied twice.
 *
 * It needs DATABASE_URL's PostgreSQL: the embedded one is a child of the server process and dies with it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { type PayloadKey, sealPayload } from '@tessera/client-crypto';
import { startTestServer, type TestServer } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGame } from '../support/games';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { reconcileLedger } from '../support/reconcile';

const PROVIDER_SECRET = 'reference-provider-crash-secret';
const MEMBERS = 12;
const OPERATIONS_PER_MEMBER = 36;
/** Operations answered between two kills: about seven kills over the run. */
const KILL_EVERY = 60;
const MIN_KILLS = 6;
const PASSWORD = 'Secret123';
const WITHDRAW_PASSWORD = 'Payout99';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { REFERENCE_PROVIDER_SECRET: PROVIDER_SECRET } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  body: { success: boolean; value: Record<string, unknown> | null; errorCode: string | null };
}

/**
 * Sends a request until the server answers it: a refused connection, a cut-off request or a 5xx is sent again
 * with the same key, whatever the server was doing when it died (a sealed body is sealed afresh, as a browser
 * does: a sealed payload is good for one use).
 */
const untilAnswered = async (url: string, init: RequestInit | (() => RequestInit)): Promise<Answer> => {
  for (;;) {
    try {
      const attempt = typeof init === 'function' ? init() : init;
      const response = await fetch(url, { ...attempt, signal: AbortSignal.timeout(10_000) });
      if (response.status < 500) return { status: response.status, body: (await response.json()) as Answer['body'] };
    } catch {
      // the server is down or died mid-request: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
  }
};

/** A member as its client knows it: what the accepted requests say its wallet holds. */
interface Client {
  id: string;
  token: string;
  methodId: string;
  gameToken: string;
  balance: number;
  held: number;
  /** The ledger's idempotency keys of the provider transactions the platform accepted. */
  seamless: string[];
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);
const amountOf = (minorUnits: number): string => (minorUnits / 100).toFixed(2);

describe.runIf(process.env.DATABASE_URL)('crash safety', () => {
  it('keeps every ledger invariant when the server is killed repeatedly under retried money traffic', async () => {
    const api = memberApi(server);
    const money = moneyApi(server);
    const game = await demoGame(server, "v.launch_kind = 'seamless' AND g.game_type = 'RNG'");

    // Set-up, with the server up: members with a payout method, a game token each, a first credit.
    const members: Client[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const login = await api.registerByUsername(`crash${i}`, PASSWORD, `8220${String(1000 + i)}`);
      const method = await money.payoutMethod(
        login.token,
        { password: PASSWORD, withdrawPassword: WITHDRAW_PASSWORD },
        { kind: 'bank_account', bankName: 'Crash Bank', accountName: 'Ana Cruz', accountNumber: '0123456789' },
      );
      const launched = await untilAnswered(`${server.url}/wps/game/launchGame?nodeId=${game.id}`, {
        headers: { ModuleId: 'GAMELO3', Authorization: login.token },
      });
      const content = launched.body.value?.content as { game_url?: string } | undefined;
      const gameUrl = content?.game_url ?? String(launched.body.value?.game_url ?? '');
      const gameToken = new URL(gameUrl).searchParams.get('token');
      if (!gameToken) throw new Error(`no game token in ${gameUrl}`);
      members.push({
        id: login.member.id,
        token: login.token,
        methodId: method.id,
        gameToken,
        balance: 0,
        held: 0,
        seamless: [],
      });
    }
    const payloadKey = await money.member<PayloadKey>(members[0]?.token ?? '', 'GET', '/wps/session/key');
    const operatorToken = (
      await untilAnswered(`${server.url}/api/admin/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner', password: 'Tessera-Owner-2026' }),
      })
    ).body.value?.token as string;

    const seamless = (action: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      return untilAnswered(`${server.url}/seamless/v1/DEMO/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': createHmac('sha256', PROVIDER_SECRET).update(raw).digest('hex'),
        },
        body: raw,
      });
    };
    const adjust = (memberId: string, amount: string) =>
      untilAnswered(`${server.url}/api/admin/merchants/demo/members/${memberId}/adjustments`, {
        method: 'POST',
        headers: { Authorization: operatorToken, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId: randomUUID(), direction: 'credit', amount, reason: 'crash-safety load' }),
      });
    let progress = 0;
    const accepted = { adjustments: 0, bets: 0, wins: 0, rollbacks: 0, withdrawals: 0, refused: 0 };

    // Each member's own client: its requests run one after another, so the model can follow its balance.
    const drive = async (member: Client, index: number) => {
      const credit = await adjust(member.id, '200.00');
      expect(credit.body.success).toBe(true);
      member.balance += 20_000;
      for (let n = 0; n < OPERATIONS_PER_MEMBER; n++, progress++) {
        const roll = Math.random();
        if (roll < 0.15) {
          const amount = amountOf(100 + Math.floor(Math.random() * 5_000));
          const answer = await adjust(member.id, amount);
          expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
          member.balance += cents(amount);
          accepted.adjustments += 1;
        } else if (roll < 0.22) {
          const amount = amountOf(5_000 + Math.floor(Math.random() * 3_000));
          const request = {
            requestId: randomUUID(),
            payoutMethodId: member.methodId,
            amount,
            withdrawPassword: WITHDRAW_PASSWORD,
          };
          const path = '/wps/v2/transaction/withdraw';
          const answer = await untilAnswered(`${server.url}${path}`, () => ({
            method: 'POST',
            headers: { ModuleId: 'COMM3', Authorization: member.token, 'content-type': 'application/json' },
            body: JSON.stringify(sealPayload(payloadKey, 'POST', path, request)),
          }));
          if (answer.body.success) {
            member.held += cents(amount);
            accepted.withdrawals += 1;
          } else {
            expect(answer.body.errorCode).toMatch(/^(withdrawal_daily_limit|insufficient_funds|validation_failed)$/);
            accepted.refused += 1;
          }
        } else {
          const roundId = `crash-${index}-${n}`;
          const betId = `${roundId}-bet`;
          const stake = 100 + Math.floor(Math.random() * 1_900);
          const bet = await seamless('bet', {
            token: member.gameToken,
            transactionId: betId,
            roundId,
            amount: amountOf(stake),
            currency: 'USD',
          });
          if (!bet.body.success) {
            expect(bet.body.errorCode).toBe('insufficient_funds');
            accepted.refused += 1;
            continue;
          }
          member.balance -= stake;
          member.seamless.push(`seamless:DEMO:${betId}`);
          accepted.bets += 1;
          if (roll < 0.3) {
            const rollback = await seamless('rollback', {
              token: member.gameToken,
              transactionId: `${roundId}-rollback`,
              roundId,
              referenceTransactionId: betId,
            });
            expect(rollback.body.success, JSON.stringify(rollback.body)).toBe(true);
            member.balance += stake;
            member.seamless.push(`seamless:DEMO:rollback:${betId}`);
            accepted.rollbacks += 1;
          } else {
            const prize = Math.floor(Math.random() * stake * 2);
            const win = await seamless('win', {
              token: member.gameToken,
              transactionId: `${roundId}-win`,
              roundId,
              amount: amountOf(prize),
              currency: 'USD',
              roundClosed: true,
            });
            expect(win.body.success, JSON.stringify(win.body)).toBe(true);
            member.balance += prize;
            // A lost round (a zero win) settles the round without a ledger movement.
            if (prize > 0) member.seamless.push(`seamless:DEMO:${roundId}-win`);
            accepted.wins += 1;
          }
        }
      }
    };

    // The killer: after every KILL_EVERY answered operations, a SIGKILL at a random moment of the next ones.
    let running = true;
    let kills = 0;
    const killer = (async () => {
      while (running) {
        const due = (kills + 1) * KILL_EVERY;
        while (running && progress < due) await new Promise((resolve) => setTimeout(resolve, 20));
        if (!running) break;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
        await server.kill();
        kills += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
        await server.restart();
      }
    })();
    await Promise.all(members.map((member, index) => drive(member, index)));
    running = false;
    await killer;

    // The books: every invariant over the whole database.
    const reconciled = reconcileLedger(server);
    expect(reconciled.output).toContain('Zero discrepancies.');
    expect(reconciled.status).toBe(0);

    // Every member's money is exactly what the accepted requests say, once each.
    const wallets = await server.query<{ owner_id: string; balance: string; held: string }>(
      "SELECT owner_id, balance::text, held::text FROM ledger_accounts WHERE owner_type = 'member' AND kind = 'main'",
    );
    const byMember = new Map(wallets.map((wallet) => [wallet.owner_id, wallet]));
    for (const member of members) {
      expect({
        member: member.id,
        balance: byMember.get(member.id)?.balance,
        held: byMember.get(member.id)?.held,
      }).toEqual({ member: member.id, balance: String(member.balance), held: String(member.held) });
    }
    const applied = await server.query<{ key: string; n: number }>(
      `SELECT idempotency_key AS key, count(*)::int AS n FROM ledger_transactions
        WHERE idempotency_key LIKE 'seamless:%' GROUP BY idempotency_key`,
    );
    const expectedKeys = members.flatMap((member) => member.seamless).sort();
    expect(applied.map((row) => row.key).sort()).toEqual(expectedKeys);
    expect(applied.filter((row) => row.n !== 1)).toEqual([]);
    const [orders] = await server.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM withdrawal_orders WHERE status = 'pending'",
    );
    expect(orders?.n).toBe(accepted.withdrawals);
    const [adjustments] = await server.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'adjustment'",
    );
    expect(adjustments?.n).toBe(accepted.adjustments + MEMBERS);

    expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
    console.info(`crash safety: ${kills} SIGKILLs; accepted ${JSON.stringify(accepted)}`);
  }, 900_000);
});
