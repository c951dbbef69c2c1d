import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: Record<string, string>;
const tokens: Record<string, string> = {};

const memberSend = (as: string, payload: object) =>
  client.send({ method: 'POST', url: '/wps/contact/chat/messages', moduleId: 'COMM3', token: tokens[as], payload });
const visitorSend = (payload: object) =>
  client.send({ method: 'POST', url: '/wps/contact/chat/visitor/messages', moduleId: 'COMM3', payload });
const deskSend = (id: string, payload: object, as = 'support') =>
  t.request({
    method: 'POST',
    url: `/api/admin/merchants/demo/chats/${id}/messages`,
    headers: { authorization: desk[as] ?? '' },
    payload,
  });
const rowsOf = async (conversationId: string) =>
  (
    await t.database.pool.query<{ seq: number; author: string; body: string; client_message_id: string | null }>(
      'SELECT seq, author, body, client_message_id FROM contact_chat_messages WHERE conversation_id = $1 ORDER BY seq',
      [conversationId],
    )
  ).rows;
const lastSeqOf = async (conversationId: string) =>
  (await t.database.pool.query('SELECT last_seq FROM contact_conversations WHERE id = $1', [conversationId])).rows[0]
    .last_seq as number;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  Object.assign(tokens, (await client.signInMembers(['retrier', 'racer', 'other'])).tokens);
  desk = await signInOperators(t);
});

afterAll(async () => {
  await t.close();
});

describe('chat send with a client message id (decision 0111)', () => {
  let conversationId: string;

  it("answers a member's retry with the message first stored and stores no second row", async () => {
    const id = randomUUID();
    const first = (await memberSend('retrier', { body: 'Where is my deposit?', clientMessageId: id })).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    conversationId = first.value.conversation.id;
    const again = (await memberSend('retrier', { body: 'Where is my deposit?', clientMessageId: id })).json();
    expect(again.value.messages).toEqual(first.value.messages);
    expect(again.value.conversation.id).toBe(conversationId);
    expect(await rowsOf(conversationId)).toEqual([
      { seq: 1, author: 'member', body: 'Where is my deposit?', client_message_id: id },
    ]);
    // A new id is a new message; a send without an id (an older client) is stored as before.
    await memberSend('retrier', { body: 'Where is my deposit?', clientMessageId: randomUUID() });
    await memberSend('retrier', { body: 'Hello?' });
    expect((await rowsOf(conversationId)).map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(await lastSeqOf(conversationId)).toBe(3);
  });

  it('stores one row when two sends with the same id race, the numbers without a gap', async () => {
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 2 }, () => memberSend('racer', { body: 'Twice at once', clientMessageId: id })),
    );
    const values = answers.map((answer) => answer.json());
    for (const value of values) expect(value.success, JSON.stringify(value)).toBe(true);
    expect(values[0].value.messages).toEqual(values[1].value.messages);
    const racerConversation = values[0].value.conversation.id as string;
    expect(await rowsOf(racerConversation)).toEqual([
      { seq: 1, author: 'member', body: 'Twice at once', client_message_id: id },
    ]);
    // Many at once, on the desk too: one row per id, numbers 1..n.
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const deskIds = Array.from({ length: 4 }, () => randomUUID());
    const claimed = await t.request({
      method: 'POST',
      url: `/api/admin/merchants/demo/chats/${racerConversation}/claim`,
      headers: { authorization: desk.support ?? '' },
    });
    expect(claimed.json().success).toBe(true);
    const raced = await Promise.all([
      ...ids.flatMap((clientMessageId) =>
        Array.from({ length: 3 }, () => memberSend('racer', { body: `m-${clientMessageId}`, clientMessageId })),
      ),
      ...deskIds.flatMap((clientMessageId) =>
        Array.from({ length: 3 }, () => deskSend(racerConversation, { body: `d-${clientMessageId}`, clientMessageId })),
      ),
    ]);
    for (const answer of raced) expect(answer.json().success, answer.body).toBe(true);
    const rows = await rowsOf(racerConversation);
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 9 }, (_, i) => i + 1));
    expect(await lastSeqOf(racerConversation)).toBe(9);
    expect(rows.filter((row) => row.author === 'member')).toHaveLength(5);
    expect(rows.filter((row) => row.author === 'operator')).toHaveLength(4);
  });

  it("answers the desk's retry with its first message, and refuses an id reused for another text or sender", async () => {
    const id = randomUUID();
    const first = (await deskSend(conversationId, { body: 'Checking now.', clientMessageId: id })).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    const again = (await deskSend(conversationId, { body: 'Checking now.', clientMessageId: id })).json();
    expect(again.value.messages).toEqual(first.value.messages);
    const count = (await rowsOf(conversationId)).length;
    // The same id with another text, from the owner (another operator), or from the member: nothing stored.
    expect((await deskSend(conversationId, { body: 'Other text', clientMessageId: id })).json().errorCode).toBe(
      'idempotency_conflict',
    );
    expect(
      (await deskSend(conversationId, { body: 'Checking now.', clientMessageId: id }, 'owner')).json().errorCode,
    ).toBe('idempotency_conflict');
    expect((await memberSend('retrier', { body: 'Checking now.', clientMessageId: id })).json().errorCode).toBe(
      'idempotency_conflict',
    );
    expect(await rowsOf(conversationId)).toHaveLength(count);
    // Another member using the same id stores its own message in its own conversation.
    const theirs = (await memberSend('other', { body: 'Checking now.', clientMessageId: id })).json();
    expect(theirs.success).toBe(true);
    expect(theirs.value.conversation.id).not.toBe(conversationId);
  });

  it('answers a retry after the conversation was resolved with the message, opening no new conversation', async () => {
    const id = randomUUID();
    const sent = (await memberSend('retrier', { body: 'One more thing', clientMessageId: id })).json().value;
    const resolved = await t.request({
      method: 'POST',
      url: `/api/admin/merchants/demo/chats/${conversationId}/resolve`,
      headers: { authorization: desk.support ?? '' },
    });
    expect(resolved.json().success).toBe(true);
    const again = (await memberSend('retrier', { body: 'One more thing', clientMessageId: id })).json();
    expect(again.value.messages).toEqual(sent.messages);
    expect(again.value.conversation).toMatchObject({ id: conversationId, status: 'resolved' });
    const open = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM contact_conversations c JOIN members m ON m.id = c.member_id WHERE m.username = 'retrier' AND c.status <> 'resolved'",
    );
    expect(open.rows[0].n).toBe(0);
  });

  it("dedupes a visitor's retry by its key, and refuses a malformed id field by field", async () => {
    const key = 'k'.repeat(43);
    const id = randomUUID();
    const first = (await visitorSend({ key, body: 'Hi, no account yet', clientMessageId: id })).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    const again = (await visitorSend({ key, body: 'Hi, no account yet', clientMessageId: id })).json();
    expect(again.value.messages).toEqual(first.value.messages);
    expect(await rowsOf(first.value.conversation.id)).toHaveLength(1);
    // Another browser key with the same id is another sender: its own conversation.
    const otherKey = (
      await visitorSend({ key: 'v'.repeat(43), body: 'Hi, no account yet', clientMessageId: id })
    ).json();
    expect(otherKey.value.conversation.id).not.toBe(first.value.conversation.id);

    const before = (await rowsOf(conversationId)).length;
    const bad = (await memberSend('retrier', { body: 'Hello', clientMessageId: 'not-a-uuid' })).json();
    expect(bad).toMatchObject({
      success: false,
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'clientMessageId', code: 'field_invalid' }],
    });
    const badDesk = (await deskSend(conversationId, { body: 'Hello', clientMessageId: 42 })).json();
    expect(badDesk.fieldErrors).toEqual([{ path: 'clientMessageId', code: 'field_invalid' }]);
    expect(await rowsOf(conversationId)).toHaveLength(before);
  });
});
