import { FEEDBACK_LIMITS } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart, pngBytes, type UploadPart } from '../../../test/uploads';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: Record<string, string>;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const image = (bytes: Buffer, filename = 'a.png', type = 'image/png'): UploadPart => ({
  name: 'images',
  filename,
  type,
  bytes,
});
const submit = (fields: Record<string, string>, files: UploadPart[] = [], as = 'writer') => {
  const body = multipart(fields, files);
  return client.send({
    method: 'PUT',
    url: '/wps/feedback',
    moduleId: 'FEEDBACK3',
    token: tokens[as],
    payload: body.payload,
    headers: body.headers,
  });
};
const list = async (as = 'writer') =>
  (await client.send({ method: 'GET', url: '/wps/feedback', moduleId: 'FEEDBACK3', token: tokens[as] })).json();
const deskCall = (method: 'GET' | 'POST', path: string, as = 'support', payload?: object) =>
  t.request({
    method,
    url: `/api/admin/merchants/demo/feedback${path}`,
    headers: { authorization: desk[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
const countRows = async (table: string) =>
  Number((await t.database.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const text = 'My deposit of 50 has not arrived after an hour.';

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  const signedIn = await client.signInMembers(['writer', 'neighbour', 'flooder']);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  desk = await signInOperators(t);
});

afterAll(async () => {
  await t.close();
});

describe('feedback and complaints', () => {
  let ticketId: string;
  let imageId: string;

  it('files a feedback with images, re-encoded, under a reference, and lists it as the member’s own', async () => {
    const answer = (
      await submit({ type: 'deposit', content: `  ${text}  ` }, [
        image(pngBytes()),
        image(jpegBytes(), 'b.jpg', 'image/jpeg'),
      ])
    ).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    expect(answer.value).toMatchObject({ type: 'deposit', content: text, status: 'open', replies: [] });
    expect(answer.value.reference).toMatch(/^FB\d{6,}$/);
    expect(answer.value.imageIds).toHaveLength(2);
    ticketId = answer.value.id;
    imageId = answer.value.imageIds[1];
    const own = await list();
    expect(own.value.list.map((f: { id: string }) => f.id)).toEqual([ticketId]);
    expect((await list('neighbour')).value.list).toEqual([]);
    const picture = (
      await client.send({
        method: 'GET',
        url: `/wps/feedback/${ticketId}/images/${imageId}`,
        moduleId: 'FEEDBACK3',
        token: tokens.writer,
      })
    ).json();
    expect(picture.value.contentType).toBe('image/jpeg');
  });

  it('answers not_found for another member’s feedback image', async () => {
    const response = await client.send({
      method: 'GET',
      url: `/wps/feedback/${ticketId}/images/${imageId}`,
      moduleId: 'FEEDBACK3',
      token: tokens.neighbour,
    });
    expect(response.json().errorCode).toBe('not_found');
  });

  it('refuses bad input with its code and writes nothing', async () => {
    const before = [await countRows('contact_feedback'), await countRows('contact_feedback_images')];
    const cases: [Record<string, string>, UploadPart[], string][] = [
      [{ type: 'deposit', content: 'short' }, [], 'validation_failed'],
      [{ type: 'deposit', content: 'x'.repeat(FEEDBACK_LIMITS.contentMax + 1) }, [], 'validation_failed'],
      [{ type: 'lottery', content: text }, [], 'validation_failed'],
      [{ content: text }, [], 'validation_failed'],
      [{ type: 'game', content: text }, [image(Buffer.from('GIF89a not an image'))], 'image_invalid'],
      [
        { type: 'game', content: text },
        Array.from({ length: 4 }, (_, i) => image(pngBytes(), `${i}.png`)),
        'upload_too_many',
      ],
      [
        { type: 'game', content: text },
        [image(Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]))],
        'image_too_large',
      ],
      [{ type: 'game', content: text }, [{ ...image(pngBytes()), name: 'proofs' }], 'validation_failed'],
    ];
    for (const [fields, files, code] of cases) {
      const response = await submit(fields, files);
      expect(response.json().errorCode, `${JSON.stringify(fields)} ${files.length}`).toBe(code);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect([await countRows('contact_feedback'), await countRows('contact_feedback_images')]).toEqual(before);
    const visitor = await client.send({ method: 'GET', url: '/wps/feedback', moduleId: 'FEEDBACK3' });
    expect(visitor.json().errorCode).toBe('login.not.session');
  });

  it('limits submissions per member an hour', async () => {
    for (let n = 0; n < FEEDBACK_LIMITS.perHour; n += 1) {
      expect((await submit({ type: 'other', content: `${text} ${n}` }, [], 'flooder')).json().success).toBe(true);
    }
    const refused = await submit({ type: 'other', content: text }, [], 'flooder');
    expect(refused.json().errorCode).toBe('too_many_requests');
    expect((await list('flooder')).value.list).toHaveLength(FEEDBACK_LIMITS.perHour);
  });

  it('shows the desk its queue; support replies, the member reads the reply and gets an inbox message', async () => {
    const queue = (await deskCall('GET', '?status=open')).json();
    expect(queue.success, JSON.stringify(queue)).toBe(true);
    expect(queue.value.list[0]).toMatchObject({ id: ticketId, username: 'writer', status: 'open' });
    const replied = (await deskCall('POST', `/${ticketId}/replies`, 'support', { body: 'We are checking it.' })).json();
    expect(replied.value).toMatchObject({
      status: 'answered',
      replies: [{ body: 'We are checking it.', operator: 'supportop' }],
    });
    const mine = (await list()).value.list[0];
    expect(mine).toMatchObject({ status: 'answered', replies: [{ body: 'We are checking it.' }] });
    expect(JSON.stringify(mine)).not.toContain('supportop');
    const inbox = (
      await client.send({ method: 'GET', url: '/wps/relay/CSP_getInbox', moduleId: 'INBOX3', token: tokens.writer })
    ).json();
    expect(inbox.value.list[0]).toMatchObject({ type: 'feedback_answered', params: { reference: mine.reference } });
    const audit = await t.database.pool.query(
      `SELECT action, operator_username FROM audit_log WHERE target = $1 ORDER BY id`,
      [`feedback:${ticketId}`],
    );
    expect(audit.rows).toEqual([{ action: 'feedback.reply', operator_username: 'supportop' }]);
  });

  it('closes once; a closed ticket takes no reply and nothing is written', async () => {
    expect((await deskCall('POST', `/${ticketId}/close`)).json().value.status).toBe('closed');
    const replies = await countRows('contact_feedback_replies');
    expect((await deskCall('POST', `/${ticketId}/close`)).json().errorCode).toBe('order_state_invalid');
    expect((await deskCall('POST', `/${ticketId}/replies`, 'support', { body: 'late' })).json().errorCode).toBe(
      'order_state_invalid',
    );
    expect(await countRows('contact_feedback_replies')).toBe(replies);
    expect((await deskCall('POST', `/${ticketId}/replies`, 'support', { body: '' })).json().errorCode).toBe(
      'validation_failed',
    );
  });

  it('keeps the desk to its role and the ids to their merchant', async () => {
    expect((await deskCall('GET', '', 'finance')).json().errorCode).toBe('forbidden');
    expect((await deskCall('POST', `/${ticketId}/close`, 'content')).json().errorCode).toBe('forbidden');
    const unknown = await deskCall('POST', '/00000000-0000-4000-8000-000000000000/replies', 'support', { body: 'x' });
    expect(unknown.json().errorCode).toBe('not_found');
  });
});
