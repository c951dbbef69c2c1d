import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { treeMember } from '../../../test/tree-members';
import { hashPassword } from '../../platform/security/password';

/**
 * The agent centre's announcements (decision 0095), on a real PostgreSQL: operators write a notice for the site,
 * for agents or for both; agents read the agent and both ones on their own endpoint (newest first, paged, on now,
 * in their language else the merchant default), the site's ticker the site and both ones; members who are no
 * agents and visitors get no agent list; another merchant's notices never show.
 */

let t: TestApp;
let ownerToken: string;
let client: ReturnType<typeof memberClient>;
let agentToken: string;
let memberToken: string;

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = ownerToken) =>
  t.request({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const notice = (title: string, audience: string | undefined, extra: Record<string, unknown> = {}) => ({
  language: 'EN',
  sortOrder: 50,
  enabled: true,
  startsAt: null,
  endsAt: null,
  content: { kind: 'notice', data: { title, content: `${title} body`, ...(audience ? { audience } : {}) } },
  ...extra,
});
const write = async (item: object, code = 'demo') => {
  const answer = (await admin('POST', `/api/admin/merchants/${code}/content`, item)).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.value as { id: string };
};

/** `token` null: a visitor's request, with no token. */
const agentAnnouncements = async (query = '', token: string | null = agentToken) =>
  (
    await client.send({
      method: 'GET',
      url: `/wps/agent/announcements${query}`,
      ...(token ? { token } : {}),
    })
  ).json();
const tickerTitles = async (token?: string) =>
  (
    (
      await client.send({
        method: 'GET',
        url: '/wps/relay/MCSFE_getListAnnouncements?types=PL&platform=W',
        moduleId: 'COMM3',
        ...(token ? { token } : {}),
      })
    ).json().value.player as { title: string }[]
  ).map((item) => item.title);

const newMember = async (username: string, agent: boolean) => {
  const passwordHash = await hashPassword('Secret123');
  await treeMember(t, { username, upline: null, agent, passwordHash, ownerToken });
  return client.login(username, 'Secret123');
};

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  ownerToken = await t.operatorToken();
  client = memberClient(t);
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  await t.services.merchants.createIfAbsent('other', { ...demo.settings, name: 'Other', domains: ['other.test'] });
  // The demo's own notices (some for agents) would mix in; this file writes every notice it reads.
  await t.database.pool.query("DELETE FROM content_items WHERE kind = 'notice'");
  agentToken = await newMember('annagent', true);
  memberToken = await newMember('annmember', false);
  // Newest first by start: the schedule's start, else when written.
  await write(notice('Agents older', 'agents', { startsAt: at(-3 * hour) }));
  await write(notice('Both newer', 'both', { startsAt: at(-hour) }));
  await write(notice('Agents newest', 'agents', { startsAt: at(-hour / 2) }));
  await write(notice('Site only', 'site'));
  await write(notice('Before audiences', undefined));
  await write(notice('Agents disabled', 'agents', { enabled: false }));
  await write(notice('Agents later', 'agents', { startsAt: at(hour) }));
  await write(notice('Agents ended', 'agents', { startsAt: at(-3 * hour), endsAt: at(-2 * hour) }));
  await write(notice('Agents in Chinese', 'agents', { language: 'CN' }));
  await write(notice('Other merchant agents', 'agents'), 'other');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('agent announcements', () => {
  it('an agent reads the notices for agents and both that are on now, newest first', async () => {
    const answer = await agentAnnouncements('?language=EN');
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    expect(answer.value.list.map((item: { title: string }) => item.title)).toEqual([
      'Agents newest',
      'Both newer',
      'Agents older',
    ]);
    expect(answer.value).toMatchObject({ pageNo: 1, totalPages: 1, total: 3 });
    expect(answer.value.list[0]).toMatchObject({ content: 'Agents newest body' });
    expect(typeof answer.value.list[0].startDate).toBe('number');
  });

  it('pages the list', async () => {
    const second = await agentAnnouncements('?language=EN&pageNo=2&pageSize=2');
    expect(second.value).toMatchObject({ pageNo: 2, totalPages: 2, total: 3 });
    expect(second.value.list.map((item: { title: string }) => item.title)).toEqual(['Agents older']);
    const bad = await agentAnnouncements('?pageSize=500');
    expect(bad).toMatchObject({ success: false, errorCode: 'validation_failed' });
  });

  it("reads the agent's language where it has notices for agents, else the merchant default", async () => {
    const chinese = await agentAnnouncements('?language=CN');
    expect(chinese.value.list.map((item: { title: string }) => item.title)).toEqual(['Agents in Chinese']);
    const thai = await agentAnnouncements('?language=TH');
    expect(thai.value.total).toBe(3);
  });

  it('the site ticker shows the site and both notices, never the agents-only ones, to members and visitors', async () => {
    for (const token of [undefined, memberToken, agentToken]) {
      const titles = await tickerTitles(token);
      expect(titles).toEqual(expect.arrayContaining(['Both newer', 'Site only', 'Before audiences']));
      expect(titles.filter((title) => title.startsWith('Agents'))).toEqual([]);
    }
  });

  it('a member who is no agent and a visitor get no agent list', async () => {
    expect(await agentAnnouncements('', memberToken)).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    const visitor = await agentAnnouncements('', null);
    expect(visitor).toMatchObject({ success: false, errorCode: 'login.not.session' });
  });

  it('refuses an unknown audience with a field error and stores nothing', async () => {
    const before = (await admin('GET', '/api/admin/merchants/demo/content?language=EN&kind=notice')).json().value
      .length;
    const answer = (await admin('POST', '/api/admin/merchants/demo/content', notice('Bad', 'operators'))).json();
    expect(answer).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(answer.fieldErrors).toEqual([
      expect.objectContaining({ path: 'content.data.audience', code: 'field_not_allowed' }),
    ]);
    const after = (await admin('GET', '/api/admin/merchants/demo/content?language=EN&kind=notice')).json().value;
    expect(after.length).toBe(before);
  });

  it('an operator changes a notice audience, and the lists follow', async () => {
    const list = (await admin('GET', '/api/admin/merchants/demo/content?language=EN&kind=notice')).json().value as {
      id: string;
      content: { data: { title: string } };
    }[];
    const site = list.find((item) => item.content.data.title === 'Site only');
    if (!site) throw new Error('no site notice');
    const saved = (
      await admin('PUT', `/api/admin/merchants/demo/content/${site.id}`, notice('Site only', 'agents'))
    ).json();
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    expect(await tickerTitles()).not.toContain('Site only');
    const agents = await agentAnnouncements('?language=EN');
    expect(agents.value.list.map((item: { title: string }) => item.title)).toContain('Site only');
  });

  it("counts for the menu's badge what appeared since the agent last opened the page, per agent", async () => {
    const unread = async (token = agentToken) =>
      (await client.send({ method: 'GET', url: '/wps/agent/announcements/unread?language=EN', token })).json();
    const read = async (payload: object = {}, token = agentToken) =>
      (await client.send({ method: 'POST', url: '/wps/agent/announcements/read', token, payload })).json();
    const total = (await agentAnnouncements('?language=EN')).value.total as number;
    expect(total).toBeGreaterThan(0);
    // Never opened: every notice on now is unread; the ones not on yet, ended or disabled are not counted.
    expect(await unread()).toMatchObject({ success: true, value: { unread: total } });

    expect(await read()).toMatchObject({ success: true, value: { unread: 0 } });
    expect((await unread()).value.unread).toBe(0);

    // A new notice is unread; so is one written now with a start in the past (it appears when saved).
    await write(notice('Agents fresh', 'agents'));
    await write(notice('Agents backdated', 'agents', { startsAt: at(-5 * hour) }));
    await write(notice('Site fresh', 'site'));
    expect((await unread()).value.unread).toBe(2);

    // Another agent's mark is its own; a member who is no agent and a visitor get none; bad input changes nothing.
    const otherAgent = await newMember('annagent2', true);
    expect((await unread(otherAgent)).value.unread).toBe(total + 2);
    expect(await unread(memberToken)).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    expect(await read({}, memberToken)).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    expect(await read({ through: '2100-01-01' })).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect((await unread()).value.unread).toBe(2);
    const marks = await t.database.pool.query('SELECT member_id FROM content_notice_reads');
    expect(marks.rows).toHaveLength(1);

    await read();
    expect((await unread()).value.unread).toBe(0);
    expect((await unread(otherAgent)).value.unread).toBe(total + 2);
  });
});
