import { CHAT_ROOM_LIMITS, type RealtimeServerMessage } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { openRealtimeSocket } from '../../../test/realtime-socket';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import type { JobContext } from '../../platform/jobs';
import { chatRoomsModule } from './index';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ops: Record<string, string>;
let url: string;
let tokens: Record<string, string>;
let ids: Record<string, string>;
let sisterToken: string;
let sisterMemberId: string;

/** A socket that keeps every frame; `until` waits for one that matches. */
const socket = async (auth: { op: 'auth' | 'operator'; token: string }, host = 'demo') => {
  const opened = await openRealtimeSocket(url, host);
  opened.send(auth);
  await opened.until((m) => m.op === 'ready');
  return opened;
};
const eventsOf = (frames: RealtimeServerMessage[], type: string) =>
  frames.flatMap((m) => (m.op === 'event' && m.type === type ? [m.data as Record<string, unknown>] : []));

const site = (method: 'GET' | 'POST', path: string, token: string | undefined, payload?: object, host?: string) =>
  client.send({
    method,
    url: path,
    moduleId: 'CBS3',
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
    ...(host ? { headers: { host } } : {}),
  });
const send = (as: string, roomId: string, body: string) =>
  site('POST', '/wps/chat-rooms/messages', tokens[as], { roomId, body });
const view = (as: string, roomId: string, afterSeq?: number) =>
  site(
    'GET',
    `/wps/chat-rooms/room?roomId=${roomId}${afterSeq === undefined ? '' : `&afterSeq=${afterSeq}`}`,
    tokens[as],
  );
const admin = (method: 'GET' | 'POST' | 'PUT', path: string, as = 'owner', payload?: object, code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}/chat-rooms${path}`,
    headers: { authorization: ops[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
const count = async (table: string) =>
  Number((await t.database.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const created = async (response: Awaited<ReturnType<typeof admin>>) => {
  const body = response.json();
  if (!body.success) throw new Error(response.body);
  return body.value as { id: string };
};
/** Moves the member's messages back in time, as if `seconds` had passed (no waiting in tests). */
const age = (roomId: string, seconds: number) =>
  t.database.pool.query(
    `UPDATE chat_room_messages SET created_at = created_at - make_interval(secs => $2) WHERE room_id = $1`,
    [roomId, seconds],
  );

/** The module's own `chat_rooms_retention` job, run once as the jobs runner would (its `once` on a transaction). */
const runRetentionJob = async () => {
  const job = chatRoomsModule
    .jobs?.(t.services.chatRooms, { services: t.services } as never)
    .find((definition) => definition.name === 'chat_rooms_retention');
  if (!job) throw new Error('no chat_rooms_retention job');
  const context: JobContext = {
    name: job.name,
    periodKey: new Date().toISOString(),
    once: async (effect) => ({ ran: true, value: await inTransaction(t.database.pool, effect) }),
  };
  await job.run(context);
};
const seqsOf = (entries: { seq: number }[]) => entries.map((entry) => entry.seq);
const auditOf = async (action: string) =>
  (
    await t.database.pool.query<{ target: string; details: Record<string, unknown> }>(
      'SELECT target, details FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    )
  ).rows;

let hostId: string;
let lobby: string;
let slow: string;
let sisterRoom: string;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  ({ tokens, ids } = await client.signInMembers(['talker', 'reader', 'flooder', 'muted', 'keeper']));
  await merchantLikeDemo(t, 'sister');
  ops = await signInOperators(t, [{ name: 'demosupport', role: 'support', merchantCode: 'demo' }]);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');

  hostId = (await created(await admin('POST', '/hosts', 'owner', { name: 'Luna', avatarUrl: '', enabled: true }))).id;
  lobby = (
    await created(await admin('POST', '/rooms', 'owner', { name: 'Lobby', hostId, slowModeSeconds: 0, open: true }))
  ).id;
  slow = (
    await created(await admin('POST', '/rooms', 'owner', { name: 'Slow', hostId, slowModeSeconds: 30, open: true }))
  ).id;
  const sisterHost = await created(
    await admin('POST', '/hosts', 'owner', { name: 'Sol', avatarUrl: '', enabled: true }, 'sister'),
  );
  sisterRoom = (
    await created(
      await admin(
        'POST',
        '/rooms',
        'owner',
        { name: 'Sister', hostId: sisterHost.id, slowModeSeconds: 0, open: true },
        'sister',
      ),
    )
  ).id;
  const sister = await t.services.members.create({
    merchantCode: 'sister',
    username: 'sistermember',
    account: 'sistermember',
    nickname: 'sistermember',
    passwordHash: (await t.database.pool.query(`SELECT password_hash FROM members WHERE id = $1`, [ids.talker])).rows[0]
      .password_hash,
  });
  if (!('row' in sister)) throw new Error('sister member not created');
  sisterMemberId = sister.row.id;
  sisterToken = (
    await client.sealed(
      'POST',
      '/wps/session/login',
      { username: 'sistermember', password: 'Secret123', botCheck: await client.botCheck() },
      { moduleId: 'COMM3', headers: { host: 'sister.test' } },
    )
  ).json().value.token as string;
});

afterAll(async () => {
  await t.close();
});

describe('chat rooms', () => {
  it('lists hosts and rooms to visitors, and answers a room page as chatUrl to members', async () => {
    const list = (await site('GET', '/wps/relay/CBS_modelList', undefined)).json();
    expect(list.value.list).toMatchObject([
      { id: hostId, name: 'Luna', avatarUrl: null, rooms: [{ name: 'Lobby' }, { name: 'Slow', slowModeSeconds: 30 }] },
    ]);
    expect((await site('GET', `/wps/relay/CBS_launchChat?roomId=${lobby}`, undefined)).json().errorCode).toBe(
      'login.not.session',
    );
    const launched = (await site('GET', `/wps/relay/CBS_launchChat?roomId=${lobby}`, tokens.talker)).json();
    expect(launched.value).toEqual({ chatUrl: `/chat-rooms/${lobby}` });
  });

  it('numbers messages per room, pushes them live, and resumes from a number without loss or repeats', async () => {
    const reader = await socket({ op: 'auth', token: tokens.reader ?? '' });
    reader.send({ op: 'subscribe', topic: `chatroom:${lobby}` });
    await reader.until((m) => m.op === 'subscribed');
    const desk = await socket({ op: 'operator', token: ops.support ?? '' });

    for (const body of ['one', 'two', 'three']) {
      const answer = (await send('talker', lobby, body)).json();
      expect(answer.success, JSON.stringify(answer)).toBe(true);
    }
    await reader.until(() => eventsOf(reader.frames, 'chatRooms.entry').length === 3);
    expect(eventsOf(reader.frames, 'chatRooms.entry').map((e) => (e.entry as { seq: number }).seq)).toEqual([1, 2, 3]);
    await desk.until(() => eventsOf(desk.frames, 'chatRooms.entry').length === 3);

    // The reader drops off; two more arrive; it reads on from the last number it holds.
    reader.ws.close();
    await send('talker', lobby, 'four');
    await send('reader', lobby, 'five');
    const resumed = (await view('reader', lobby, 3)).json().value;
    expect(resumed.lastSeq).toBe(5);
    expect(resumed.entries.map((e: { seq: number; body: string; mine: boolean }) => [e.seq, e.body, e.mine])).toEqual([
      [4, 'four', false],
      [5, 'five', true],
    ]);
    expect((await view('reader', lobby, 5)).json().value.entries).toEqual([]);
    // Without a number: the latest entries, oldest first.
    const page = (await view('talker', lobby)).json().value;
    expect(page.entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(page.me).toEqual({ muted: false, mutedUntil: null, muteReason: null, slowModeLeftSeconds: 0 });
    desk.ws.close();
  });

  it('refuses a message over the length limit, or empty, and stores nothing', async () => {
    const before = await count('chat_room_messages');
    const long = (await send('talker', lobby, 'x'.repeat(CHAT_ROOM_LIMITS.messageMax + 1))).json();
    expect(long).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(long.fieldErrors).toMatchObject([{ path: 'body', code: 'field_too_long' }]);
    expect((await send('talker', lobby, '   ')).json().errorCode).toBe('validation_failed');
    expect((await send('talker', 'not-a-room', 'hi')).json().errorCode).toBe('validation_failed');
    expect(await count('chat_room_messages')).toBe(before);
    expect((await send('talker', lobby, 'x'.repeat(CHAT_ROOM_LIMITS.messageMax))).json().success).toBe(true);
  });

  it("keeps a room's slow mode between a member's messages, with the time left", async () => {
    expect((await send('talker', slow, 'first')).json().success).toBe(true);
    const before = await count('chat_room_messages');
    const refused = await send('talker', slow, 'second');
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body.errorCode).toBe('chat_room_slow_mode');
    expect(body.value.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.value.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(await count('chat_room_messages')).toBe(before);
    expect((await view('talker', slow)).json().value.me.slowModeLeftSeconds).toBeGreaterThan(0);
    // Another member is not held by the talker's message.
    expect((await send('reader', slow, 'hello')).json().success).toBe(true);
    await age(slow, 31);
    expect((await view('talker', slow)).json().value.me.slowModeLeftSeconds).toBe(0);
    expect((await send('talker', slow, 'second')).json().success).toBe(true);
  });

  it('refuses a member who floods, over every room, with a clear code', async () => {
    const answers = [];
    for (let i = 0; i < CHAT_ROOM_LIMITS.perMinute; i += 1)
      answers.push((await send('flooder', lobby, `m${i}`)).json());
    expect(answers.every((a) => a.success)).toBe(true);
    const before = await count('chat_room_messages');
    const refused = (await send('flooder', slow, 'one more')).json();
    expect(refused.errorCode).toBe('too_many_requests');
    expect(refused.value.retryAfterSeconds).toBeGreaterThan(0);
    expect(await count('chat_room_messages')).toBe(before);
  });

  it('removes a message: everyone in the room sees it go, and a reader resuming sees the removal', async () => {
    const reader = await socket({ op: 'auth', token: tokens.reader ?? '' });
    reader.send({ op: 'subscribe', topic: `chatroom:${lobby}` });
    await reader.until((m) => m.op === 'subscribed');
    const target = (await send('talker', lobby, 'rude words')).json().value;
    const lastBefore = target.seq as number;

    // Moderating needs the permission: finance may not; content may not remove.
    expect((await admin('POST', `/rooms/${lobby}/remove`, 'finance', { seq: target.seq })).json().errorCode).toBe(
      'forbidden',
    );
    const removed = (await admin('POST', `/rooms/${lobby}/remove`, 'support', { seq: target.seq })).json();
    expect(removed.value).toMatchObject({ kind: 'removal', removedSeq: target.seq, seq: lastBefore + 1 });
    await reader.until(() =>
      eventsOf(reader.frames, 'chatRooms.entry').some((e) => (e.entry as { kind: string }).kind === 'removal'),
    );
    reader.ws.close();

    const resumed = (await view('reader', lobby, lastBefore - 1)).json().value.entries;
    expect(resumed).toMatchObject([
      { seq: lastBefore, kind: 'message', removed: true, body: '' },
      { seq: lastBefore + 1, kind: 'removal', removedSeq: lastBefore },
    ]);
    // The back office keeps the text; a second removal, or removing a removal, is not_found.
    const log = (await admin('GET', `/rooms/${lobby}/entries?afterSeq=${lastBefore - 1}`, 'support')).json().value;
    expect(log.list[0]).toMatchObject({ body: 'rude words', removed: true, removedBy: 'supportop' });
    expect((await admin('POST', `/rooms/${lobby}/remove`, 'support', { seq: target.seq })).json().errorCode).toBe(
      'not_found',
    );
    expect((await admin('POST', `/rooms/${lobby}/remove`, 'support', { seq: lastBefore + 1 })).json().errorCode).toBe(
      'not_found',
    );
    const audit = await t.database.pool.query(
      `SELECT operator_username FROM audit_log WHERE action = 'chat_rooms.message_remove'`,
    );
    expect(audit.rows).toEqual([{ operator_username: 'supportop' }]);
  });

  it('mutes a member (live, with reason and end), refuses its messages, and lifts the mute', async () => {
    const mutedSocket = await socket({ op: 'auth', token: tokens.muted ?? '' });
    const muted = (
      await admin('POST', '/mutes', 'support', { memberId: ids.muted, minutes: 10, reason: 'Spam links' })
    ).json();
    expect(muted.value).toMatchObject({ username: 'muted', reason: 'Spam links', mutedBy: 'supportop' });
    const pushed = await mutedSocket.until((m) => m.op === 'event' && m.type === 'chatRooms.mute');
    expect(pushed).toMatchObject({ data: { muted: true, muteReason: 'Spam links' } });

    const before = await count('chat_room_messages');
    const refused = await send('muted', lobby, 'let me talk');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'chat_room_muted', value: { muteReason: 'Spam links' } });
    expect(await count('chat_room_messages')).toBe(before);
    expect((await view('muted', lobby)).json().value.me).toMatchObject({ muted: true, muteReason: 'Spam links' });
    expect((await admin('GET', '/mutes', 'support')).json().value.list).toMatchObject([{ memberId: ids.muted }]);

    // A mute that has run out holds no longer.
    await t.database.pool.query(`UPDATE chat_room_mutes SET muted_until = now() - interval '1 second'`);
    expect((await send('muted', lobby, 'back')).json().success).toBe(true);

    await admin('POST', '/mutes', 'support', { memberId: ids.muted, reason: '' });
    expect((await send('muted', lobby, 'again?')).json().errorCode).toBe('chat_room_muted');
    expect((await admin('POST', `/mutes/${ids.muted}/lift`, 'support')).json().success).toBe(true);
    await mutedSocket.until(() => eventsOf(mutedSocket.frames, 'chatRooms.mute').some((e) => e.muted === false));
    expect((await send('muted', lobby, 'free')).json().success).toBe(true);
    expect((await admin('POST', `/mutes/${ids.muted}/lift`, 'support')).json().errorCode).toBe('not_found');
    mutedSocket.ws.close();
  });

  it("keeps merchants apart: members and operators of one cannot reach the other's rooms", async () => {
    const before = await count('chat_room_messages');
    // A demo member on the demo site cannot see or post in the sister merchant's room.
    expect((await view('talker', sisterRoom)).json().errorCode).toBe('not_found');
    expect((await send('talker', sisterRoom, 'hello sister')).json().errorCode).toBe('not_found');
    expect((await site('GET', `/wps/relay/CBS_launchChat?roomId=${sisterRoom}`, tokens.talker)).json().errorCode).toBe(
      'not_found',
    );
    // The sister member on its own site cannot reach the demo merchant's room.
    expect(
      (await site('GET', `/wps/chat-rooms/room?roomId=${lobby}`, sisterToken, undefined, 'sister.test')).json()
        .errorCode,
    ).toBe('not_found');
    expect(
      (await site('POST', '/wps/chat-rooms/messages', sisterToken, { roomId: lobby, body: 'hi' }, 'sister.test')).json()
        .errorCode,
    ).toBe('not_found');
    const ownRoom = (
      await site('POST', '/wps/chat-rooms/messages', sisterToken, { roomId: sisterRoom, body: 'hi' }, 'sister.test')
    ).json();
    expect(ownRoom.success).toBe(true);
    expect(await count('chat_room_messages')).toBe(before + 1);

    // A demo-scoped operator cannot moderate the sister merchant's room, by its path or by the room's id.
    expect(
      (await admin('POST', `/rooms/${sisterRoom}/remove`, 'demosupport', { seq: 1 }, 'sister')).json().errorCode,
    ).toBe('not_found');
    expect((await admin('POST', `/rooms/${sisterRoom}/remove`, 'demosupport', { seq: 1 })).json().errorCode).toBe(
      'not_found',
    );
    expect((await admin('GET', `/rooms/${sisterRoom}/entries`, 'demosupport')).json().errorCode).toBe('not_found');
    expect((await admin('POST', '/mutes', 'demosupport', { memberId: sisterMemberId })).json().errorCode).toBe(
      'not_found',
    );
    // A room may not be hung on another merchant's host.
    const sisterHostId = (await admin('GET', '/hosts', 'owner', undefined, 'sister')).json().value.list[0].id;
    const foreign = (
      await admin('POST', '/rooms', 'owner', { name: 'X', hostId: sisterHostId, slowModeSeconds: 0, open: true })
    ).json();
    expect(foreign.fieldErrors).toMatchObject([{ path: 'hostId', code: 'field_invalid' }]);
    expect(await count('chat_room_messages')).toBe(before + 1);
    expect(
      (
        await t.database.pool.query(`SELECT count(*)::int AS n FROM chat_room_mutes WHERE member_id = $1`, [
          sisterMemberId,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('hides a closed room from the list and refuses posts to it', async () => {
    const closed = (
      await admin('PUT', `/rooms/${slow}`, 'owner', { name: 'Slow', hostId, slowModeSeconds: 30, open: false })
    ).json();
    expect(closed.value).toMatchObject({ open: false });
    const list = (await site('GET', '/wps/relay/CBS_modelList', undefined)).json().value.list;
    expect(list[0].rooms.map((room: { name: string }) => room.name)).toEqual(['Lobby']);
    await age(slow, 60);
    expect((await send('reader', slow, 'anyone?')).json().errorCode).toBe('not_found');
    // Support may moderate but not manage rooms.
    expect(
      (await admin('PUT', `/rooms/${slow}`, 'support', { name: 'Slow', hostId, slowModeSeconds: 0, open: true })).json()
        .errorCode,
    ).toBe('forbidden');
  });

  it("edits a host's details: per-field errors change nothing, a change is audited and reaches the list", async () => {
    const before = (await admin('GET', '/hosts')).json().value.list[0];
    const bad = (
      await admin('PUT', `/hosts/${hostId}`, 'owner', { name: '', avatarUrl: 'http://plain.test/a.png', enabled: true })
    ).json();
    expect(bad.errorCode).toBe('validation_failed');
    expect(bad.fieldErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', code: 'not_empty' }),
        expect.objectContaining({ path: 'avatarUrl', code: 'field_invalid' }),
      ]),
    );
    expect(
      (await admin('PUT', `/hosts/${hostId}`, 'support', { name: 'Nope', avatarUrl: '', enabled: true })).json()
        .errorCode,
    ).toBe('forbidden');
    // Another merchant's host, by the demo path: not_found.
    const sisterHostId = (await admin('GET', '/hosts', 'owner', undefined, 'sister')).json().value.list[0].id;
    expect(
      (await admin('PUT', `/hosts/${sisterHostId}`, 'demosupport', { name: 'X', avatarUrl: '', enabled: true })).json()
        .errorCode,
    ).toBe('forbidden');
    expect(
      (await admin('PUT', `/hosts/${sisterHostId}`, 'owner', { name: 'X', avatarUrl: '', enabled: true })).json()
        .errorCode,
    ).toBe('not_found');
    expect((await admin('GET', '/hosts')).json().value.list[0]).toEqual(before);

    const edited = (
      await admin('PUT', `/hosts/${hostId}`, 'owner', {
        name: 'Luna Star',
        avatarUrl: 'https://cdn.test/luna.png',
        enabled: true,
      })
    ).json();
    expect(edited.value).toMatchObject({ id: hostId, name: 'Luna Star', avatarUrl: 'https://cdn.test/luna.png' });
    const list = (await site('GET', '/wps/relay/CBS_modelList', undefined)).json().value.list;
    expect(list[0]).toMatchObject({ id: hostId, name: 'Luna Star', avatarUrl: 'https://cdn.test/luna.png' });
    expect((await auditOf('chat_rooms.host_update')).at(-1)).toMatchObject({
      target: `chat-host:${hostId}`,
      details: { name: 'Luna Star', avatarUrl: 'https://cdn.test/luna.png' },
    });
  });

  it("edits a room's details with per-field errors, and audits the change", async () => {
    const room = (await admin('GET', '/rooms')).json().value.list.find((r: { id: string }) => r.id === lobby);
    expect(room).toMatchObject({ name: 'Lobby', messageRetentionDays: null });
    const input = { name: 'Lobby', hostId, slowModeSeconds: 0, open: true };
    for (const [value, code] of [
      [0, 'field_too_small'],
      [CHAT_ROOM_LIMITS.retentionMaxDays + 1, 'field_too_large'],
      ['soon', 'field_invalid'],
    ] as const) {
      const refused = (
        await admin('PUT', `/rooms/${lobby}`, 'owner', { ...input, messageRetentionDays: value })
      ).json();
      expect(refused.fieldErrors).toMatchObject([{ path: 'messageRetentionDays', code }]);
    }
    const slowTooLarge = (
      await admin('PUT', `/rooms/${lobby}`, 'owner', { ...input, name: '', slowModeSeconds: 4000 })
    ).json();
    expect(slowTooLarge.fieldErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', code: 'not_empty' }),
        expect.objectContaining({ path: 'slowModeSeconds', code: 'field_too_large' }),
      ]),
    );
    expect((await admin('GET', '/rooms')).json().value.list.find((r: { id: string }) => r.id === lobby)).toEqual(room);

    const edited = (
      await admin('PUT', `/rooms/${lobby}`, 'owner', { ...input, name: 'Main lobby', slowModeSeconds: 5 })
    ).json();
    expect(edited.value).toMatchObject({ name: 'Main lobby', slowModeSeconds: 5, messageRetentionDays: null });
    expect((await auditOf('chat_rooms.room_update')).at(-1)).toMatchObject({
      target: `chat-room:${lobby}`,
      details: { name: 'Main lobby', slowModeSeconds: 5, messageRetentionDays: null },
    });
  });

  it("deletes entries past a room's retention by its job, keeps recent ones, and resumes from any number", async () => {
    const short = (
      await created(
        await admin('POST', '/rooms', 'owner', {
          name: 'Short',
          hostId,
          slowModeSeconds: 0,
          open: true,
          messageRetentionDays: 7,
        }),
      )
    ).id;
    for (const body of ['a', 'b', 'c']) expect((await send('keeper', short, body)).json().success).toBe(true);
    // Eight days pass for the room's first three messages, and for every entry of the lobby (kept for good).
    await age(short, 8 * 86_400);
    await age(lobby, 8 * 86_400);
    const lobbyBefore = (await view('reader', lobby, 0)).json().value;
    for (const body of ['d', 'e']) expect((await send('keeper', short, body)).json().success).toBe(true);
    // A recent removal of an old message (3): the removal is recent, so it stays when the message goes.
    expect((await admin('POST', `/rooms/${short}/remove`, 'support', { seq: 3 })).json().value.seq).toBe(6);

    await runRetentionJob();

    const latest = (await view('reader', short)).json().value;
    expect(latest.lastSeq).toBe(6);
    expect(latest.entries.map((e: { seq: number; kind: string; body: string }) => [e.seq, e.kind, e.body])).toEqual([
      [4, 'message', 'd'],
      [5, 'message', 'e'],
      [6, 'removal', ''],
    ]);
    // A client that held 1-2 reads on from 2: what is still kept after it, each once, in order; one up to date reads
    // nothing; one holding 5 gets the removal.
    expect(seqsOf((await view('reader', short, 2)).json().value.entries)).toEqual([4, 5, 6]);
    expect(seqsOf((await view('reader', short, 5)).json().value.entries)).toEqual([6]);
    expect((await view('reader', short, 6)).json().value.entries).toEqual([]);
    // Numbers go on from the room's last one: nothing a client holds is given again.
    expect((await send('keeper', short, 'f')).json().value.seq).toBe(7);
    expect(seqsOf((await admin('GET', `/rooms/${short}/entries?afterSeq=0`, 'support')).json().value.list)).toEqual([
      4, 5, 6, 7,
    ]);
    // The lobby keeps everything however old.
    expect((await view('reader', lobby, 0)).json().value).toEqual(lobbyBefore);

    // Keeping for good again: the next run deletes nothing more.
    await age(short, 30 * 86_400);
    const kept = (
      await admin('PUT', `/rooms/${short}`, 'owner', {
        name: 'Short',
        hostId,
        slowModeSeconds: 0,
        open: true,
        messageRetentionDays: null,
      })
    ).json();
    expect(kept.value.messageRetentionDays).toBeNull();
    await runRetentionJob();
    expect(seqsOf((await view('reader', short, 0)).json().value.entries)).toEqual([4, 5, 6, 7]);
  });
});
