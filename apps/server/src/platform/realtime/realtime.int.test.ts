import type { RealtimeServerMessage } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../security/password';
import { createPgFanout } from './pg-fanout';
import { createRealtimeHub, type RealtimeConnection } from './realtime-hub';

let t: TestApp;
let url: string;
const tokens: Record<string, string> = {};
const memberIds: Record<string, string> = {};

/** A browser's socket: collects every frame and lets a test wait for one. */
const open = async (query = '') => {
  const socket = new WebSocket(`${url}/wps/realtime${query}`);
  const frames: RealtimeServerMessage[] = [];
  const waiters: { match: (m: RealtimeServerMessage) => boolean; resolve: (m: RealtimeServerMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as RealtimeServerMessage;
    frames.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (match: (m: RealtimeServerMessage) => boolean, timeoutMs = 5000) =>
    new Promise<RealtimeServerMessage>((resolve, reject) => {
      const seen = frames.find(match);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        resolve(seen);
        return;
      }
      const timer = setTimeout(() => reject(new Error('no such frame')), timeoutMs);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          frames.splice(frames.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return { socket, frames, next, send };
};

const deposit = (member: string, amount: bigint, key: string) =>
  t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type: 'deposit',
    idempotencyKey: key,
    from: { house: 'deposits' },
    to: { member: memberIds[member] ?? '', wallet: 'main' },
    amount,
  });

beforeAll(async () => {
  t = await createTestApp();
  const client = memberClient(t);
  const hash = await hashPassword('Secret123');
  for (const username of ['alice', 'bob']) {
    const created = await t.services.members.create({
      merchantCode: 'demo',
      username,
      account: username,
      nickname: username,
      passwordHash: hash,
    });
    if (!('row' in created)) throw new Error('member not created');
    memberIds[username] = created.row.id;
    const login = await client.sealed(
      'POST',
      '/wps/session/login',
      { username, password: 'Secret123', botCheck: await client.botCheck() },
      { moduleId: 'COMM3' },
    );
    tokens[username] = login.json().value.token;
  }
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws');
});
afterAll(async () => {
  await t.close();
});

describe('realtime socket', () => {
  it("pushes the member's new balance after a committed ledger movement, to that member only", async () => {
    const alice = await open();
    const bob = await open();
    alice.send({ op: 'auth', token: tokens.alice });
    bob.send({ op: 'auth', token: tokens.bob });
    expect(await alice.next((m) => m.op === 'ready')).toEqual({ op: 'ready', member: true });
    expect(await bob.next((m) => m.op === 'ready')).toEqual({ op: 'ready', member: true });

    await deposit('alice', 12_345n, 'rt-1');
    const event = await alice.next((m) => m.op === 'event');
    const viaHttp = await t.request({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { ModuleId: 'COMM3', authorization: tokens.alice ?? '' },
    });
    expect(event).toEqual({ op: 'event', topic: 'member', type: 'wallet.balance', data: viaHttp.json().value });
    expect(viaHttp.json().value.sumBalance).toBe('123.45');

    // A replay of the same key moves nothing and pushes nothing.
    await deposit('alice', 12_345n, 'rt-1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alice.frames.filter((m) => m.op === 'event')).toEqual([]);
    expect(bob.frames.filter((m) => m.op === 'event')).toEqual([]);
    alice.socket.close();
    bob.socket.close();
  });

  it('pushes held balance when a withdrawal hold is placed and released', async () => {
    const alice = await open();
    alice.send({ op: 'auth', token: tokens.alice });
    await alice.next((m) => m.op === 'ready');
    const hold = await t.services.ledger.hold({
      merchantCode: 'demo',
      currency: 'USD',
      idempotencyKey: 'rt-hold',
      account: { member: memberIds.alice ?? '', wallet: 'main' },
      amount: 2_345n,
    });
    const held = await alice.next((m) => m.op === 'event');
    expect(held.op === 'event' && held.data).toMatchObject({
      sumBalance: '100.00',
      balance: [{ wallet: 'main', availBalance: '100.00', heldBalance: '23.45' }, { wallet: 'bonus' }],
    });
    await t.services.ledger.void({ merchantCode: 'demo', holdId: hold.holdId });
    const released = await alice.next((m) => m.op === 'event');
    expect(released.op === 'event' && released.data).toMatchObject({ sumBalance: '123.45' });
    alice.socket.close();
  });

  it('refuses a bad token, keeps the socket anonymous, and takes no token from the URL', async () => {
    const socket = await open(`?token=${tokens.alice}`);
    socket.send({ op: 'auth', token: 'not-a-session' });
    expect(await socket.next((m) => m.op === 'error')).toEqual({ op: 'error', code: 'login.not.session', ref: 'auth' });
    expect(await socket.next((m) => m.op === 'ready')).toEqual({ op: 'ready', member: false });
    await deposit('alice', 100n, 'rt-2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.frames.filter((m) => m.op === 'event')).toEqual([]);
    socket.socket.close();
  });

  it('stops the member stream when the session ends (auth null) and answers bad frames with codes', async () => {
    const socket = await open();
    socket.send({ op: 'auth', token: tokens.bob });
    await socket.next((m) => m.op === 'ready');
    socket.send({ op: 'auth', token: null });
    expect(await socket.next((m) => m.op === 'ready')).toEqual({ op: 'ready', member: false });
    socket.socket.send('{not json');
    expect(await socket.next((m) => m.op === 'error')).toEqual({ op: 'error', code: 'malformed_json' });
    socket.send({ op: 'subscribe', topic: 'BAD TOPIC' });
    expect(await socket.next((m) => m.op === 'error')).toEqual({ op: 'error', code: 'validation_failed' });
    socket.send({ op: 'subscribe', topic: 'nothing' });
    expect(await socket.next((m) => m.op === 'error')).toEqual({ op: 'error', code: 'not_found', ref: 'nothing' });
    socket.send({ op: 'ping' });
    expect(await socket.next((m) => m.op === 'pong')).toEqual({ op: 'pong' });
    await deposit('bob', 100n, 'rt-3');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.frames.filter((m) => m.op === 'event')).toEqual([]);
    socket.socket.close();
  });

  it('closes a socket that floods it', async () => {
    const socket = await open();
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    for (let i = 0; i < 100; i += 1) socket.send({ op: 'ping' });
    expect(await closed).toBe(4008);
  });

  it('refuses an unknown merchant before the upgrade', async () => {
    await expect(open('?merchant=nobody')).rejects.toThrow(/400/);
  });

  it('delivers public topics with their snapshot, and fans out between server processes through PostgreSQL', async () => {
    t.services.realtime.defineTopic('testroom', {
      access: 'public',
      snapshot: async ({ topic }) => ({ type: 'testroom.state', data: { topic } }),
    });
    const visitor = await open();
    visitor.send({ op: 'subscribe', topic: 'testroom:1' });
    expect(await visitor.next((m) => m.op === 'subscribed')).toEqual({ op: 'subscribed', topic: 'testroom:1' });
    expect(await visitor.next((m) => m.op === 'event')).toMatchObject({ type: 'testroom.state' });

    // A second server process: its own hub and listener on the same database.
    const other = createRealtimeHub({ fanout: createPgFanout({ pool: t.database.pool }) });
    await other.start();
    const received: RealtimeServerMessage[] = [];
    const remote: RealtimeConnection = {
      merchantCode: 'demo',
      memberId: null,
      topics: new Set(),
      send: (m) => received.push(m),
    };
    other.attach(remote);
    other.setMember(remote, memberIds.alice ?? '');

    // From the other process to this one's socket (a public topic) and from this one to the other (a member).
    const balance = { currency: 'USD', sumBalance: '0.00', balance: [] };
    other.broadcast('demo', 'testroom:1', 'wallet.balance', balance);
    expect(await visitor.next((m) => m.op === 'event')).toEqual({
      op: 'event',
      topic: 'testroom:1',
      type: 'wallet.balance',
      data: balance,
    });
    await deposit('alice', 100n, 'rt-4');
    await expect.poll(() => received.filter((m) => m.op === 'event').length, { timeout: 5000 }).toBe(1);
    expect(received.find((m) => m.op === 'event')).toMatchObject({ type: 'wallet.balance', topic: 'member' });
    await other.stop();
    visitor.socket.close();
  });
});
