/**
 * The mixed load of `npm run chaos` (decision 0171), sent through one front address (HAProxy) as real clients send it,
 * each client keeping its own model of what was accepted, and the checks of that model against the database.
 *
 * - Provider callers (seamless.bench's signed calls): a bet, then the win that closes its round; an unanswered call is
 *   sent again with the same transaction id.
 * - Players (bench-support's funded members): in-house dice bets (requests.ts), each sent again with its own
 *   idempotency key; chat messages to customer service, each sent again with its own client message id; and a
 *   WebSocket subscriber each, which must hear of every change of its balance (a bet) within STUCK_MS, reconnecting
 *   through the front when its instance dies.
 * - Journeys: a visitor registers (sealed body, bot check; sent again with the same username), deposits through the
 *   sandbox gateway's hosted page, sets a withdraw password, saves a payout method, asks for withdrawals (sent again
 *   with the same request id) and the operator approves and disburses each.
 * A request is sent again when it gets no answer: refused, reset, a 5xx (HAProxy's 502/503 for a dead instance) or
 * CALL_TIMEOUT_MS without a reply.
 */
import { randomUUID } from 'node:crypto';
import { type BotChallenge, type PayloadKey, sealPayload, solveBotChallenge } from '@tessera/client-crypto';
import type pg from 'pg';
import WebSocket from 'ws';
import type { Request } from './harness';
import { diceBets } from './requests';
import { signedSeamless } from './seamless.bench';

const CALL_TIMEOUT_MS = 10_000;
/** A subscriber that hears nothing this long after a change of its balance is stuck. */
export const STUCK_MS = 10_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Envelope {
  success?: boolean;
  value?: unknown;
  errorCode?: string | null;
}

/** Counts of one run: answered requests and latencies per kind, retries, errors by code. */
export class LoadStats {
  readonly answered = new Map<string, number>();
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly retries = new Map<string, number>();
  /** Requests sent and not answered yet, by kind. */
  readonly pending = new Map<string, number>();
  /** The first answer of each error code, as the client saw it. */
  readonly samples = new Map<string, string>();

  count(map: Map<string, number>, key: string) {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  total(map: Map<string, number>) {
    return [...map.values()].reduce((sum, n) => sum + n, 0);
  }
}

/** The money and chat figures each client kept, checked afterwards. */
export interface Model {
  seamless: { caller: number; kind: 'bet' | 'win'; transactionId: string; amount: bigint }[];
  seamlessRefused: number;
  /** Per player: the idempotency keys of its accepted bets, and all it sent. */
  bets: Map<number, { accepted: Set<string>; sent: Set<string> }>;
  /** Per player: the bodies of its accepted chat messages, in the order it sent them. */
  chat: Map<number, string[]>;
  /** Per player: when each accepted bet was sent and answered; when its subscriber heard a balance. */
  changes: Map<number, { sent: number; answered: number }[]>;
  heard: Map<number, number[]>;
  reconnects: number;
  registrations: { username: string; byRetry: boolean }[];
  deposits: { username: string; orderId: string; amount: bigint }[];
  withdrawals: { username: string; requestId: string; orderId: string; amount: bigint; disbursed: boolean }[];
}

export const newModel = (): Model => ({
  seamless: [],
  seamlessRefused: 0,
  bets: new Map(),
  chat: new Map(),
  changes: new Map(),
  heard: new Map(),
  reconnects: 0,
  registrations: [],
  deposits: [],
  withdrawals: [],
});

/** The mixed load against `front`; `stopped()` ends each client's loop after its current step. */
export const mixedLoad = (input: {
  front: string;
  gatewayUrl: string;
  label: string;
  stats: LoadStats;
  model: Model;
  stopped: () => boolean;
}) => {
  const { front, stats, model, label, stopped } = input;

  /** One request, sent until it is answered (anything under 500); `make` builds each attempt (a new seal). */
  const send = async (
    kind: string,
    make: () => Promise<Request> | Request,
    base = front,
  ): Promise<{ status: number; envelope: Envelope; text: string; location: string | null }> => {
    const started = performance.now();
    stats.count(stats.pending, kind);
    for (;;) {
      try {
        const request = await make();
        const response = await fetch(`${base}${request.path}`, {
          method: request.method ?? 'GET',
          headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
          body: request.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        const text = await response.text();
        if (response.status < 500) {
          stats.count(stats.answered, kind);
          const list = stats.latencies.get(kind) ?? [];
          list.push(performance.now() - started);
          stats.latencies.set(kind, list);
          let envelope: Envelope = {};
          try {
            envelope = JSON.parse(text) as Envelope;
          } catch {
            // A page (the gateway's) or an empty redirect.
          }
          if (response.status >= 400 || envelope.success === false) {
            const code = `${kind}: ${envelope.errorCode ?? response.status}`;
            stats.count(stats.errors, code);
            if (!stats.samples.has(code)) stats.samples.set(code, text.slice(0, 300));
          }
          stats.pending.set(kind, (stats.pending.get(kind) ?? 1) - 1);
          return { status: response.status, envelope, text, location: response.headers.get('location') };
        }
        stats.count(stats.errors, `${kind}: HTTP ${response.status} (sent again)`);
      } catch (error) {
        const name = error instanceof Error ? ((error.cause as { code?: string })?.code ?? error.name) : 'error';
        stats.count(stats.errors, `${kind}: ${name} (sent again)`);
      }
      stats.count(stats.retries, kind);
      await sleep(200);
    }
  };

  let key: PayloadKey | undefined;
  const payloadKey = async () => {
    key ??= (await send('session key', () => ({ path: '/wps/session/key', headers: { ModuleId: 'COMM3' } }))).envelope
      .value as PayloadKey;
    return key;
  };
  const botCheck = async () =>
    solveBotChallenge(
      (await send('bot challenge', () => ({ path: '/wps/verification/challenge', headers: { ModuleId: 'COMM3' } })))
        .envelope.value as BotChallenge,
    );
  /** A sealed body as the browser sends it: sealed again (a new nonce) for every attempt. */
  const sealed =
    (method: 'POST' | 'PUT', path: string, body: () => Promise<object> | object, moduleId: string, token?: string) =>
    async (): Promise<Request> => ({
      path,
      method: method as 'POST',
      headers: { ModuleId: moduleId, ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(sealPayload(await payloadKey(), method, path, await body())),
    });
  const member = (token: string) => ({ ModuleId: 'COMM3', Authorization: `Bearer ${token}` });

  /** Provider callers: bet, then the win closing the round, each sent until answered with its transaction id. */
  const providerCaller = async (token: string, caller: number) => {
    for (let round = 0; !stopped(); round++) {
      const roundId = `chaos-${label}-${caller}-${round}`;
      for (const kind of ['bet', 'win'] as const) {
        const amount = kind === 'bet' ? 100n : round % 2 === 0 ? 150n : 0n;
        const transactionId = `${kind[0]}-${roundId}`;
        const request = signedSeamless(kind, {
          token,
          transactionId,
          roundId,
          amount: (Number(amount) / 100).toFixed(2),
          currency: 'USD',
          ...(kind === 'win' ? { roundClosed: true } : {}),
        });
        const answer = await send(`seamless ${kind}`, () => request);
        if (answer.status === 200) model.seamless.push({ caller, kind, transactionId, amount });
        else model.seamlessRefused += 1;
      }
    }
  };

  /** A player's in-house bets, each sent until answered with its own idempotency key. */
  const bettor = async (token: string, player: number) => {
    const own = { accepted: new Set<string>(), sent: new Set<string>() };
    const changes: { sent: number; answered: number }[] = [];
    model.bets.set(player, own);
    model.changes.set(player, changes);
    const bet = diceBets([token]);
    while (!stopped()) {
      const request = bet(0, 0);
      const idempotencyKey = (JSON.parse(request.body ?? '{}') as { idempotencyKey: string }).idempotencyKey;
      own.sent.add(idempotencyKey);
      const sent = Date.now();
      const answer = await send('inhouse bet', () => request);
      if (answer.envelope.success) {
        own.accepted.add(idempotencyKey);
        changes.push({ sent, answered: Date.now() });
      }
    }
  };

  /** A player's chat messages to customer service (under 20 a minute), each sent again with its own id. */
  const chatter = async (token: string, player: number) => {
    const sentBodies: string[] = [];
    model.chat.set(player, sentBodies);
    for (let n = 0; !stopped(); n++) {
      const body = `chaos ${label} ${player} ${n}`;
      const clientMessageId = randomUUID();
      const answer = await send('chat message', () => ({
        path: '/wps/contact/chat/messages',
        method: 'POST',
        headers: member(token),
        body: JSON.stringify({ body, clientMessageId }),
      }));
      if (answer.envelope.success) sentBodies.push(body);
      await sleep(3_500);
    }
  };

  /** A player's balance subscriber: reconnects through the front when dropped; records when it heard a balance. */
  const subscriber = (token: string, player: number) => {
    const heard: number[] = [];
    model.heard.set(player, heard);
    let socket: WebSocket | undefined;
    let closed = false;
    const open = () => {
      if (closed) return;
      const ws = new WebSocket(`${front.replace('http', 'ws')}/wps/realtime?merchant=demo`);
      socket = ws;
      ws.on('open', () => ws.send(JSON.stringify({ op: 'auth', token })));
      ws.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { op: string; type?: string };
        if (frame.op === 'event' && frame.type === 'wallet.balance') heard.push(Date.now());
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (closed) return;
        model.reconnects += 1;
        setTimeout(open, 100 + Math.random() * 400);
      });
    };
    open();
    return () => {
      closed = true;
      socket?.close();
    };
  };

  /** The operator's session (the demo owner), signed in once and shared by the journeys. */
  let operator: Promise<string> | undefined;
  const operatorToken = () => {
    operator ??= send('operator login', () => ({
      path: '/api/admin/session/login',
      method: 'POST',
      body: JSON.stringify({
        username: 'owner',
        password: process.env.DEMO_OPERATOR_PASSWORD ?? 'Tessera-Owner-2026',
      }),
    })).then((answer) => (answer.envelope.value as { token: string }).token);
    return operator;
  };
  let channel: string | undefined;

  /** Register, deposit at the gateway, withdraw twice (approved and disbursed by the operator); then the next one. */
  const journey = async (lane: number) => {
    for (let n = 0; !stopped(); n++) {
      const username = `c${label}j${lane}n${n}`.toLowerCase();
      const password = 'Chaos2468pass';
      const mobile = `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
      let attempts = 0;
      const registered = await send(
        'registration',
        sealed(
          'PUT',
          '/wps/member/register',
          async () => {
            attempts += 1;
            return {
              username,
              password,
              confirmPassword: password,
              mobileNum: mobile,
              countryDialingCode: '65',
              termsAccepted: true,
              botCheck: await botCheck(),
            };
          },
          'REG3',
        ),
      );
      if (!registered.envelope.success) {
        // Sent again after an attempt whose answer was lost: the username is taken by that attempt.
        if (attempts > 1) model.registrations.push({ username, byRetry: true });
        continue;
      }
      model.registrations.push({ username, byRetry: false });
      const token = (registered.envelope.value as { token: string }).token;

      if (!channel) {
        const channels = await send('deposit channels', () => ({
          path: '/wps/cashier/channels',
          headers: member(token),
        }));
        channel = (channels.envelope.value as { id: string; kind: string }[] | undefined)?.find(
          (c) => c.kind === 'gateway',
        )?.id;
        if (!channel) throw new Error(`no gateway channel: ${channels.text}`);
      }
      // The client's own key: an order whose answer is lost is answered again by the retry, not opened twice.
      const depositKey = randomUUID();
      const order = await send('deposit order', () => ({
        path: '/wps/cashier/deposits',
        method: 'POST',
        headers: member(token),
        body: JSON.stringify({ channelId: channel, amount: '500.00', requestId: depositKey }),
      }));
      const deposit = order.envelope.value as { id: string; payUrl: string | null } | undefined;
      if (!order.envelope.success || !deposit?.payUrl) continue;
      const payUrl = new URL(deposit.payUrl);
      const page = await send('gateway page', () => ({ path: payUrl.pathname }), input.gatewayUrl);
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
      if (!csrf) continue;
      const paid = await send(
        'gateway pay',
        () => ({
          path: payUrl.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            number: '4242424242424242',
            expiry: '12/30',
            cvc: '123',
            name: 'Chaos Member',
            csrf,
          }).toString(),
        }),
        input.gatewayUrl,
      );
      if (paid.status !== 303 && paid.status !== 409) continue;
      model.deposits.push({ username, orderId: deposit.id, amount: 50_000n });
      // The gateway's callback credits it (through the front); the member's page asks until it has.
      let credited = false;
      for (let i = 0; i < 120 && !credited; i++) {
        const status = await send('deposit status', () => ({
          path: `/wps/cashier/deposits/${deposit.id}`,
          headers: member(token),
        }));
        credited = (status.envelope.value as { status?: string } | undefined)?.status === 'succeeded';
        if (!credited) await sleep(500);
      }
      if (!credited || stopped()) continue;

      const withdrawPassword = 'wd135790';
      await send(
        'withdraw password',
        sealed(
          'PUT',
          '/wps/member/withdrawPassword',
          () => ({
            currentPassword: password,
            newWithdrawPassword: withdrawPassword,
            confirmWithdrawPassword: withdrawPassword,
          }),
          'COMM3',
          `Bearer ${token}`,
        ),
      );
      const method = await send(
        'payout method',
        sealed(
          'POST',
          '/wps/withdraw/methods',
          () => ({
            method: {
              kind: 'bank_account',
              bankName: 'Chaos Bank',
              accountName: 'Chaos Member',
              accountNumber: '12345678',
            },
            withdrawPassword,
          }),
          'COMM3',
          `Bearer ${token}`,
        ),
      );
      const payoutMethodId = (method.envelope.value as { id?: string } | undefined)?.id;
      if (!payoutMethodId) continue;
      for (let w = 0; w < 2 && !stopped(); w++) {
        const requestId = randomUUID();
        const asked = await send(
          'withdrawal',
          sealed(
            'POST',
            '/wps/v2/transaction/withdraw',
            () => ({ requestId, payoutMethodId, amount: '100.00', withdrawPassword }),
            'COMM3',
            `Bearer ${token}`,
          ),
        );
        const orderId = (asked.envelope.value as { id?: string } | undefined)?.id;
        if (!asked.envelope.success || !orderId) break;
        const entry = { username, requestId, orderId, amount: 10_000n, disbursed: false };
        model.withdrawals.push(entry);
        const owner = await operatorToken();
        let disbursed = true;
        for (const action of ['approve', 'disburse']) {
          const decided = await send(`withdrawal ${action}`, () => ({
            path: `/api/admin/merchants/demo/withdrawals/${orderId}/decision`,
            method: 'POST',
            headers: { Authorization: owner },
            body: JSON.stringify({ action }),
          }));
          // A decision sent again after its first attempt was applied answers order_state_invalid.
          if (!decided.envelope.success && decided.envelope.errorCode !== 'order_state_invalid') disbursed = false;
        }
        entry.disbursed = disbursed;
      }
    }
  };

  return { providerCaller, bettor, chatter, subscriber, journey, send };
};

/** The checks of the clients' model against the database: [name, ok, detail when not ok]. */
export const checkModel = async (
  pool: pg.Pool,
  model: Model,
  input: { seamlessUsers: string[]; playerUsers: string[]; playerFunding: bigint; seamlessFunding: bigint },
): Promise<[string, boolean, string][]> => {
  const checks: [string, boolean, string][] = [];
  const balanceOf = async (username: string) => {
    const { rows } = await pool.query<{ balance: string }>(
      `SELECT a.balance::text FROM ledger_accounts a JOIN members m ON m.id::text = a.owner_id
        WHERE a.owner_type = 'member' AND a.kind = 'main' AND m.username = $1 AND m.merchant_code = 'demo'`,
      [username],
    );
    return BigInt(rows[0]?.balance ?? '-1');
  };

  // Seamless: every answered call recorded once, with its movement; balances follow.
  const { rows: recorded } = await pool.query<{ transaction_id: string; ledger: string | null; n: number }>(
    `SELECT transaction_id, max(ledger_transaction_id)::text AS ledger, count(*)::int AS n
       FROM seamless_transactions WHERE round_id LIKE 'chaos-%' GROUP BY transaction_id`,
  );
  const byId = new Map(recorded.map((row) => [row.transaction_id, row]));
  const missing = model.seamless.filter((call) => !byId.has(call.transactionId));
  const unmoved = model.seamless.filter((call) => call.amount > 0n && !byId.get(call.transactionId)?.ledger);
  const answeredIds = new Set(model.seamless.map((call) => call.transactionId));
  const unasked = recorded.filter((row) => !answeredIds.has(row.transaction_id));
  checks.push(['seamless: no call refused', model.seamlessRefused === 0, `${model.seamlessRefused} refused`]);
  checks.push([
    'seamless: every answered call recorded once, with its ledger movement',
    missing.length === 0 && unmoved.length === 0 && recorded.every((row) => row.n === 1),
    `${missing.length} missing, ${unmoved.length} without a movement, ${recorded.filter((r) => r.n > 1).length} twice`,
  ]);
  checks.push(['seamless: nothing recorded that was not answered', unasked.length === 0, `${unasked.length} extra`]);
  const wrongSeamless: string[] = [];
  for (const [caller, username] of input.seamlessUsers.entries()) {
    const expected = model.seamless
      .filter((call) => call.caller === caller)
      .reduce((sum, call) => (call.kind === 'bet' ? sum - call.amount : sum + call.amount), input.seamlessFunding);
    const balance = await balanceOf(username);
    if (balance !== expected) wrongSeamless.push(`${username}: ${balance} ≠ ${expected}`);
  }
  checks.push([
    'seamless: every balance = funding − bets + wins',
    wrongSeamless.length === 0,
    wrongSeamless.join('; '),
  ]);

  // In-house bets: every accepted key one round; no round the player did not send; balance = funding − stakes + payouts.
  const betProblems: string[] = [];
  for (const [player, own] of model.bets) {
    const username = input.playerUsers[player] ?? '';
    const { rows } = await pool.query<{ client_key: string; n: number; net: string }>(
      `SELECT r.client_key, count(*)::int AS n, sum(r.payout - r.stake)::text AS net
         FROM inhouse_rounds r JOIN members m ON m.id = r.member_id WHERE m.username = $1 GROUP BY r.client_key`,
      [username],
    );
    const keys = new Map(rows.map((row) => [row.client_key, row]));
    const lost = [...own.accepted].filter((k) => !keys.has(k)).length;
    const twice = rows.filter((row) => row.n > 1).length;
    const unsent = rows.filter((row) => !own.sent.has(row.client_key)).length;
    const net = rows.reduce((sum, row) => sum + BigInt(row.net), 0n);
    const balance = await balanceOf(username);
    if (lost || twice || unsent) betProblems.push(`${username}: ${lost} lost, ${twice} twice, ${unsent} never sent`);
    if (balance !== input.playerFunding + net)
      betProblems.push(`${username}: balance ${balance} ≠ ${input.playerFunding + net}`);
  }
  checks.push([
    'in-house bets: each accepted bet applied once, balances follow',
    betProblems.length === 0,
    betProblems.join('; '),
  ]);

  // Chat: each accepted message stored once, in the order sent, numbered without gaps.
  const chatProblems: string[] = [];
  for (const [player, sent] of model.chat) {
    const username = input.playerUsers[player] ?? '';
    const { rows } = await pool.query<{ conversation_id: string; seq: number; body: string; author: string }>(
      `SELECT m.conversation_id, m.seq, m.body, m.author FROM contact_chat_messages m
         JOIN contact_conversations c ON c.id = m.conversation_id JOIN members u ON u.id = c.member_id
        WHERE u.username = $1 ORDER BY m.conversation_id, m.seq`,
      [username],
    );
    const byConversation = new Map<string, number[]>();
    for (const row of rows)
      byConversation.set(row.conversation_id, [...(byConversation.get(row.conversation_id) ?? []), row.seq]);
    for (const seqs of byConversation.values())
      if (seqs.some((seq, i) => seq !== i + 1)) chatProblems.push(`${username}: gap`);
    const stored = rows.filter((row) => row.author === 'member').map((row) => row.body);
    const storedMine = stored.filter((body) => sent.includes(body) || body.startsWith('chaos '));
    if (storedMine.join('\n') !== sent.join('\n')) {
      chatProblems.push(`${username}: ${sent.length} accepted, ${storedMine.length} stored (or out of order)`);
    }
  }
  checks.push([
    'chat: each accepted message stored once, in order, no gaps',
    chatProblems.length === 0,
    chatProblems.join('; '),
  ]);

  // Registrations: every accepted username exists once.
  const usernames = model.registrations.map((r) => r.username);
  const { rows: members } = await pool.query<{ username: string; n: number }>(
    "SELECT username, count(*)::int AS n FROM members WHERE merchant_code = 'demo' AND username = ANY($1) GROUP BY username",
    [usernames],
  );
  const memberCount = new Map(members.map((row) => [row.username, row.n]));
  const unregistered = usernames.filter((name) => memberCount.get(name) !== 1);
  checks.push([
    'registrations: each accepted one exists once',
    unregistered.length === 0,
    `${unregistered.length} missing or twice: ${unregistered.slice(0, 3).join(', ')}`,
  ]);

  // Deposits: each paid order succeeded and credited once; withdrawals: one order per request id; balances follow.
  const { rows: orders } = await pool.query<{ id: string; status: string }>(
    'SELECT id::text, status FROM deposit_orders WHERE id = ANY($1::uuid[])',
    [model.deposits.map((d) => d.orderId)],
  );
  const depositStatus = new Map(orders.map((row) => [row.id, row.status]));
  const { rows: credits } = await pool.query<{ key: string; n: number }>(
    'SELECT idempotency_key AS key, count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ANY($1) GROUP BY 1',
    [model.deposits.map((d) => `deposit:${d.orderId}`)],
  );
  const creditCount = new Map(credits.map((row) => [row.key, row.n]));
  const uncredited = model.deposits.filter(
    (d) => depositStatus.get(d.orderId) !== 'succeeded' || creditCount.get(`deposit:${d.orderId}`) !== 1,
  );
  checks.push([
    'deposits: each paid order succeeded, credited by one ledger movement',
    uncredited.length === 0,
    `${uncredited.length} not`,
  ]);
  const journeyProblems: string[] = [];
  for (const username of new Set(model.deposits.map((d) => d.username))) {
    const deposited = model.deposits.filter((d) => d.username === username).reduce((sum, d) => sum + d.amount, 0n);
    const mine = model.withdrawals.filter((w) => w.username === username);
    const withdrawn = mine.reduce((sum, w) => sum + w.amount, 0n);
    const { rows } = await pool.query<{ request_id: string; n: number }>(
      `SELECT o.request_id::text, count(*)::int AS n FROM withdrawal_orders o JOIN members m ON m.id = o.member_id
        WHERE m.username = $1 GROUP BY o.request_id`,
      [username],
    );
    const requests = new Set(mine.map((w) => w.requestId));
    if (rows.some((row) => row.n !== 1 || !requests.has(row.request_id)) || rows.length !== mine.length) {
      journeyProblems.push(`${username}: ${rows.length} withdrawal orders for ${mine.length} accepted`);
    }
    const balance = await balanceOf(username);
    if (balance !== deposited - withdrawn) {
      journeyProblems.push(`${username}: balance ${balance} ≠ ${deposited} − ${withdrawn}`);
    }
  }
  checks.push([
    'journeys: deposits credited once, withdrawals once, balances = deposits − withdrawals',
    journeyProblems.length === 0,
    journeyProblems.slice(0, 5).join('; '),
  ]);
  return checks;
};

/** Subscribers: for each accepted bet, how long after its answer the player's subscriber heard a balance. */
export const subscriberDelays = (model: Model, endedAt: number) => {
  const delays: number[] = [];
  let stuck = 0;
  for (const [player, changes] of model.changes) {
    const heard = model.heard.get(player) ?? [];
    let next = 0;
    for (const change of changes) {
      if (change.answered > endedAt - STUCK_MS) continue;
      while (next < heard.length && (heard[next] ?? 0) < change.sent) next += 1;
      const first = heard[next];
      if (first === undefined || first - change.answered > STUCK_MS) stuck += 1;
      else delays.push(Math.max(0, first - change.answered));
    }
  }
  return { delays: delays.sort((a, b) => a - b), stuck };
};
