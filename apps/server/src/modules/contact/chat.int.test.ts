import { CHAT_LIMITS, type RealtimeServerMessage } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { openRealtimeSocket } from '../../../test/realtime-socket';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: Record<string, string>;
let url: string;
const tokens: Record<string, string> = {};

/** A socket that keeps every frame; `until` waits for one that matches. */
const socket = async (auth: { op: 'auth' | 'operator'; token: string }) => {
  const opened = await openRealtimeSocket(url);
  opened.send(auth);
  await opened.until((m) => m.op === 'ready');
  return opened;
};
const chatEvents = (frames: RealtimeServerMessage[]) =>
  frames.flatMap((m) =>
    m.op === 'event' && m.type === 'contact.chat.message'
      ? [(m.data as { message: { seq: number; body: string } }).message]
      : [],
  );

const member = (method: 'GET' | 'POST', path: string, as: string, payload?: object) =>
  client.send({
    method,
    url: `/wps/contact/chat${path}`,
    moduleId: 'COMM3',
    token: tokens[as],
    ...(payload ? { payload } : {}),
  });
const deskCall = (method: 'GET' | 'POST', path: string, as = 'support', payload?: object) =>
  t.request({
    method,
    url: `/api/admin/merchants/demo/chats${path}`,
    headers: { authorization: desk[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
const countMessages = async () =>
  Number((await t.database.pool.query('SELECT count(*) AS n FROM contact_chat_messages')).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  Object.assign(tokens, (await client.signInMembers(['chatter', 'stranger', 'flooder', 'timed'])).tokens);
  desk = await signInOperators(t);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});

afterAll(async () => {
  await t.close();
});

describe('live chat', () => {
  let conversationId: string;

  it('carries messages both ways, numbered without gaps, pushed to the member and to the desk', async () => {
    const memberSocket = await socket({ op: 'auth', token: tokens.chatter ?? '' });
    const deskSocket = await socket({ op: 'operator', token: desk.support ?? '' });
    const financeSocket = await socket({ op: 'operator', token: desk.finance ?? '' });
    expect(deskSocket.frames.find((m) => m.op === 'ready')).toMatchObject({ operator: true });

    expect((await member('GET', '', 'chatter')).json().value).toBeNull();
    const first = (await member('POST', '/messages', 'chatter', { body: ' Hello, my deposit is late. ' })).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    expect(first.value.conversation).toMatchObject({ status: 'waiting', lastSeq: 1, unread: 0 });
    expect(first.value.messages).toMatchObject([{ seq: 1, author: 'member', body: 'Hello, my deposit is late.' }]);
    conversationId = first.value.conversation.id;
    await deskSocket.until((m) => m.op === 'event' && m.type === 'contact.chat.message');

    const list = (await deskCall('GET', '?status=waiting')).json().value;
    expect(list).toMatchObject([{ id: conversationId, username: 'chatter', unread: 1, operator: null }]);
    const claimed = (await deskCall('POST', `/${conversationId}/claim`)).json().value;
    expect(claimed).toMatchObject({ status: 'active', operator: 'supportop' });
    const answer = (
      await deskCall('POST', `/${conversationId}/messages`, 'support', { body: 'Checking it now.' })
    ).json();
    expect(answer.value.messages).toMatchObject([{ seq: 2, author: 'operator' }]);
    expect((await member('GET', '', 'chatter')).json().value.conversation.unread).toBe(1);
    await member('POST', '/messages', 'chatter', { body: 'Thanks!' });

    await memberSocket.until(() => chatEvents(memberSocket.frames).length === 3);
    await deskSocket.until(() => chatEvents(deskSocket.frames).length === 3);
    expect(chatEvents(memberSocket.frames).map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(chatEvents(deskSocket.frames).map((m) => m.body)).toEqual([
      'Hello, my deposit is late.',
      'Checking it now.',
      'Thanks!',
    ]);
    // The desk's events go only to operators whose role may read conversations.
    expect(chatEvents(financeSocket.frames)).toEqual([]);
    for (const s of [memberSocket, deskSocket, financeSocket]) s.ws.close();

    // A client that reconnects reads on from the last number it holds.
    const resumed = (await member('GET', '?afterSeq=1', 'chatter')).json().value;
    expect(resumed.messages.map((m: { seq: number }) => m.seq)).toEqual([2, 3]);
    // Writing reads what came before: the member's reply left nothing unread.
    expect(resumed.conversation.unread).toBe(0);
    expect((await member('POST', '/read', 'chatter', { seq: 3 })).json().value).toEqual({ unread: 0 });
    const thread = (await deskCall('GET', `/${conversationId}?afterSeq=0`)).json().value;
    expect(thread.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3]);
    expect(thread.conversation.unread).toBe(1);
    expect((await deskCall('POST', `/${conversationId}/read`, 'support', { seq: 3 })).json().value.unread).toBe(0);
  });

  it('tells the desk since when a member waits and how long the first answer took', async () => {
    const opened = (await member('POST', '/messages', 'timed', { body: 'Is anyone there?' })).json().value;
    const id = opened.conversation.id as string;
    await member('POST', '/messages', 'timed', { body: 'Hello?' });
    const setAt = (seq: number, at: string) =>
      t.database.pool.query(
        'UPDATE contact_chat_messages SET created_at = $3 WHERE conversation_id = $1 AND seq = $2',
        [id, seq, at],
      );
    await setAt(1, '2026-11-30T10:00:00Z');
    await setAt(2, '2026-11-30T10:01:00Z');
    const waiting = (await deskCall('GET', `/${id}?afterSeq=0`)).json().value.conversation;
    // Waiting since the first unanswered message; no answer yet.
    expect(waiting).toMatchObject({ waitingSince: '2026-11-30T10:00:00.000Z', firstReplySeconds: null });

    await deskCall('POST', `/${id}/claim`);
    await deskCall('POST', `/${id}/messages`, 'support', { body: 'Yes, here.' });
    await setAt(3, '2026-11-30T10:02:30Z');
    const answered = (await deskCall('GET', '')).json().value.find((c: { id: string }) => c.id === id);
    // The desk had the last word: nobody waits. The first answer came 150 s after the first message.
    expect(answered).toMatchObject({ waitingSince: null, firstReplySeconds: 150 });

    await member('POST', '/messages', 'timed', { body: 'Thanks, one more thing.' });
    await setAt(4, '2026-11-30T10:05:00Z');
    const again = (await deskCall('GET', `/${id}?afterSeq=3`)).json().value.conversation;
    expect(again).toMatchObject({ waitingSince: '2026-11-30T10:05:00.000Z', firstReplySeconds: 150 });
    await deskCall('POST', `/${id}/resolve`);
    const resolved = (await deskCall('GET', `/${id}?afterSeq=4`)).json().value.conversation;
    expect(resolved).toMatchObject({ status: 'resolved', waitingSince: null, firstReplySeconds: 150 });
  });

  it('keeps numbers unique when both sides write at once', async () => {
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => member('POST', '/messages', 'chatter', { body: `m${i}` })),
      ...Array.from({ length: 5 }, (_, i) =>
        deskCall('POST', `/${conversationId}/messages`, 'support', { body: `d${i}` }),
      ),
    ]);
    const { rows } = await t.database.pool.query(
      'SELECT seq FROM contact_chat_messages WHERE conversation_id = $1 ORDER BY seq',
      [conversationId],
    );
    expect(rows.map((r: { seq: number }) => r.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it('answers not_found for another merchant’s or an unknown conversation, and shows a member only its own', async () => {
    expect((await member('GET', '', 'stranger')).json().value).toBeNull();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const before = await countMessages();
    expect((await deskCall('POST', `/${unknown}/messages`, 'support', { body: 'x' })).json().errorCode).toBe(
      'not_found',
    );
    expect((await deskCall('GET', `/${unknown}`)).json().errorCode).toBe('not_found');
    const other = await t.request({
      method: 'GET',
      url: `/api/admin/merchants/nowhere/chats/${conversationId}`,
      headers: { authorization: desk.support ?? '' },
    });
    expect(other.json().errorCode).toBe('not_found');
    expect(await countMessages()).toBe(before);
  });

  it('refuses bad input, the wrong role, another operator’s conversation, and floods, writing nothing', async () => {
    const before = await countMessages();
    for (const payload of [{}, { body: '' }, { body: '   ' }, { body: 'x'.repeat(CHAT_LIMITS.messageMax + 1) }]) {
      const response = await member('POST', '/messages', 'chatter', payload);
      expect(response.json().errorCode, JSON.stringify(payload).slice(0, 40)).toBe('validation_failed');
    }
    expect((await deskCall('GET', '', 'finance')).json().errorCode).toBe('forbidden');
    expect((await deskCall('POST', `/${conversationId}/messages`, 'owner', { body: 'mine?' })).json().errorCode).toBe(
      'order_state_invalid',
    );
    expect(await countMessages()).toBe(before);
    for (let n = 0; n < CHAT_LIMITS.perMinute; n += 1) {
      expect((await member('POST', '/messages', 'flooder', { body: `n${n}` })).json().success).toBe(true);
    }
    const flood = (await member('POST', '/messages', 'flooder', { body: 'again' })).json();
    expect(flood.errorCode).toBe('too_many_requests');
    expect(await countMessages()).toBe(before + CHAT_LIMITS.perMinute);
  });

  it('resolves once, audited; the member’s next message opens a new conversation', async () => {
    expect((await deskCall('POST', `/${conversationId}/resolve`)).json().value.status).toBe('resolved');
    expect((await deskCall('POST', `/${conversationId}/resolve`)).json().errorCode).toBe('order_state_invalid');
    expect((await deskCall('POST', `/${conversationId}/messages`, 'support', { body: 'late' })).json().errorCode).toBe(
      'order_state_invalid',
    );
    const audit = await t.database.pool.query('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [
      `chat:${conversationId}`,
    ]);
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(['chat.claim', 'chat.resolve']);
    const next = (await member('POST', '/messages', 'chatter', { body: 'One more thing' })).json().value;
    expect(next.conversation.id).not.toBe(conversationId);
    expect(next.messages).toMatchObject([{ seq: 1 }]);
  });

  it('hands a conversation to another desk operator, audited; refuses a target who cannot answer, changing nothing', async () => {
    const deskList = (
      await t.request({
        method: 'GET',
        url: '/api/admin/merchants/demo/chat-desk',
        headers: { authorization: desk.support ?? '' },
      })
    ).json().value as { id: string; username: string }[];
    // Owner and support answer chats; finance, risk and content do not.
    expect(deskList.map((o) => o.username)).toEqual(expect.arrayContaining(['supportop']));
    expect(deskList.map((o) => o.username)).not.toContain('financeop');
    const { rows: ops } = await t.database.pool.query<{ id: string; username: string }>(
      "SELECT id, username FROM operators WHERE username IN ('supportop', 'financeop')",
    );
    const idOf = (name: string) => ops.find((o) => o.username === name)?.id ?? '';
    const owner = deskList.find((o) => o.username !== 'supportop');
    if (!owner) throw new Error('no second desk operator');

    const opened = (await member('POST', '/messages', 'stranger', { body: 'Who can help?' })).json().value;
    const id = opened.conversation.id as string;
    // A waiting conversation is assigned; the target then holds it.
    const assigned = (await deskCall('POST', `/${id}/transfer`, 'owner', { operatorId: idOf('supportop') })).json();
    expect(assigned.value).toMatchObject({ status: 'active', operator: 'supportop' });
    const moved = (await deskCall('POST', `/${id}/transfer`, 'support', { operatorId: owner.id })).json();
    expect(moved.value).toMatchObject({ status: 'active', operator: owner.username });
    // The one who handed it over no longer holds it.
    expect((await deskCall('POST', `/${id}/messages`, 'support', { body: 'still mine?' })).json().errorCode).toBe(
      'order_state_invalid',
    );

    const before = await t.database.pool.query('SELECT operator_username FROM contact_conversations WHERE id = $1', [
      id,
    ]);
    for (const payload of [{ operatorId: idOf('financeop') }, { operatorId: '00000000-0000-4000-8000-000000000000' }]) {
      const refused = (await deskCall('POST', `/${id}/transfer`, 'support', payload)).json();
      expect(refused.errorCode).toBe('validation_failed');
      expect(refused.fieldErrors).toMatchObject([{ path: 'operatorId', code: 'field_invalid' }]);
    }
    expect((await deskCall('POST', `/${id}/transfer`, 'support', { operatorId: 'nope' })).json().errorCode).toBe(
      'validation_failed',
    );
    expect((await deskCall('POST', `/${id}/transfer`, 'finance', { operatorId: owner.id })).json().errorCode).toBe(
      'forbidden',
    );
    const after = await t.database.pool.query('SELECT operator_username FROM contact_conversations WHERE id = $1', [
      id,
    ]);
    expect(after.rows).toEqual(before.rows);

    await deskCall('POST', `/${id}/resolve`, 'owner');
    expect(
      (await deskCall('POST', `/${id}/transfer`, 'owner', { operatorId: idOf('supportop') })).json().errorCode,
    ).toBe('order_state_invalid');
    const audit = await t.database.pool.query('SELECT action, details FROM audit_log WHERE target = $1 ORDER BY id', [
      `chat:${id}`,
    ]);
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual([
      'chat.transfer',
      'chat.transfer',
      'chat.resolve',
    ]);
    expect(audit.rows[1].details).toMatchObject({ from: 'supportop', to: owner.username });
  });

  it('tells the member how far the desk has read: pushed, and in the thread (decision 0111)', async () => {
    const memberSocket = await socket({ op: 'auth', token: tokens.stranger ?? '' });
    const otherSocket = await socket({ op: 'auth', token: tokens.chatter ?? '' });
    const sent = (await member('POST', '/messages', 'stranger', { body: 'Is anyone reading?' })).json().value;
    const id = sent.conversation.id as string;
    const seq = sent.messages[0].seq as number;
    expect(sent.conversation.deskReadSeq).toBeLessThan(seq);
    expect((await deskCall('POST', `/${id}/read`, 'support', { seq })).json().value.deskReadSeq).toBe(seq);
    const pushed = await memberSocket.until((m) => m.op === 'event' && m.type === 'contact.chat.read');
    expect(pushed).toMatchObject({ data: { conversationId: id, deskReadSeq: seq } });
    expect((await member('GET', '', 'stranger')).json().value.conversation.deskReadSeq).toBe(seq);
    // Another member hears nothing of it.
    expect(otherSocket.frames.filter((m) => m.op === 'event')).toEqual([]);
    for (const s of [memberSocket, otherSocket]) s.ws.close();
  });

  it('tells the desk the member is typing, nothing stored; nothing without an open conversation (decision 0111)', async () => {
    const deskSocket = await socket({ op: 'operator', token: desk.support ?? '' });
    const financeSocket = await socket({ op: 'operator', token: desk.finance ?? '' });
    const before = await countMessages();
    const open = (await member('GET', '', 'stranger')).json().value;
    expect((await member('POST', '/typing', 'stranger', {})).json()).toMatchObject({ success: true, value: null });
    const pushed = await deskSocket.until((m) => m.op === 'event' && m.type === 'contact.chat.typing');
    expect(pushed).toMatchObject({ data: { conversationId: open.conversation.id } });
    expect(await countMessages()).toBe(before);
    // Finance does not read conversations and hears nothing; a member without an open conversation signals nothing.
    const resolved = await deskCall('POST', `/${open.conversation.id}/resolve`, 'support');
    expect(resolved.json().success).toBe(true);
    const typingEvents = () => deskSocket.frames.filter((m) => m.op === 'event' && m.type === 'contact.chat.typing');
    expect(typingEvents()).toHaveLength(1);
    expect((await member('POST', '/typing', 'stranger', {})).json().success).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(typingEvents()).toHaveLength(1);
    expect(financeSocket.frames.filter((m) => m.op === 'event' && m.type === 'contact.chat.typing')).toEqual([]);
    for (const s of [deskSocket, financeSocket]) s.ws.close();
  });
});
