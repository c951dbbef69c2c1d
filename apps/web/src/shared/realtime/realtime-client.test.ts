import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient } from './realtime-client';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const balance = { currency: 'USD', sumBalance: '5.00', balance: [] };

const setup = () =>
  createRealtimeClient({ url: () => 'ws://site/wps/realtime', createSocket: (url) => new FakeSocket(url) as never });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('stays closed until a member signs in, then sends the token in its first frame', () => {
    const client = setup();
    expect(FakeSocket.all).toHaveLength(0);
    client.setToken('tok-1');
    const socket = FakeSocket.all[0];
    expect(socket?.url).toBe('ws://site/wps/realtime');
    socket?.open();
    expect(socket?.sent).toEqual([{ op: 'auth', token: 'tok-1' }]);
  });

  it('hands well-formed events to their listeners and drops malformed ones', () => {
    const client = setup();
    const seen: unknown[] = [];
    client.onEvent('wallet.balance', (data) => seen.push(data));
    client.setToken('tok');
    const socket = FakeSocket.all[0];
    socket?.open();
    socket?.receive({ op: 'event', topic: 'member', type: 'wallet.balance', data: balance });
    socket?.receive({ op: 'event', topic: 'member', type: 'wallet.balance', data: { sumBalance: 5 } });
    socket?.receive({ op: 'event', topic: 'member', type: 'unknown.type', data: {} });
    expect(seen).toEqual([balance]);
  });

  it('reconnects after a drop, re-sends auth and subscriptions, and tells listeners it reconnected', () => {
    const client = setup();
    let reconnects = 0;
    client.onReconnect(() => {
      reconnects += 1;
    });
    client.setToken('tok');
    const topicEvents: unknown[] = [];
    client.follow('crash:main', (type, data) => topicEvents.push({ type, data }));
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1];
    second?.open();
    expect(second?.sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'subscribe', topic: 'crash:main' },
    ]);
    expect(reconnects).toBe(1);
    second?.receive({ op: 'event', topic: 'crash:main', type: 'crash.tick', data: { x: 1 } });
    expect(topicEvents).toEqual([{ type: 'crash.tick', data: { x: 1 } }]);
  });

  it('closes when the member signs out and nothing is followed, and does not come back', () => {
    const client = setup();
    client.setToken('tok');
    const socket = FakeSocket.all[0];
    socket?.open();
    client.setToken(null);
    expect(socket?.sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'auth', token: null },
    ]);
    expect(socket?.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('keeps the socket open for a followed topic without a member, and unsubscribes when the last follower leaves', () => {
    const client = setup();
    const stop = client.follow('crash:main', () => {});
    const socket = FakeSocket.all[0];
    socket?.open();
    expect(socket?.sent).toEqual([{ op: 'subscribe', topic: 'crash:main' }]);
    stop();
    expect(socket?.sent.at(-1)).toEqual({ op: 'unsubscribe', topic: 'crash:main' });
    expect(socket?.closedWith).toBe(1000);
  });
});
