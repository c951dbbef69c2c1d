import type { RealtimeServerMessage } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createRealtimeHub, type RealtimeConnection } from './realtime-hub';

const connect = (merchantCode: string) => {
  const received: RealtimeServerMessage[] = [];
  const connection: RealtimeConnection = {
    merchantCode,
    memberId: null,
    topics: new Set(),
    send: (message) => received.push(message),
  };
  return { connection, received };
};
const balance = { currency: 'USD', sumBalance: '1.00', balance: [] };
const events = (received: RealtimeServerMessage[]) => received.filter((m) => m.op === 'event');

describe('realtime hub', () => {
  it("delivers a member's event only to that member's sockets of that merchant", () => {
    const hub = createRealtimeHub();
    const mine = connect('demo');
    const sameIdOtherMerchant = connect('other');
    const someoneElse = connect('demo');
    for (const c of [mine, sameIdOtherMerchant, someoneElse]) hub.attach(c.connection);
    hub.setMember(mine.connection, 'm1');
    hub.setMember(sameIdOtherMerchant.connection, 'm1');
    hub.setMember(someoneElse.connection, 'm2');

    hub.publishToMember('demo', 'm1', 'wallet.balance', balance);

    expect(events(mine.received)).toEqual([{ op: 'event', topic: 'member', type: 'wallet.balance', data: balance }]);
    expect(events(sameIdOtherMerchant.received)).toEqual([]);
    expect(events(someoneElse.received)).toEqual([]);
  });

  it('stops member events after sign-out and after the socket closes', () => {
    const hub = createRealtimeHub();
    const socket = connect('demo');
    hub.attach(socket.connection);
    hub.setMember(socket.connection, 'm1');
    hub.setMember(socket.connection, null);
    hub.publishToMember('demo', 'm1', 'wallet.balance', balance);
    hub.setMember(socket.connection, 'm1');
    hub.detach(socket.connection);
    hub.publishToMember('demo', 'm1', 'wallet.balance', balance);
    expect(events(socket.received)).toEqual([]);
    expect(hub.connectionCount()).toBe(0);
  });

  it('refuses undeclared topics, member-only topics to visitors, and more than the topic limit', async () => {
    const hub = createRealtimeHub();
    hub.defineTopic('room', { access: 'public' });
    hub.defineTopic('mine', { access: 'member' });
    const socket = connect('demo');
    hub.attach(socket.connection);
    expect(await hub.subscribe(socket.connection, 'nothing')).toBe('not_found');
    expect(await hub.subscribe(socket.connection, 'mine')).toBe('login.not.session');
    for (let i = 0; i < 32; i += 1) expect(await hub.subscribe(socket.connection, `room:${i}`)).toBeNull();
    expect(await hub.subscribe(socket.connection, 'room:32')).toBe('too_many_requests');
    expect(await hub.subscribe(socket.connection, 'room:0')).toBeNull();
  });

  it('broadcasts to one merchant or to all, sends the snapshot first, and drops member-only topics on sign-out', async () => {
    const hub = createRealtimeHub();
    hub.defineTopic('room', {
      access: 'public',
      snapshot: async ({ topic }) => ({ type: 'room.state', data: { topic } }),
    });
    hub.defineTopic('mine', { access: 'member' });
    const a = connect('demo');
    const b = connect('other');
    for (const c of [a, b]) hub.attach(c.connection);
    await hub.subscribe(a.connection, 'room:1');
    await hub.subscribe(b.connection, 'room:1');
    hub.broadcast('demo', 'room:1', 'wallet.balance', balance);
    hub.broadcast(null, 'room:1', 'wallet.balance', balance);
    expect(events(a.received).map((m) => m.type)).toEqual(['room.state', 'wallet.balance', 'wallet.balance']);
    expect(events(b.received).map((m) => m.type)).toEqual(['room.state', 'wallet.balance']);

    hub.setMember(a.connection, 'm1');
    await hub.subscribe(a.connection, 'mine');
    hub.setMember(a.connection, null);
    expect([...a.connection.topics]).toEqual(['room:1']);
  });

  it('refuses a topic kind declared twice or named like the member stream', () => {
    const hub = createRealtimeHub();
    hub.defineTopic('room', { access: 'public' });
    expect(() => hub.defineTopic('room', { access: 'public' })).toThrow();
    expect(() => hub.defineTopic('member', { access: 'public' })).toThrow();
    expect(() => hub.defineTopic('a:b', { access: 'public' })).toThrow();
  });
});
