/**
 * npm run bench:chat — the live chat's delivery across two instances of the built server (dist/main.js, `npm run
 * build -w @tessera/server` first) behind the PostgreSQL fan-out, at the README's production defaults (harness.ts).
 *
 * CHAT_MESSAGES (10,000) messages between CHAT_MEMBERS (50) members and CHAT_OPERATORS (5) operators, each operator
 * holding a tenth of the conversations; CHAT_SOCKETS (2,000) sockets open in all (the rest are idle visitors' sockets
 * spread over both instances). Clients drop their sockets at random and read on from their last number, as the member
 * site and the console do; when half the messages are sent, instance A is killed (SIGKILL) and its clients move to B.
 * A sender whose request died with the instance reads the conversation back before sending again (its message has an
 * id of its own), as a client must when it cannot know whether a request committed.
 *
 * Checked at the end, against the database: every message sent is stored once (0 lost, 0 duplicated), every
 * conversation is numbered 1..n without gaps, each sender's messages are stored in the order it sent them, and each
 * client's view equals the conversation (nothing missing, nothing twice, in order). Exits 1 when any check fails.
 *
 * Figures: delivery (send started → the counterpart's view holds it) p50 and p99 per quarter of the run, beside a
 * baseline measured in the same run, interleaved: a realtime ping's round trip on the same instances (what the
 * machine itself costs a frame). The one-minute load average is printed beside each figure; the summary is the median
 * over quarters. Members send at most 20 messages a minute (the product's limit), so members send one message in four
 * and the run takes about CHAT_MESSAGES / 50 × 0.8 s.
 */
import os from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { benchMembers } from './bench-support';
import { benchPort, createBenchDatabase, startApp, type Target } from './harness';

const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 10_000);
const MEMBERS = Number(process.env.CHAT_MEMBERS ?? 50);
const OPERATORS = Number(process.env.CHAT_OPERATORS ?? 5);
const SOCKETS = Number(process.env.CHAT_SOCKETS ?? 2_000);
/** A conversation's pace: one message every STEP_MS (members send one in four: under their 20 a minute). */
const STEP_MS = Number(process.env.CHAT_STEP_MS ?? 800);
const DROP_CHANCE = 0.01;
const P99_GOAL_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg()[0] ?? 0;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]) => pct(values, 50);

interface Message {
  seq: number;
  author: 'member' | 'operator';
  body: string;
}

/** The instances; `alive` drops A when it is killed. */
let instances: Target[] = [];
const alive = () => instances.filter((target) => target.process.exitCode === null && !target.process.killed);
const baseFor = (n: number) => {
  const up = alive();
  return (up[n % up.length] ?? up[0])?.base ?? '';
};
const wsOf = (base: string) => `${base.replace('http', 'ws')}/wps/realtime?merchant=demo`;

const call = async (base: string, path: string, init: { method?: string; token: string; body?: unknown }) => {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: init.token,
      ModuleId: 'COMM3',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const json = (await response.json()) as { success: boolean; value: unknown; code?: string };
  if (!json.success) throw new Error(`${path}: ${json.code}`);
  return json.value;
};

/** Delivery latencies (ms) and ping round trips, each with the quarter of the run it fell in. */
const delivered: { quarter: number; ms: number }[] = [];
const pings: { quarter: number; ms: number }[] = [];
const loads: number[][] = [[], [], [], []];
let sentCount = 0;
const quarter = () => Math.min(3, Math.floor((sentCount / MESSAGES) * 4));
/** Send times by body, for the delivery figure. */
const sentAt = new Map<string, number>();

/**
 * One side's view of conversations: merged by number, read on from the last number after a gap or a reconnect.
 * `readOn` is the side's own read (the member's or the desk's endpoint).
 */
const createView = (
  side: 'member' | 'operator',
  readOn: (conversationId: string, afterSeq: number) => Promise<Message[]>,
) => {
  const views = new Map<string, Message[]>();
  const pending = new Map<string, Promise<void>>();
  const take = (conversationId: string, message: Message) => {
    const view = views.get(conversationId) ?? [];
    views.set(conversationId, view);
    if (message.seq !== (view.at(-1)?.seq ?? 0) + 1) return false;
    view.push(message);
    const started = message.author === side ? undefined : sentAt.get(message.body);
    if (started !== undefined) delivered.push({ quarter: quarter(), ms: performance.now() - started });
    return true;
  };
  const catchUp = (conversationId: string): Promise<void> => {
    const running = pending.get(conversationId);
    if (running) return running;
    const work = (async () => {
      for (;;) {
        const last = views.get(conversationId)?.at(-1)?.seq ?? 0;
        try {
          const messages = await readOn(conversationId, last);
          for (const message of messages) take(conversationId, message);
          if (messages.length < 200) return;
        } catch {
          await sleep(200);
        }
      }
    })().finally(() => pending.delete(conversationId));
    pending.set(conversationId, work);
    return work;
  };
  return {
    views,
    onPush: (conversationId: string, message: Message) => {
      if (!take(conversationId, message)) void catchUp(conversationId);
    },
    catchUp,
  };
};

/** A socket that reconnects (to a live instance) when dropped or killed, and reads on after each `ready`. */
const liveSocket = (n: number, auth: object, onEvent: (type: string, data: unknown) => void, onReady: () => void) => {
  let socket: WebSocket | null = null;
  let closed = false;
  const open = () => {
    if (closed) return;
    const ws = new WebSocket(wsOf(baseFor(n)));
    socket = ws;
    ws.on('open', () => ws.send(JSON.stringify(auth)));
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { op: string; type?: string; data?: unknown };
      if (frame.op === 'ready') onReady();
      if (frame.op === 'event' && frame.type) onEvent(frame.type, frame.data);
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (!closed) setTimeout(open, 100 + Math.random() * 400);
    });
  };
  open();
  return {
    drop: () => socket?.terminate(),
    close: () => {
      closed = true;
      socket?.close();
    },
  };
};

const main = async () => {
  const db = await createBenchDatabase('chat');
  const idle: WebSocket[] = [];
  try {
    instances = [await startApp(db.url, benchPort(0)), await startApp(db.url, benchPort(1))];
    const [a] = instances;
    if (!a) throw new Error('no instance');
    const members = await benchMembers(db.url, MEMBERS);

    // Operators: support role, created by the demo owner, signed in.
    const login = async (username: string, password: string) =>
      (
        (await (
          await fetch(`${a.base}/api/admin/session/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password }),
          })
        ).json()) as { value: { token: string } }
      ).value.token;
    const owner = await login('owner', process.env.DEMO_OPERATOR_PASSWORD ?? 'Tessera-Owner-2026');
    const operators: string[] = [];
    for (let i = 0; i < OPERATORS; i++) {
      await call(a.base, '/api/admin/operators', {
        method: 'POST',
        token: owner,
        body: {
          username: `benchop${i}`,
          displayName: `op ${i}`,
          password: 'Operator-Pass-1',
          role: 'support',
          merchantCode: null,
        },
      });
      operators.push(await login(`benchop${i}`, 'Operator-Pass-1'));
    }

    // Each member opens its conversation; operator i % OPERATORS takes it.
    const conversations: string[] = [];
    for (const [i, token] of members.entries()) {
      const thread = (await call(a.base, '/wps/contact/chat/messages', {
        method: 'POST',
        token,
        body: { body: `hello ${i}` },
      })) as { conversation: { id: string } };
      conversations.push(thread.conversation.id);
      await call(a.base, `/api/admin/merchants/demo/chats/${thread.conversation.id}/claim`, {
        method: 'POST',
        token: operators[i % OPERATORS] ?? '',
        body: {},
      });
    }

    // Views and sockets: members spread over both instances, operators too.
    const memberViews = members.map((token, i) =>
      createView('member', async (id, after) => {
        const thread = (await call(baseFor(i), `/wps/contact/chat?afterSeq=${after}`, { token })) as {
          conversation: { id: string };
          messages: Message[];
        } | null;
        return thread && thread.conversation.id === id ? thread.messages : [];
      }),
    );
    const deskViews = operators.map((token, o) =>
      createView(
        'operator',
        async (id, after) =>
          (
            (await call(baseFor(o), `/api/admin/merchants/demo/chats/${id}?afterSeq=${after}`, { token })) as {
              messages: Message[];
            }
          ).messages,
      ),
    );
    const mine = (o: number) => conversations.filter((_, i) => i % OPERATORS === o);
    const sockets = [
      ...members.map((token, i) =>
        liveSocket(
          i,
          { op: 'auth', token },
          (type, data) => {
            const event = data as { conversationId: string; message: Message };
            if (type === 'contact.chat.message') memberViews[i]?.onPush(event.conversationId, event.message);
          },
          () => void memberViews[i]?.catchUp(conversations[i] ?? ''),
        ),
      ),
      ...operators.map((token, o) =>
        liveSocket(
          o,
          { op: 'operator', token },
          (type, data) => {
            const event = data as { conversationId: string; message: Message };
            if (type === 'contact.chat.message' && mine(o).includes(event.conversationId)) {
              deskViews[o]?.onPush(event.conversationId, event.message);
            }
          },
          () => {
            for (const id of mine(o)) void deskViews[o]?.catchUp(id);
          },
        ),
      ),
    ];
    // The idle sockets that make up the open-socket count.
    for (let i = 0; idle.length < SOCKETS - sockets.length; i++) {
      const ws = new WebSocket(wsOf(instances[i % 2]?.base ?? a.base));
      ws.on('error', () => undefined);
      await new Promise((resolve) => {
        ws.once('open', resolve);
        ws.once('error', resolve);
      });
      ws.send(JSON.stringify({ op: 'auth', token: null }));
      idle.push(ws);
    }
    console.log(`open sockets: ${sockets.length + idle.length} (members ${MEMBERS}, operators ${OPERATORS})`);

    // The baseline: a ping's round trip on a socket of each instance, every 100 ms, through the whole run.
    const pingers = instances.map((target) => {
      const ws = new WebSocket(wsOf(target.base));
      let started = 0;
      ws.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { op: string }).op === 'pong')
          pings.push({ quarter: quarter(), ms: performance.now() - started });
      });
      ws.on('error', () => undefined);
      const timer = setInterval(() => {
        if (ws.readyState !== ws.OPEN) return;
        started = performance.now();
        ws.send(JSON.stringify({ op: 'ping' }));
      }, 100);
      return { ws, timer };
    });
    const loadTimer = setInterval(() => loads[quarter()]?.push(load()), 1_000);

    // The script: each conversation sends MESSAGES / MEMBERS messages, member one in four, the operator the rest.
    const perConversation = Math.floor(MESSAGES / MEMBERS);
    const sentBy = new Map<string, string[]>();
    let killed = false;
    const send = async (c: number, step: number) => {
      const isMember = step % 4 === 0;
      const id = conversations[c] ?? '';
      const o = c % OPERATORS;
      const body = `${isMember ? 'm' : 'o'}:${c}:${step}:${Math.random().toString(36).slice(2, 8)}`;
      const view = isMember ? memberViews[c] : deskViews[o];
      sentAt.set(body, performance.now());
      for (let attempt = 0; ; attempt++) {
        const base = baseFor(isMember ? c : o + attempt);
        try {
          await (isMember
            ? call(base, '/wps/contact/chat/messages', { method: 'POST', token: members[c] ?? '', body: { body } })
            : call(base, `/api/admin/merchants/demo/chats/${id}/messages`, {
                method: 'POST',
                token: operators[o] ?? '',
                body: { body },
              }));
          break;
        } catch (error) {
          // The request may have committed before its instance died: read back before sending again.
          await sleep(300);
          await view?.catchUp(id);
          if (view?.views.get(id)?.some((m) => m.body === body)) break;
          if (attempt > 20) throw error;
        }
      }
      const list = sentBy.get(id) ?? [];
      list.push(body);
      sentBy.set(id, list);
      sentCount++;
      if (!killed && sentCount >= MESSAGES / 2) {
        killed = true;
        console.log(`killing instance A (SIGKILL) after ${sentCount} messages, load ${load().toFixed(1)}`);
        a.process.kill('SIGKILL');
      }
      if (Math.random() < DROP_CHANCE) sockets[Math.floor(Math.random() * sockets.length)]?.drop();
    };
    const started = performance.now();
    await Promise.all(
      conversations.map(async (_, c) => {
        await sleep(Math.random() * STEP_MS);
        for (let step = 1; step <= perConversation; step++) {
          const before = performance.now();
          await send(c, step);
          await sleep(Math.max(0, STEP_MS - (performance.now() - before)));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // Let the last pushes land, then every client reads on once more (as after a reconnect).
    await sleep(3_000);
    for (const [i, view] of memberViews.entries()) await view.catchUp(conversations[i] ?? '');
    for (const [o, view] of deskViews.entries()) for (const id of mine(o)) await view.catchUp(id);
    clearInterval(loadTimer);
    for (const pinger of pingers) {
      clearInterval(pinger.timer);
      pinger.ws.close();
    }
    for (const socket of sockets) socket.close();

    // The checks, against the database.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const stored = (
      await client.query<{ conversation_id: string; seq: number; body: string }>(
        'SELECT conversation_id, seq, body FROM contact_chat_messages ORDER BY conversation_id, seq',
      )
    ).rows;
    await client.end();
    const byConversation = new Map<string, { seq: number; body: string }[]>();
    for (const row of stored) {
      const list = byConversation.get(row.conversation_id) ?? [];
      list.push(row);
      byConversation.set(row.conversation_id, list);
    }
    let lost = 0;
    let duplicated = 0;
    let gaps = 0;
    let outOfOrder = 0;
    let viewMismatches = 0;
    for (const [c, id] of conversations.entries()) {
      const rows = byConversation.get(id) ?? [];
      rows.forEach((row, index) => {
        if (row.seq !== index + 1) gaps++;
      });
      const bodies = rows.map((row) => row.body);
      const counts = new Map<string, number>();
      for (const body of bodies) counts.set(body, (counts.get(body) ?? 0) + 1);
      for (const body of sentBy.get(id) ?? []) {
        const n = counts.get(body) ?? 0;
        if (n === 0) lost++;
        if (n > 1) duplicated += n - 1;
      }
      for (const prefix of ['m:', 'o:']) {
        const mineSent = (sentBy.get(id) ?? []).filter((body) => body.startsWith(prefix));
        const mineStored = bodies.filter((body) => body.startsWith(prefix));
        if (mineSent.join('\n') !== mineStored.join('\n')) outOfOrder++;
      }
      const expected = rows.map((row) => `${row.seq}:${row.body}`).join('\n');
      const memberView = (memberViews[c]?.views.get(id) ?? []).map((m) => `${m.seq}:${m.body}`).join('\n');
      const deskView = (deskViews[c % OPERATORS]?.views.get(id) ?? []).map((m) => `${m.seq}:${m.body}`).join('\n');
      if (memberView !== expected) viewMismatches++;
      if (deskView !== expected) viewMismatches++;
    }

    console.log(
      `\n${sentCount} messages in ${seconds.toFixed(0)} s over ${conversations.length} conversations, ${SOCKETS} sockets, instance A killed at half`,
    );
    console.log('quarter | delivery p50 / p99 ms | baseline ping p50 / p99 ms | ratio p99 | load (median)');
    const p99s: number[] = [];
    const ratios: number[] = [];
    for (let q = 0; q < 4; q++) {
      const d = delivered.filter((x) => x.quarter === q).map((x) => x.ms);
      const b = pings.filter((x) => x.quarter === q).map((x) => x.ms);
      const ratio = pct(d, 99) / pct(b, 99);
      p99s.push(pct(d, 99));
      ratios.push(ratio);
      console.log(
        `${q + 1} | ${pct(d, 50).toFixed(0)} / ${pct(d, 99).toFixed(0)} | ${pct(b, 50).toFixed(0)} / ${pct(b, 99).toFixed(0)} | ${ratio.toFixed(2)} | ${median(loads[q] ?? []).toFixed(1)}`,
      );
    }
    const all = delivered.map((x) => x.ms);
    const p99 = median(p99s);
    console.log(
      `delivery p99, median of quarters: ${p99.toFixed(0)} ms (whole run ${pct(all, 99).toFixed(0)} ms) against ${P99_GOAL_MS} ms: ${p99 <= P99_GOAL_MS ? 'met' : 'NOT MET'}; ratio to the ping baseline ${median(ratios).toFixed(2)}`,
    );
    console.log(
      `lost ${lost}, duplicated ${duplicated}, gaps ${gaps}, senders out of order ${outOfOrder}, client views differing ${viewMismatches}`,
    );
    const ok = lost === 0 && duplicated === 0 && gaps === 0 && outOfOrder === 0 && viewMismatches === 0;
    if (!ok) process.exitCode = 1;
  } finally {
    for (const ws of idle) ws.terminate();
    for (const target of instances) await target.stop();
    await db.drop();
  }
};

await main();
