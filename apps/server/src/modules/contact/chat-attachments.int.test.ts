import { randomBytes, randomUUID } from 'node:crypto';
import { CHAT_ATTACHMENT_UPLOAD, CHAT_LIMITS, type RealtimeServerMessage } from '@tessera/contracts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart, pngBytes } from '../../../test/uploads';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: Record<string, string>;
let url: string;
const tokens: Record<string, string> = {};

const picture = (bytes: Buffer, filename = 'photo.png', type = 'image/png') => ({
  name: CHAT_ATTACHMENT_UPLOAD.field,
  filename,
  type,
  bytes,
});
type Part = ReturnType<typeof picture>;

const memberImage = (as: string, files: Part[], fields: Record<string, string> = {}) => {
  const body = multipart(fields, files);
  return client.send({
    method: 'POST',
    url: '/wps/contact/chat/images',
    moduleId: 'COMM3',
    token: tokens[as],
    payload: body.payload,
    headers: body.headers,
  });
};
const visitorImage = (key: string, files: Part[], fields: Record<string, string> = {}) => {
  const body = multipart({ key, ...fields }, files);
  return client.send({
    method: 'POST',
    url: '/wps/contact/chat/visitor/images',
    moduleId: 'COMM3',
    payload: body.payload,
    headers: body.headers,
  });
};
const deskImage = (id: string, files: Part[], fields: Record<string, string> = {}, as = 'support') => {
  const body = multipart(fields, files);
  return t.request({
    method: 'POST',
    url: `/api/admin/merchants/demo/chats/${id}/images`,
    headers: { authorization: desk[as] ?? '', ...body.headers },
    payload: body.payload,
  });
};
const memberFile = (as: string, attachmentId: string) =>
  client.send({
    method: 'GET',
    url: `/wps/contact/chat/attachments/${attachmentId}`,
    moduleId: 'COMM3',
    token: tokens[as],
  });
const deskFile = (id: string, attachmentId: string, as = 'support', merchant = 'demo') =>
  t.request({
    method: 'GET',
    url: `/api/admin/merchants/${merchant}/chats/${id}/attachments/${attachmentId}`,
    headers: { authorization: desk[as] ?? '' },
  });
const deskCall = (method: 'GET' | 'POST', path: string, payload?: object, as = 'support') =>
  t.request({
    method,
    url: `/api/admin/merchants/demo/chats${path}`,
    headers: { authorization: desk[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
/** Every chat message and picture stored: a refused send changes neither. */
const stored = async () => {
  const { rows } = await t.database.pool.query<{ messages: number; pictures: number; conversations: number }>(
    `SELECT (SELECT count(*)::int FROM contact_chat_messages) AS messages,
            (SELECT count(*)::int FROM contact_chat_attachments) AS pictures,
            (SELECT count(*)::int FROM contact_conversations) AS conversations`,
  );
  return rows[0];
};

/** A PNG with a text chunk and bytes appended after its end: neither may survive the re-encoding. */
const pngWithPayload = (): Buffer => {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(90);
  return Buffer.concat([PNG.sync.write(png), Buffer.from('<script>alert(1)</script>')]);
};

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  Object.assign(
    tokens,
    (
      await client.signInMembers([
        'sender',
        'neighbour',
        'badinput',
        'retrier',
        'flooder',
        'quiet',
        ...Array.from({ length: 7 }, (_, at) => `bad${at}`),
      ])
    ).tokens,
  );
  await merchantLikeDemo(t, 'other');
  desk = await signInOperators(t, [{ name: 'otherowner', role: 'owner', merchantCode: 'other' }]);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});

afterAll(async () => {
  await t.close();
});

describe('chat pictures (decision 0124)', () => {
  let conversationId: string;
  let memberPictureId: string;

  it('stores a member’s picture re-encoded, pushes it to the desk, and serves it to the member and the desk only', async () => {
    const deskSocket = new WebSocket(`${url}/wps/realtime?merchant=demo`);
    const frames: RealtimeServerMessage[] = [];
    deskSocket.on('message', (data) => frames.push(JSON.parse(String(data)) as RealtimeServerMessage));
    await new Promise((resolve) => deskSocket.once('open', resolve));
    deskSocket.send(JSON.stringify({ op: 'operator', token: desk.support }));
    for (let n = 0; n < 100 && !frames.some((m) => m.op === 'ready'); n += 1)
      await new Promise((r) => setTimeout(r, 50));

    const original = pngWithPayload();
    const sent = (await memberImage('sender', [picture(original)], { body: 'My receipt' })).json();
    expect(sent.success, JSON.stringify(sent)).toBe(true);
    conversationId = sent.value.conversation.id;
    const [message] = sent.value.messages;
    expect(message).toMatchObject({
      seq: 1,
      author: 'member',
      body: 'My receipt',
      attachment: { contentType: 'image/png', width: 4, height: 4 },
    });
    memberPictureId = message.attachment.id;

    // Live on the desk's stream, the same message with its picture.
    for (let n = 0; n < 100 && !frames.some((m) => m.op === 'event' && m.type === 'contact.chat.message'); n += 1) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const pushed = frames.find((m) => m.op === 'event' && m.type === 'contact.chat.message');
    expect(pushed).toMatchObject({ data: { conversationId, message } });
    deskSocket.close();

    const own = await memberFile('sender', memberPictureId);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-disposition']).toBe(`inline; filename="${memberPictureId}.png"`);
    expect(own.headers['cache-control']).toMatch(/^private/);
    // Re-encoded: a valid PNG of the same pixels, with nothing appended kept.
    expect(own.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(PNG.sync.read(own.rawPayload).width).toBe(4);

    const onDesk = await deskFile(conversationId, memberPictureId);
    expect(onDesk.statusCode).toBe(200);
    expect(onDesk.rawPayload.equals(own.rawPayload)).toBe(true);
    // The thread carries the picture for both sides.
    expect((await deskCall('GET', `/${conversationId}`)).json().value.messages[0].attachment.id).toBe(memberPictureId);
  });

  it('answers not_found to another member, another conversation, another merchant’s operator; forbidden without the permission', async () => {
    expect((await memberFile('neighbour', memberPictureId)).json().errorCode).toBe('not_found');
    expect((await memberFile('sender', randomUUID())).json().errorCode).toBe('not_found');
    const elsewhere = (
      await client.send({
        method: 'POST',
        url: '/wps/contact/chat/messages',
        moduleId: 'COMM3',
        token: tokens.neighbour,
        payload: { body: 'Hello' },
      })
    ).json().value.conversation.id as string;
    expect((await deskFile(elsewhere, memberPictureId)).json().errorCode).toBe('not_found');
    expect((await deskFile(conversationId, memberPictureId, 'otherowner', 'other')).json().errorCode).toBe('not_found');
    expect((await deskFile(conversationId, memberPictureId, 'otherowner')).json().errorCode).toBe('not_found');
    expect((await deskFile(conversationId, memberPictureId, 'finance')).json().errorCode).toBe('forbidden');
    // A visitor's key that holds no conversation with it, too.
    const visitor = await client.send({
      method: 'POST',
      url: `/wps/contact/chat/visitor/attachments/${memberPictureId}`,
      moduleId: 'COMM3',
      payload: { key: randomBytes(32).toString('base64url') },
    });
    expect(visitor.json().errorCode).toBe('not_found');
  });

  it('lets the desk answer with a picture, which the member reads; a resolved conversation answers chat_closed', async () => {
    const answered = (await deskImage(conversationId, [picture(jpegBytes(), 'answer.jpg', 'image/jpeg')])).json();
    expect(answered.success, JSON.stringify(answered)).toBe(true);
    const [reply] = answered.value.messages;
    expect(reply).toMatchObject({ seq: 2, author: 'operator', body: '', attachment: { contentType: 'image/jpeg' } });
    const read = await memberFile('sender', reply.attachment.id);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['content-disposition']).toBe(`inline; filename="${reply.attachment.id}.jpg"`);
    expect(read.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect((await memberFile('neighbour', reply.attachment.id)).json().errorCode).toBe('not_found');

    // Another operator holds it now: refused, nothing stored.
    const before = await stored();
    expect((await deskImage(conversationId, [picture(pngBytes())], {}, 'owner')).json().errorCode).toBe(
      'order_state_invalid',
    );
    expect((await deskImage(randomUUID(), [picture(pngBytes())])).json().errorCode).toBe('not_found');
    expect((await deskCall('POST', `/${conversationId}/resolve`)).json().value.status).toBe('resolved');
    expect((await deskImage(conversationId, [picture(pngBytes())])).json().errorCode).toBe('chat_closed');
    expect(await stored()).toEqual(before);
    // The pictures stay readable in the history.
    expect((await memberFile('sender', memberPictureId)).statusCode).toBe(200);
  });

  it('refuses every bad file with its own code and stores nothing', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 1)]);
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const tooLarge = Buffer.concat([pngBytes(), Buffer.alloc(CHAT_ATTACHMENT_UPLOAD.maxBytes + 1)]).subarray(
      0,
      CHAT_ATTACHMENT_UPLOAD.maxBytes + 1,
    );
    const cases: [string, Part[], string][] = [
      ['not a picture', [picture(Buffer.from('just some text, not an image'), 'a.png')], 'image_invalid'],
      ['a png cut short', [picture(pngBytes().subarray(0, 40))], 'image_invalid'],
      ['5 MB and one byte', [picture(tooLarge)], 'image_too_large'],
      ['empty', [picture(Buffer.alloc(0))], 'image_empty'],
      ['a gif', [picture(gif, 'a.gif', 'image/gif')], 'image_type_not_allowed'],
      ['an svg', [picture(svg, 'a.svg', 'image/svg+xml')], 'image_type_not_allowed'],
      ['two files', [picture(pngBytes()), picture(pngBytes())], 'upload_too_many'],
    ];
    const before = await stored();
    // One member a case: each refused picture still counts against the picture limit.
    for (const [at, [what, files, code]] of cases.entries()) {
      const answer = (await memberImage(`bad${at}`, files)).json();
      expect(answer.errorCode, what).toBe(code);
    }
    const none = (await memberImage('badinput', [])).json();
    expect(none.errorCode).toBe('validation_failed');
    expect(none.fieldErrors).toMatchObject([{ path: 'image', code: 'field_required' }]);
    const wrongField = multipart({}, [{ ...picture(pngBytes()), name: 'proofs' }]);
    const other = await client.send({
      method: 'POST',
      url: '/wps/contact/chat/images',
      moduleId: 'COMM3',
      token: tokens.neighbour,
      payload: wrongField.payload,
      headers: wrongField.headers,
    });
    expect(other.json().errorCode).toBe('validation_failed');
    const longText = (
      await memberImage('neighbour', [picture(pngBytes())], { body: 'x'.repeat(CHAT_LIMITS.messageMax + 1) })
    ).json();
    expect(longText.errorCode).toBe('validation_failed');
    expect(await stored()).toEqual(before);
  });

  it('answers a retry with the message first stored; the same id with another picture is idempotency_conflict', async () => {
    const clientMessageId = randomUUID();
    const first = (await memberImage('retrier', [picture(pngBytes())], { body: 'twice?', clientMessageId })).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    const before = await stored();
    const again = (await memberImage('retrier', [picture(pngBytes())], { body: 'twice?', clientMessageId })).json();
    expect(again.value.messages).toEqual(first.value.messages);
    // Racing retries store nothing more either.
    const raced = await Promise.all(
      Array.from({ length: 2 }, () =>
        memberImage('retrier', [picture(pngBytes())], { body: 'twice?', clientMessageId }),
      ),
    );
    for (const answer of raced) expect(answer.json().value.messages).toEqual(first.value.messages);
    const otherPicture = (
      await memberImage('retrier', [picture(jpegBytes(), 'b.jpg', 'image/jpeg')], {
        body: 'twice?',
        clientMessageId,
      })
    ).json();
    expect(otherPicture.errorCode).toBe('idempotency_conflict');
    // A text send under the picture's id is a conflict too.
    const asText = (
      await client.send({
        method: 'POST',
        url: '/wps/contact/chat/messages',
        moduleId: 'COMM3',
        token: tokens.retrier,
        payload: { body: 'twice?', clientMessageId },
      })
    ).json();
    expect(asText.errorCode).toBe('idempotency_conflict');
    expect(await stored()).toEqual(before);
  });

  it('limits pictures per member a minute (too_many_requests), storing nothing past it', async () => {
    for (let n = 0; n < CHAT_LIMITS.attachmentsPerMinute; n += 1) {
      expect((await memberImage('flooder', [picture(pngBytes())])).json().success).toBe(true);
    }
    const before = await stored();
    expect((await memberImage('flooder', [picture(pngBytes())])).json().errorCode).toBe('too_many_requests');
    expect(await stored()).toEqual(before);
    // Text still goes (its own limit), so a member is not cut off by a picture flood.
    const text = await client.send({
      method: 'POST',
      url: '/wps/contact/chat/messages',
      moduleId: 'COMM3',
      token: tokens.flooder,
      payload: { body: 'Just text' },
    });
    expect(text.json().success).toBe(true);
  });

  it('takes a visitor’s picture and serves it by the key in the body only', async () => {
    const key = randomBytes(32).toString('base64url');
    const sent = (
      await visitorImage(key, [picture(jpegBytes(), 'v.jpg', 'image/jpeg')], { body: 'from a visitor' })
    ).json();
    expect(sent.success, JSON.stringify(sent)).toBe(true);
    const attachmentId = sent.value.messages[0].attachment.id as string;
    const fetchAs = (visitorKey: string) =>
      client.send({
        method: 'POST',
        url: `/wps/contact/chat/visitor/attachments/${attachmentId}`,
        moduleId: 'COMM3',
        payload: { key: visitorKey },
      });
    const own = await fetchAs(key);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect((await fetchAs(randomBytes(32).toString('base64url'))).json().errorCode).toBe('not_found');
    expect((await memberFile('quiet', attachmentId)).json().errorCode).toBe('not_found');
    const before = await stored();
    expect((await visitorImage(key, [picture(Buffer.alloc(0))])).json().errorCode).toBe('image_empty');
    expect(await stored()).toEqual(before);
  });
});
