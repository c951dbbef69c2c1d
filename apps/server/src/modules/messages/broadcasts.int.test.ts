import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import { hashPassword } from '../../platform/security/password';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: Record<string, string>;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const call = (method: 'GET' | 'POST', as: string, path = '', payload?: object, code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}/messages${path}`,
    headers: { authorization: desk[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
const send = (payload: object, as = 'demodesk') => call('POST', as, '', payload);
const texts = {
  EN: { title: 'Weekend notice', body: 'The cashier closes for maintenance on Sunday at 02:00.' },
  CN: { title: '周末通知', body: '收银台将于周日 02:00 维护。' },
};
const inbox = async (member: string) =>
  (
    await client.send({ method: 'GET', url: '/wps/relay/CSP_getInbox', moduleId: 'INBOX3', token: tokens[member] })
  ).json().value.list as { type: string; params: Record<string, string> }[];
const operatorMessages = async (member: string) =>
  (await inbox(member)).filter((message) => message.type === 'operator_message').map((message) => message.params);
const messageRows = async () =>
  (
    await t.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM member_messages WHERE type = 'operator_message'",
    )
  ).rows[0]?.n ?? 0;
const broadcastRows = async () =>
  (await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM message_broadcasts')).rows[0]?.n ?? 0;

/** A demo member (language, agent upline in the tree, created at a given time), signed in. */
const member = async (
  username: string,
  options: { language?: 'EN' | 'CN'; upline?: string; createdAt?: string } = {},
) => {
  const created = await t.services.members.create({
    merchantCode: 'demo',
    username,
    account: username,
    nickname: username,
    passwordHash: await hashPassword('Secret123'),
    uplineId: options.upline ? (ids[options.upline] ?? null) : null,
    ...(options.language ? { language: options.language } : {}),
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  const id = created.row.id;
  ids[username] = id;
  await inTransaction(t.database.pool, (tx) =>
    t.services.agents.placeRegistered(tx, {
      merchantCode: 'demo',
      memberId: id,
      uplineId: options.upline ? (ids[options.upline] ?? null) : null,
    }),
  );
  if (options.createdAt) {
    await t.database.pool.query('UPDATE members SET created_at = $2 WHERE id = $1', [id, options.createdAt]);
  }
  tokens[username] = await client.login(username, 'Secret123');
};

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  await merchantLikeDemo(t, 'other');
  desk = await signInOperators(t, [
    { name: 'demodesk', role: 'support', merchantCode: 'demo' },
    { name: 'otherdesk', role: 'support', merchantCode: 'other' },
  ]);
  await member('boss');
  await t.database.pool.query('UPDATE members SET type = 1 WHERE id = $1', [ids.boss]);
  await member('alice', { language: 'CN', upline: 'boss', createdAt: '2026-01-10T00:00:00Z' });
  await member('bob', { upline: 'alice', createdAt: '2026-02-10T00:00:00Z' });
  await member('carol', { language: 'EN', createdAt: '2026-03-10T00:00:00Z' });
  await member('resting', { createdAt: '2026-03-11T00:00:00Z' });
  // carol has kept VIP level 2, alice level 1.
  await t.database.pool.query(
    `INSERT INTO member_vip (member_id, merchant_code, rank_level) VALUES ($1, 'demo', 2), ($2, 'demo', 1)`,
    [ids.carol, ids.alice],
  );
  const block = await client.send({
    method: 'POST',
    url: '/wps/responsible-gaming/block',
    moduleId: 'COMM3',
    token: tokens.resting,
    payload: { allMerchants: false, confirm: true, kind: 'break', duration: '24h' },
  });
  expect(block.json().success, block.body).toBe(true);
});

afterAll(async () => {
  await t.close();
});

describe("operators' messages to members", () => {
  it('sends to one named member at once, in the member’s language, pushes the unread count and audits it', async () => {
    const publish = vi.spyOn(t.services.realtime, 'publishToMember');
    const answer = (await send({ audience: { kind: 'member', username: 'Alice' }, texts, sendAt: null })).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    expect(answer.value).toMatchObject({ status: 'sent', recipients: 1, createdBy: 'demodeskop' });
    expect(await operatorMessages('alice')).toEqual([texts.CN]);
    expect(await operatorMessages('bob')).toEqual([]);
    await vi.waitFor(() => expect(publish).toHaveBeenCalledWith('demo', ids.alice, 'messages.unread', { unread: 1 }));
    publish.mockRestore();
    const audit = await t.database.pool.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1', [
      `broadcast:${answer.value.id}`,
    ]);
    expect(audit.rows.map((row) => row.action)).toEqual(['messages.broadcast_create']);
  });

  it('reaches a single named member on a break (a service message), but leaves such members out of any group', async () => {
    expect(
      (await send({ audience: { kind: 'member', username: 'resting' }, texts, sendAt: null })).json().value,
    ).toMatchObject({ recipients: 1 });
    const all = (await send({ audience: { kind: 'all' }, texts: { EN: texts.EN }, sendAt: null })).json();
    expect(all.value.status).toBe('sent');
    // Everyone of the merchant but the member on a break, each once, in the fallback language when its own is missing.
    expect(await operatorMessages('resting')).toHaveLength(1);
    expect(await operatorMessages('carol')).toEqual([texts.EN]);
    expect(await operatorMessages('alice')).toEqual([texts.EN, texts.CN]);
    expect(all.value.recipients).toBeGreaterThanOrEqual(4);
  });

  it('addresses VIP levels, an agent’s whole team and a registration range', async () => {
    const vip = (await send({ audience: { kind: 'vip', levels: [2] }, texts, sendAt: null })).json().value;
    expect(vip.recipients).toBe(1);
    const team = (await send({ audience: { kind: 'team', agentUsername: 'boss' }, texts, sendAt: null })).json().value;
    // alice directly, bob below her: the whole downline, the agent left out.
    expect(team.recipients).toBe(2);
    const range = (
      await send({
        audience: { kind: 'registered', from: '2026-02-01T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
        texts,
        sendAt: null,
      })
    ).json().value;
    // bob and carol; resting registered at the range's end (excluded) and is on a break anyway.
    expect(range.recipients).toBe(2);
    expect((await operatorMessages('carol')).length).toBe(3);
    expect((await operatorMessages('bob')).length).toBe(3);
  });

  it('schedules a message, sends it once when due, and cancels only a scheduled one', async () => {
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await send({ audience: { kind: 'member', username: 'carol' }, texts, sendAt })).json().value;
    expect(scheduled).toMatchObject({ status: 'scheduled', recipients: null });
    const before = await messageRows();
    expect(await t.services.messageBroadcasts.sendDue()).toBe(0);
    await t.database.pool.query("UPDATE message_broadcasts SET send_at = now() - interval '1 second' WHERE id = $1", [
      scheduled.id,
    ]);
    const [first, second] = await Promise.all([
      t.services.messageBroadcasts.sendDue(),
      t.services.messageBroadcasts.sendDue(),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await messageRows()).toBe(before + 1);
    expect((await call('POST', 'demodesk', `/${scheduled.id}/cancel`)).json().errorCode).toBe(
      'broadcast_not_scheduled',
    );

    const later = (
      await send({ audience: { kind: 'all' }, texts, sendAt: new Date(Date.now() + 7_200_000).toISOString() })
    ).json().value;
    expect((await call('POST', 'otherdesk', `/${later.id}/cancel`, {}, 'other')).json().errorCode).toBe('not_found');
    const cancelled = (await call('POST', 'demodesk', `/${later.id}/cancel`)).json().value;
    expect(cancelled.status).toBe('cancelled');
    await t.database.pool.query("UPDATE message_broadcasts SET send_at = now() - interval '1 second' WHERE id = $1", [
      later.id,
    ]);
    expect(await t.services.messageBroadcasts.sendDue()).toBe(0);
    expect(await messageRows()).toBe(before + 1);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const rows = await broadcastRows();
    const messages = await messageRows();
    const refused = async (payload: object) => (await send(payload)).json();
    expect(
      (await refused({ audience: { kind: 'member', username: 'nobody' }, texts, sendAt: null })).fieldErrors,
    ).toEqual([{ path: 'audience.username', code: 'field_unknown' }]);
    expect(
      (await refused({ audience: { kind: 'team', agentUsername: 'carol' }, texts, sendAt: null })).fieldErrors,
    ).toEqual([{ path: 'audience.agentUsername', code: 'field_unknown' }]);
    expect((await refused({ audience: { kind: 'all' }, texts: { CN: texts.CN }, sendAt: null })).fieldErrors).toEqual([
      { path: 'texts.EN.title', code: 'not_empty' },
    ]);
    const past = await refused({ audience: { kind: 'all' }, texts, sendAt: '2026-01-01T00:00:00.000Z' });
    expect(past.fieldErrors).toEqual([{ path: 'sendAt', code: 'field_too_small' }]);
    const far = await refused({
      audience: { kind: 'all' },
      texts,
      sendAt: new Date(Date.now() + 100 * 86_400_000).toISOString(),
    });
    expect(far.fieldErrors?.[0]).toMatchObject({ path: 'sendAt', code: 'field_too_large' });
    const backwards = await refused({
      audience: { kind: 'registered', from: '2026-03-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' },
      texts,
      sendAt: null,
    });
    expect(backwards.fieldErrors).toEqual([{ path: 'audience.to', code: 'field_too_small' }]);
    const tooLong = await refused({
      audience: { kind: 'all' },
      texts: { EN: { title: 'x', body: 'y'.repeat(2001) } },
      sendAt: null,
    });
    expect(tooLong.errorCode).toBe('validation_failed');
    expect((await refused({ audience: { kind: 'vip', levels: [] }, texts, sendAt: null })).errorCode).toBe(
      'validation_failed',
    );
    expect((await refused({ audience: { kind: 'everyone' }, texts, sendAt: null })).errorCode).toBe(
      'validation_failed',
    );
    expect(await broadcastRows()).toBe(rows);
    expect(await messageRows()).toBe(messages);
  });

  it('keeps each merchant’s messages to itself and to the roles that may send', async () => {
    const mine = (await call('GET', 'demodesk')).json().value as { id: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await call('GET', 'otherdesk', '', undefined, 'other')).json().value).toEqual([]);
    expect((await call('GET', 'otherdesk', '', undefined, 'demo')).json().errorCode).toBe('not_found');
    expect((await send({ audience: { kind: 'all' }, texts, sendAt: null }, 'finance')).json().errorCode).toBe(
      'forbidden',
    );
  });
});
