import { INBOX_PAGE_SIZE } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let token: string;
let otherToken: string;
let trialToken: string;
const ids: Record<string, string> = {};

const inbox = (pageNo = 1, as = token) =>
  client.send({ method: 'GET', url: `/wps/relay/CSP_getInbox?pageNo=${pageNo}`, moduleId: 'INBOX3', token: as });
const markRead = (payload: object, as = token) =>
  client.send({ method: 'POST', url: '/wps/relay/CSP_readInbox', moduleId: 'INBOX3', token: as, payload });
const unread = async (as = token) =>
  (await client.send({ method: 'GET', url: '/wps/relay/CSP_unreadCount', moduleId: 'INBOX3', token: as })).json().value
    .unread as number;

const send = (member: string, n: number) =>
  t.services.messages.send({
    merchantCode: 'demo',
    memberId: ids[member] ?? '',
    type: n % 2 === 0 ? 'deposit_arrived' : 'withdrawal_rejected',
    params: { site: 'Tessera Demo', currency: 'USD', amount: `${n}.00`, reference: `R${n}`, reason: 'test' },
    dedupeKey: `test:${member}:${n}`,
  });

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  const hash = await hashPassword('Secret123');
  for (const username of ['reader', 'neighbour']) {
    const created = await t.services.members.create({
      merchantCode: 'demo',
      username,
      account: username,
      nickname: username,
      passwordHash: hash,
    });
    if (!('row' in created)) throw new Error('member not created');
    ids[username] = created.row.id;
  }
  token = await client.login('reader', 'Secret123');
  otherToken = await client.login('neighbour', 'Secret123');
  trialToken = (
    await client.send({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      moduleId: 'FREEPLAY3',
      payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
    })
  ).json().value.token;
});
afterAll(async () => {
  await t.close();
});

describe('the inbox', () => {
  it('stores a message once per dedupe key and pushes the new unread count to the member', async () => {
    const publish = vi.spyOn(t.services.realtime, 'publishToMember');
    await send('reader', 1);
    await send('reader', 1);
    await vi.waitFor(() => expect(publish).toHaveBeenCalledWith('demo', ids.reader, 'messages.unread', { unread: 1 }));
    expect(publish.mock.calls.filter((call) => call[2] === 'messages.unread')).toHaveLength(1);
    publish.mockRestore();
    expect(await unread()).toBe(1);
  });

  it('lists the member’s own messages newest first, a page at a time', async () => {
    for (let n = 2; n <= INBOX_PAGE_SIZE + 2; n += 1) await send('reader', n);
    await send('neighbour', 99);
    const first = (await inbox()).json().value;
    expect(first.totalPages).toBe(2);
    expect(first.unread).toBe(INBOX_PAGE_SIZE + 2);
    expect(first.list).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.list[0]).toMatchObject({
      type: 'deposit_arrived',
      params: { amount: `${INBOX_PAGE_SIZE + 2}.00`, currency: 'USD', site: 'Tessera Demo' },
      read: false,
    });
    const second = (await inbox(2)).json().value;
    expect(second.list.map((m: { params: { amount: string } }) => m.params.amount)).toEqual(['2.00', '1.00']);
    expect(JSON.stringify([...first.list, ...second.list])).not.toContain('R99');
  });

  it('marks chosen messages read, ignores another member’s ids, and pushes the count', async () => {
    const mine = (await inbox())
      .json()
      .value.list.slice(0, 2)
      .map((m: { id: string }) => m.id);
    const theirs = (await inbox(1, otherToken)).json().value.list.map((m: { id: string }) => m.id);
    const before = await unread();
    const publish = vi.spyOn(t.services.realtime, 'publishToMember');
    const answer = (await markRead({ ids: [...mine, ...theirs] })).json();
    expect(answer).toMatchObject({ success: true, value: { unread: before - 2 } });
    await vi.waitFor(() =>
      expect(publish).toHaveBeenCalledWith('demo', ids.reader, 'messages.unread', { unread: before - 2 }),
    );
    publish.mockRestore();
    expect(await unread(otherToken)).toBe(1);
    const list = (await inbox()).json().value.list;
    expect(list.filter((m: { read: boolean }) => m.read).map((m: { id: string }) => m.id)).toEqual(mine);
  });

  it('marks everything read at once', async () => {
    expect((await markRead({ all: true })).json().value).toEqual({ unread: 0 });
    expect(await unread()).toBe(0);
    expect(await unread(otherToken)).toBe(1);
  });

  it('refuses bad requests, visitors and trial accounts, and changes nothing', async () => {
    const before = await unread(otherToken);
    for (const payload of [{}, { ids: [] }, { ids: ['abc'] }, { all: false }, { ids: ['1'], all: true }]) {
      const response = await markRead(payload, otherToken);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errorCode).toBe('validation_failed');
    }
    expect(await unread(otherToken)).toBe(before);
    const visitor = await client.send({ method: 'GET', url: '/wps/relay/CSP_getInbox', moduleId: 'INBOX3' });
    expect(visitor.json().errorCode).toBe('login.not.session');
    expect((await inbox(1, trialToken)).json().errorCode).toBe('in_need_true_account');
    expect((await markRead({ all: true }, trialToken)).json().errorCode).toBe('in_need_true_account');
  });
});
