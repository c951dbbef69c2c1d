import { randomUUID } from 'node:crypto';
import type { RealtimeServerMessage } from '@tessera/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../security/password';
import { REALTIME_CHANNEL } from './pg-fanout';
import type { RealtimeEnvelope } from './realtime-hub';
import { createRedisFanout } from './redis-fanout';

/** The machine's Redis service (CI starts it when it does not answer). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const envelope = (n: number): RealtimeEnvelope => ({
  to: 'topic',
  merchantCode: 'demo',
  topic: 'testroom:1',
  event: { type: 'test.tick', data: { n } },
});

/** A fan-out on a channel of its own, and what it delivered. */
const startFanout = async (channel: string, name = `tessera-test-${randomUUID()}`) => {
  const received: RealtimeEnvelope[] = [];
  const errors: unknown[] = [];
  const fanout = createRedisFanout({ url: REDIS_URL, channel, connectionName: name, onError: (e) => errors.push(e) });
  await fanout.start((e) => received.push(e));
  return { fanout, received, errors, name };
};

describe('Redis fan-out', () => {
  let admin: Redis;
  beforeAll(async () => {
    admin = new Redis(REDIS_URL, { lazyConnect: true });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.quit();
  });

  it("carries one process's events to the others, not back to itself, one message per tick", async () => {
    const channel = `tessera_rt_test_${randomUUID()}`;
    const a = await startFanout(channel);
    const b = await startFanout(channel);
    const c = await startFanout(channel);
    const tap = new Redis(REDIS_URL, { lazyConnect: true });
    await tap.connect();
    const messages: string[] = [];
    tap.on('message', (_channel: string, message: string) => messages.push(message));
    await tap.subscribe(channel);

    a.fanout.publish(envelope(1));
    a.fanout.publish(envelope(2));
    a.fanout.publish(envelope(3));
    await expect.poll(() => b.received.length).toBe(3);
    await expect.poll(() => c.received.length).toBe(3);
    expect(b.received).toEqual([envelope(1), envelope(2), envelope(3)]);
    expect(messages).toHaveLength(1);
    b.fanout.publish(envelope(4));
    await expect.poll(() => a.received.length).toBe(1);
    expect(a.received).toEqual([envelope(4)]);
    await expect.poll(() => c.received.length).toBe(4);
    expect(b.received).toHaveLength(3);

    // Stopped: it neither publishes nor delivers.
    await c.fanout.stop();
    c.fanout.publish(envelope(5));
    a.fanout.publish(envelope(6));
    await expect.poll(() => b.received.length).toBe(4);
    expect(c.received).toHaveLength(4);
    expect(b.received.at(-1)).toEqual(envelope(6));
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
    await Promise.all([a.fanout.stop(), b.fanout.stop(), tap.quit()]);
  });

  it('subscribes again after Redis drops its connection, and delivers what is published after', async () => {
    const channel = `tessera_rt_test_${randomUUID()}`;
    const a = await startFanout(channel);
    const b = await startFanout(channel);
    // b's subscriber connection, found by its name and dropped by Redis (as a Redis restart would).
    const list = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const ids = list
      .split('\n')
      .filter((line) => line.includes(`name=${b.name} `))
      .map((line) => /\bid=(\d+)/.exec(line)?.[1])
      .filter((id): id is string => id !== undefined);
    expect(ids).toHaveLength(1);
    for (const id of ids) await admin.client('KILL', 'ID', id);
    // Once b is back on the channel, a's events reach it again.
    await expect
      .poll(
        async () => {
          a.fanout.publish(envelope(7));
          await new Promise((resolve) => setTimeout(resolve, 50));
          return b.received.some((e) => e.event.type === 'test.tick');
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    await Promise.all([a.fanout.stop(), b.fanout.stop()]);
  });

  it('starts and publishes while Redis is unreachable, reporting the failure without waiting for it', async () => {
    const errors: unknown[] = [];
    const fanout = createRedisFanout({ url: 'redis://127.0.0.1:9', onError: (e) => errors.push(e) });
    await fanout.start(() => {});
    fanout.publish(envelope(8));
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    await fanout.stop();
  });
});

describe('two server instances with REDIS_URL', () => {
  let a: TestApp;
  let b: TestApp;
  let token = '';
  let memberId = '';
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    b = await createTestApp({ REDIS_URL }, { instanceOf: a });
    const created = await a.services.members.create({
      merchantCode: 'demo',
      username: 'redisfan',
      account: 'redisfan',
      nickname: 'redisfan',
      passwordHash: await hashPassword('Secret123'),
    });
    if (!('row' in created)) throw new Error('member not created');
    memberId = created.row.id;
    const client = memberClient(a);
    const login = await client.sealed(
      'POST',
      '/wps/session/login',
      { username: 'redisfan', password: 'Secret123', botCheck: await client.botCheck() },
      { moduleId: 'COMM3' },
    );
    token = login.json().value.token;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("pushes a member's balance to its socket on the other instance", async () => {
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/wps/realtime`);
    const frames: RealtimeServerMessage[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as RealtimeServerMessage));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ op: 'auth', token }));
    await expect.poll(() => frames.some((m) => m.op === 'ready')).toBe(true);

    // The movement commits on instance a; its event reaches b through Redis (seen on the channel).
    const tap = new Redis(REDIS_URL, { lazyConnect: true });
    await tap.connect();
    const onChannel: string[] = [];
    tap.on('message', (_channel: string, message: string) => onChannel.push(message));
    await tap.subscribe(REALTIME_CHANNEL);
    await a.services.ledger.transfer({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'deposit',
      idempotencyKey: `redis-fanout-${memberId}`,
      from: { house: 'deposits' },
      to: { member: memberId, wallet: 'main' },
      amount: 4_200n,
    });
    await expect
      .poll(() => frames.find((m) => m.op === 'event'))
      .toMatchObject({
        op: 'event',
        topic: 'member',
        type: 'wallet.balance',
        data: { sumBalance: '42.00' },
      });
    expect(onChannel.some((message) => message.includes(memberId))).toBe(true);
    socket.close();
    await tap.quit();
  });
});
