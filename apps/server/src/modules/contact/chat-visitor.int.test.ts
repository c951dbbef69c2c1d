import { randomBytes } from 'node:crypto';
import { CHAT_LIMITS, type RealtimeServerMessage } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { openRealtimeSocket } from '../../../test/realtime-socket';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: Record<string, string>;
let url: string;
const tokens: Record<string, string> = {};

const newKey = () => randomBytes(32).toString('base64url');

/** A visitor's socket (no session) subscribed to `topic`; `until` waits for a frame that matches. */
const visitorSocket = async (topic: string, merchant = 'demo') => {
  const opened = await openRealtimeSocket(url, merchant);
  opened.send({ op: 'subscribe', topic });
  await opened.until((m) => m.op === 'subscribed' && m.topic === topic);
  return opened;
};

const visitor = (path: string, payload: object, options: { ip?: string; merchant?: string } = {}) =>
  client.send({
    method: 'POST',
    url: `/wps/contact/chat/visitor${path}`,
    moduleId: 'COMM3',
    payload,
    ...(options.ip ? { ip: options.ip } : {}),
    ...(options.merchant ? { headers: { merchant: options.merchant } } : {}),
  });
const member = (method: 'GET' | 'POST', path: string, as: string, payload?: object) =>
  client.send({
    method,
    url: `/wps/contact/chat${path}`,
    moduleId: 'COMM3',
    token: tokens[as],
    ...(payload ? { payload } : {}),
  });
const deskCall = (method: 'GET' | 'POST', path: string, as = 'support', payload?: object, code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}/chats${path}`,
    headers: { authorization: desk[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
const count = async (table: 'contact_chat_messages' | 'contact_conversations') =>
  Number((await t.database.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  Object.assign(tokens, (await client.signInMembers(['guest1', 'guest2', 'busy'])).tokens);
  await merchantLikeDemo(t, 'other');
  desk = await signInOperators(t, [{ name: 'otherdesk', role: 'support', merchantCode: 'other' }]);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  // A fresh database's migrations take minutes on a loaded two-core machine: this guards against a hang only.
}, 600_000);

afterAll(async () => {
  await t.close();
});

describe('visitor chat', () => {
  const key = newKey();
  let conversationId: string;
  let topic: string;

  it('a visitor without an account writes; the desk sees it in the same queue, marked as a visitor', async () => {
    expect((await visitor('', { key, afterSeq: 0 })).json().value).toBeNull();
    const sent = await visitor('/messages', { key, body: 'Hello, can I ask before I sign up?' }, { ip: '10.0.0.1' });
    expect(sent.json().success).toBe(true);
    const thread = sent.json().value;
    conversationId = thread.conversation.id;
    topic = thread.topic;
    expect(topic).toMatch(/^chatv:[A-Za-z0-9_-]{43}$/);
    expect(thread.messages).toMatchObject([{ seq: 1, author: 'member', body: 'Hello, can I ask before I sign up?' }]);

    const list = (await deskCall('GET', '')).json().value as { id: string; visitor: boolean; memberId: null }[];
    const entry = list.find((row) => row.id === conversationId);
    expect(entry).toMatchObject({ visitor: true, memberId: null, status: 'waiting', unread: 1 });
    expect((entry as unknown as { username: string }).username).toMatch(/^visitor-[0-9a-f]{6}$/);
    // The key is never stored: only its hash.
    const stored = await t.database.pool.query('SELECT visitor_key_hash FROM contact_conversations WHERE id = $1', [
      conversationId,
    ]);
    expect(stored.rows[0].visitor_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].visitor_key_hash).not.toContain(key);
  });

  it("pushes the desk's answer on the visitor's topic; the visitor reads on by number", async () => {
    const socket = await visitorSocket(topic);
    const answered = await deskCall('POST', `/${conversationId}/messages`, 'support', { body: 'Of course, ask away.' });
    expect(answered.json().success).toBe(true);
    const frame = await socket.until((m) => m.op === 'event' && m.type === 'contact.chat.message');
    expect(frame).toMatchObject({ topic, data: { conversationId, message: { seq: 2, author: 'operator' } } });
    const after = (await visitor('', { key, afterSeq: 1 })).json().value;
    expect(after.messages.map((m: { seq: number }) => m.seq)).toEqual([2]);
    expect(after.conversation.unread).toBe(1);
    expect((await visitor('/read', { key, seq: 2 })).json().value).toEqual({ unread: 0 });
    socket.ws.close();
  });

  it('another key, a member, the same key on another site and another merchant’s desk see nothing of it', async () => {
    expect((await visitor('', { key: newKey(), afterSeq: 0 })).json().value).toBeNull();
    expect((await member('GET', '?afterSeq=0', 'guest2')).json().value).toBeNull();
    expect((await visitor('', { key, afterSeq: 0 }, { merchant: 'other' })).json().value).toBeNull();
    const other = await deskCall('GET', `/${conversationId}`, 'otherdesk', undefined, 'other');
    expect(other.json()).toMatchObject({ success: false, errorCode: 'not_found' });
    const otherList = (await deskCall('GET', '', 'otherdesk', undefined, 'other')).json().value as { id: string }[];
    expect(otherList.map((row) => row.id)).not.toContain(conversationId);
    const outOfScope = await deskCall('GET', `/${conversationId}`, 'otherdesk');
    expect(outOfScope.json().success).toBe(false);
  });

  it('refuses a malformed key and an over-long message, writing nothing', async () => {
    const before = await count('contact_chat_messages');
    const badKey = await visitor('/messages', { key: 'short', body: 'hi' });
    expect(badKey.json().success).toBe(false);
    expect(badKey.statusCode).toBeLessThan(500);
    const long = await visitor('/messages', { key, body: 'x'.repeat(CHAT_LIMITS.messageMax + 1) });
    expect(long.json().success).toBe(false);
    expect(long.statusCode).toBeLessThan(500);
    expect(await count('contact_chat_messages')).toBe(before);
  });

  it('on sign-in the member adopts the conversation: same thread, the key opens it no more', async () => {
    const adopted = await member('POST', '/adopt', 'guest1', { key });
    expect(adopted.json().success).toBe(true);
    expect(adopted.json().value.conversation.id).toBe(conversationId);
    expect(adopted.json().value.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2]);
    expect((await member('GET', '?afterSeq=0', 'guest1')).json().value.conversation.id).toBe(conversationId);
    expect((await visitor('', { key, afterSeq: 0 })).json().value).toBeNull();
    const entry = (await deskCall('GET', `/${conversationId}`)).json().value.conversation;
    expect(entry).toMatchObject({ visitor: false, username: 'guest1', status: 'active' });

    // The member goes on in the same conversation.
    const next = await member('POST', '/messages', 'guest1', { body: 'Signed in now.' });
    expect(next.json().value).toMatchObject({ conversation: { id: conversationId }, messages: [{ seq: 3 }] });
    // Adopting again, or with someone else's spent key, changes nothing.
    const again = await member('POST', '/adopt', 'guest2', { key });
    expect(again.json().value).toBeNull();
    expect((await deskCall('GET', `/${conversationId}`)).json().value.conversation.username).toBe('guest1');
  });

  it('a member who already has an open conversation keeps it; the visitor’s becomes its history, resolved', async () => {
    await member('POST', '/messages', 'busy', { body: 'My own question.' });
    const own = (await member('GET', '?afterSeq=0', 'busy')).json().value.conversation.id as string;
    const busyKey = newKey();
    const sent = await visitor('/messages', { key: busyKey, body: 'Asked as a visitor.' }, { ip: '10.0.0.2' });
    const visitorConversation = sent.json().value.conversation.id as string;
    const adopted = await member('POST', '/adopt', 'busy', { key: busyKey });
    expect(adopted.json().value.conversation.id).toBe(own);
    const row = await t.database.pool.query(
      'SELECT status, member_id IS NOT NULL AS owned, visitor_key_hash FROM contact_conversations WHERE id = $1',
      [visitorConversation],
    );
    expect(row.rows[0]).toMatchObject({ status: 'resolved', owned: true, visitor_key_hash: null });
  });

  it('rate-limits a flooding key, and conversations opened from one address', async () => {
    const flood = newKey();
    const before = await count('contact_chat_messages');
    for (let i = 0; i < CHAT_LIMITS.perMinute; i += 1) {
      const ok = await visitor('/messages', { key: flood, body: `message ${i}` }, { ip: '10.0.0.3' });
      expect(ok.json().success).toBe(true);
    }
    const refused = await visitor('/messages', { key: flood, body: 'one too many' }, { ip: '10.0.0.3' });
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'too_many_requests' });
    expect(await count('contact_chat_messages')).toBe(before + CHAT_LIMITS.perMinute);

    // One address opens at most visitorOpensPerHourPerIp conversations an hour, whatever keys it makes up.
    const conversations = await count('contact_conversations');
    for (let i = 0; i < CHAT_LIMITS.visitorOpensPerHourPerIp; i += 1) {
      const ok = await visitor('/messages', { key: newKey(), body: 'new visitor' }, { ip: '10.0.0.4' });
      expect(ok.json().success).toBe(true);
    }
    const sixth = await visitor('/messages', { key: newKey(), body: 'new visitor' }, { ip: '10.0.0.4' });
    expect(sixth.json()).toMatchObject({ success: false, errorCode: 'too_many_requests' });
    expect(await count('contact_conversations')).toBe(conversations + CHAT_LIMITS.visitorOpensPerHourPerIp);
  });

  it('caps the visitors waiting in a merchant’s queue', async () => {
    await t.database.pool.query(
      `INSERT INTO contact_conversations (merchant_code, visitor_key_hash, username)
       SELECT 'demo', md5(i::text) || md5((i + 1)::text), 'visitor-' || i FROM generate_series(1, $1) AS i`,
      [CHAT_LIMITS.visitorWaitingPerMerchant],
    );
    const conversations = await count('contact_conversations');
    const refused = await visitor('/messages', { key: newKey(), body: 'anyone?' }, { ip: '10.0.0.5' });
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'too_many_requests' });
    expect(await count('contact_conversations')).toBe(conversations);
  });

  it("pushes the desk's read mark on the visitor's topic, and the visitor's typing to the desk (decision 0111)", async () => {
    // On the other merchant: an earlier test filled the demo's queue of waiting visitors.
    const key = newKey();
    const ip = '10.77.0.1';
    const merchant = 'other';
    const sent = (await visitor('/messages', { key, body: 'Still there?' }, { ip, merchant })).json();
    expect(sent.success, JSON.stringify(sent)).toBe(true);
    const first = sent.value;
    const topicSocket = await visitorSocket(first.topic, merchant);
    const seq = first.messages[0].seq as number;
    await deskCall('POST', `/${first.conversation.id}/read`, 'otherdesk', { seq }, merchant);
    const read = await topicSocket.until((m) => m.op === 'event' && m.type === 'contact.chat.read');
    expect(read).toMatchObject({ data: { conversationId: first.conversation.id, deskReadSeq: seq } });

    const deskWs = new WebSocket(`${url}/wps/realtime?merchant=${merchant}`);
    const deskFrames: RealtimeServerMessage[] = [];
    deskWs.on('message', (data) => deskFrames.push(JSON.parse(String(data)) as RealtimeServerMessage));
    await new Promise((resolve) => deskWs.once('open', resolve));
    deskWs.send(JSON.stringify({ op: 'operator', token: desk.otherdesk }));
    await topicSocket.until(() => deskFrames.some((m) => m.op === 'ready'));
    const before = await count('contact_chat_messages');
    expect((await visitor('/typing', { key }, { ip, merchant })).json()).toMatchObject({ success: true, value: null });
    await topicSocket.until(() => deskFrames.some((m) => m.op === 'event' && m.type === 'contact.chat.typing'));
    expect(deskFrames.find((m) => m.op === 'event' && m.type === 'contact.chat.typing')).toMatchObject({
      data: { conversationId: first.conversation.id },
    });
    // A key without a conversation signals nothing; nothing is ever stored.
    expect((await visitor('/typing', { key: newKey() }, { ip, merchant })).json().success).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deskFrames.filter((m) => m.op === 'event' && m.type === 'contact.chat.typing')).toHaveLength(1);
    expect(await count('contact_chat_messages')).toBe(before);
    deskWs.close();
    topicSocket.ws.close();
  });
});
