import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: string;
let memberToken: string;

const auth = (token: string) => ({ authorization: token });
const site = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers: { ModuleId: 'COMM3', ...headers } });
const announcements = async (query = '', headers: Record<string, string> = {}) => {
  const types = query.includes('types=') ? '' : '&types=B,PL,PU,PR,H';
  const response = await site(`/wps/relay/MCSFE_getListAnnouncements?platform=W${types}${query}`, headers);
  expect(response.statusCode).toBe(200);
  return response.json().value;
};
const pngBytes = (width: number, height: number) => {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
};
const upload = (bytes: Buffer, token = owner) =>
  t.request({
    method: 'POST',
    url: '/api/admin/merchants/demo/content/images',
    headers: auth(token),
    payload: { dataBase64: bytes.toString('base64') },
  });
const auditCount = async (action: string) =>
  (await t.database.pool.query('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action])).rows[0].n;
const createOperator = async (username: string, role: string, merchantCode: string | null) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/operators',
    headers: auth(owner),
    payload: { username, displayName: username, password: 'Operator-Pass-123', role, merchantCode },
  });
  expect(response.statusCode).toBe(200);
  return t.operatorToken(username, 'Operator-Pass-123');
};
const notice = (title: string, extra: Record<string, unknown> = {}) => ({
  language: 'EN',
  sortOrder: 50,
  enabled: true,
  startsAt: null,
  endsAt: null,
  content: { kind: 'notice', data: { title, content: 'Body' } },
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.operatorToken();
  // Username registration without the SMS step, so a member can be made in one call.
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  const settings = structuredClone(demo.settings);
  settings.whitelabel = settings.whitelabel.map((node) => ({
    ...node,
    childrenNodes: node.childrenNodes.filter((child) => child.modId !== 'REGMOBVERF3'),
  }));
  await t.services.merchants.update('demo', demo.version, settings);
  await t.services.merchants.createIfAbsent('other', { ...settings, name: 'Other', domains: ['other.test'] });
  const client = memberClient(t);
  const registered = await client.sealed(
    'PUT',
    '/wps/member/register',
    {
      username: 'reader1',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      termsAccepted: true,
      botCheck: await client.botCheck(),
    },
    { moduleId: 'REG3' },
  );
  memberToken = registered.json().value?.token;
});
afterAll(async () => {
  await t.close();
});

describe('announcements (MCSFE_getListAnnouncements)', () => {
  it('gives a visitor the seeded banners, notices, B popups, promotions and help list in api-facts 9 shape', async () => {
    const value = await announcements();
    expect(value.banners.filter((b: { groupName: string }) => b.groupName === 'w_home')).toHaveLength(3);
    expect(value.banners[0]).toMatchObject({ groupName: 'w_home', linkageType: 'ROUTE', linkTarget: '/register' });
    expect(value.banners[0].url).toMatch(/^\/wps\/content\/images\/[0-9a-f-]{36}$/);
    // The login, register and forgot-password dialogs each have their banner.
    for (const group of ['w_login', 'w_reg', 'w_forget']) {
      expect(
        value.banners.filter((b: { groupName: string }) => b.groupName === group),
        group,
      ).toHaveLength(1);
    }
    expect(value.player).toHaveLength(4);
    expect(typeof value.player[0].startDate).toBe('number');
    expect(value.popup.map((p: { execution: string }) => p.execution)).toEqual(['B', 'B']);
    expect(value.promotion).toHaveLength(3);
    expect(value.help.map((h: { tag: string }) => h.tag)).toContain('term');
  });

  it('gives a signed-in member the A and F popups, and the visitor list when execution=B', async () => {
    expect(memberToken).toBeTruthy();
    const member = await announcements('', { authorization: memberToken });
    expect(member.popup.map((p: { execution: string }) => p.execution).sort()).toEqual(['A', 'A', 'F']);
    expect(member.popup.find((p: { promotionType: string | null }) => p.promotionType === 'DEPOSIT')).toBeTruthy();
    const asVisitor = await announcements('&execution=B', { authorization: memberToken });
    expect(asVisitor.popup.map((p: { execution: string }) => p.execution)).toEqual(['B', 'B']);
  });

  it('answers in the asked language, and in the merchant default where a language has none', async () => {
    const chinese = await announcements('', { Language: 'CN' });
    expect(chinese.player[0].title).toContain('维护');
    const arabic = await announcements('&language=AR');
    expect(arabic.banners[0].title).toBe('انضم في أقل من دقيقة');
    const thai = await announcements('', { Language: 'TH' });
    expect(thai.player[0].title).toBe('Scheduled maintenance on Tuesday 03:00–04:00 UTC');
  });

  it('returns only the asked types and refuses an unknown one', async () => {
    const value = await announcements('&types=PL');
    expect(value.banners).toEqual([]);
    expect(value.player).toHaveLength(4);
    const bad = await site('/wps/relay/MCSFE_getListAnnouncements?types=XX');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('validation_failed');
  });

  it('leaves out disabled items and items outside their schedule', async () => {
    const create = (extra: Record<string, unknown>, title: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/merchants/demo/content',
        headers: auth(owner),
        payload: notice(title, extra),
      });
    await create({ enabled: false }, 'Switched off');
    await create({ startsAt: new Date(Date.now() + 3_600_000).toISOString() }, 'Not yet');
    await create({ endsAt: new Date(Date.now() - 3_600_000).toISOString(), startsAt: '2020-01-01T00:00:00Z' }, 'Over');
    await create({ startsAt: new Date(Date.now() - 3_600_000).toISOString() }, 'Running');
    const titles = (await announcements('&types=PL')).player.map((p: { title: string }) => p.title);
    expect(titles).toContain('Running');
    expect(titles).not.toContain('Switched off');
    expect(titles).not.toContain('Not yet');
    expect(titles).not.toContain('Over');
  });
});

describe('help centre', () => {
  it('serves sections by language with the footer text; device WEB only', async () => {
    const en = (await site('/wps/system/helpCenter?lang=EN&device=WEB')).json().value;
    expect(en.list.map((s: { tag: string }) => s.tag)).toEqual([
      'term',
      'privacy',
      'deposit',
      'withdrawal',
      'fair-play',
      'responsible-gaming',
    ]);
    expect(en.footerDescription).toContain('Play responsibly');
    const ar = (await site('/wps/system/helpCenter?lang=AR&device=WEB')).json().value;
    expect(ar.list[0].title).toBe('الشروط والأحكام');
    const bad = await site('/wps/system/helpCenter?lang=EN&device=TV');
    expect(bad.json().errorCode).toBe('validation_failed');
  });
});

describe('content editing', () => {
  it('creates, updates and deletes an item, auditing each with before and after', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/merchants/demo/content',
      headers: auth(owner),
      payload: notice('Fresh notice'),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().value.id;
    const updated = await t.request({
      method: 'PUT',
      url: `/api/admin/merchants/demo/content/${id}`,
      headers: auth(owner),
      payload: notice('Edited notice'),
    });
    expect(updated.json().value.content.data.title).toBe('Edited notice');
    const audit = await t.database.pool.query(
      "SELECT details FROM audit_log WHERE action = 'content.update' AND target = $1",
      [id],
    );
    expect(audit.rows[0].details.before.content.data.title).toBe('Fresh notice');
    expect(audit.rows[0].details.after.content.data.title).toBe('Edited notice');
    const kindChange = await t.request({
      method: 'PUT',
      url: `/api/admin/merchants/demo/content/${id}`,
      headers: auth(owner),
      payload: { ...notice('x'), content: { kind: 'promotion', data: { title: 'x', content: '' } } },
    });
    expect(kindChange.json().fieldErrors).toEqual([{ path: 'content.kind', code: 'field_not_allowed' }]);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/admin/merchants/demo/content/${id}`,
      headers: auth(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(await auditCount('content.delete')).toBeGreaterThanOrEqual(1);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/admin/merchants/demo/content/${id}`,
      headers: auth(owner),
    });
    expect(again.json().errorCode).toBe('not_found');
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM content_items')).rows[0].n;
    const badLink = await t.request({
      method: 'POST',
      url: '/api/admin/merchants/demo/content',
      headers: auth(owner),
      payload: {
        ...notice('x'),
        content: {
          kind: 'banner',
          data: {
            group: 'w_home',
            title: 'Bad',
            imageId: '00000000-0000-4000-8000-000000000000',
            linkageType: 'URL',
            linkTarget: 'javascript:alert(1)',
          },
        },
      },
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().fieldErrors).toContainEqual(
      expect.objectContaining({ path: 'content.data.linkTarget', code: 'field_invalid' }),
    );
    const foreignImage = await t.request({
      method: 'POST',
      url: '/api/admin/merchants/demo/content',
      headers: auth(owner),
      payload: {
        ...notice('x'),
        content: {
          kind: 'banner',
          data: {
            group: 'w_home',
            title: 'No image',
            imageId: '00000000-0000-4000-8000-000000000000',
            linkageType: 'NONE',
            linkTarget: '',
          },
        },
      },
    });
    expect(foreignImage.json().fieldErrors).toEqual([{ path: 'content.data.imageId', code: 'field_invalid' }]);
    const duplicateTag = await t.request({
      method: 'POST',
      url: '/api/admin/merchants/demo/content',
      headers: auth(owner),
      payload: { ...notice('x'), content: { kind: 'help', data: { tag: 'term', title: 'Again', content: '' } } },
    });
    expect(duplicateTag.json().fieldErrors).toEqual([{ path: 'content.data.tag', code: 'field_not_allowed' }]);
    const after = (await t.database.pool.query('SELECT count(*)::int AS n FROM content_items')).rows[0].n;
    expect(after).toBe(before);
  });

  it('lets content editors write, support only read, and keeps a merchant-scoped operator to its merchant', async () => {
    const editor = await createOperator('editor1', 'content', null);
    const support = await createOperator('support1', 'support', null);
    const other = await createOperator('otherco', 'content', 'other');
    const list = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/demo/content?language=EN&kind=help',
      headers: auth(support),
    });
    expect(list.json().value).toHaveLength(6);
    const refused = await t.request({
      method: 'POST',
      url: '/api/admin/merchants/demo/content',
      headers: auth(support),
      payload: notice('Support note'),
    });
    expect(refused.json().errorCode).toBe('forbidden');
    const hidden = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/demo/content?language=EN',
      headers: auth(other),
    });
    expect(hidden.json().errorCode).toBe('not_found');
    const allowed = await t.request({
      method: 'POST',
      url: '/api/admin/merchants/demo/content',
      headers: auth(editor),
      payload: notice('Editor note'),
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('content images', () => {
  it('re-encodes a png, drops what trails it, and serves it by id', async () => {
    const original = Buffer.concat([pngBytes(40, 20), Buffer.from('<script>trailing</script>')]);
    const response = await upload(original);
    expect(response.statusCode).toBe(200);
    const image = response.json().value;
    expect(image).toMatchObject({ mediaType: 'image/png', width: 40, height: 20 });
    const served = await t.request({ method: 'GET', url: image.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(PNG.sync.read(served.rawPayload).width).toBe(40);
    expect(await auditCount('content.image_upload')).toBeGreaterThanOrEqual(1);
  });

  it('refuses files that are not png or jpeg by their bytes, and pictures too large', async () => {
    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect(gif.json().errorCode).toBe('image_invalid');
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(svg.json().errorCode).toBe('image_invalid');
    const huge = pngBytes(1, 1);
    huge.writeUInt32BE(100_000, 16);
    const bomb = await upload(huge);
    expect(bomb.json().errorCode).toBe('image_too_large');
    const truncated = await upload(pngBytes(10, 10).subarray(0, 40));
    expect(truncated.json().errorCode).toBe('image_invalid');
    const unknown = await t.request({ method: 'GET', url: '/wps/content/images/not-an-id' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('marketing and responsible gaming (decision 0112)', () => {
  // A cent in the wallet, which the test does not use: the shared helper makes a signed-in member in one call.
  const newMember = (username: string) => fundedMember(t, memberClient(t), username, 1n);
  const block = (token: string, payload: object) =>
    memberClient(t).send({
      method: 'POST',
      url: '/wps/responsible-gaming/block',
      moduleId: 'COMM3',
      token,
      payload: { allMerchants: false, confirm: true, ...payload },
    });
  const inbox = async (token: string) =>
    (await memberClient(t).send({ method: 'GET', url: '/wps/relay/CSP_getInbox', moduleId: 'INBOX3', token })).json()
      .value.list as { type: string; params: Record<string, string> }[];
  const depositNotice = (memberId: string, reference: string) =>
    t.services.messages.send({
      merchantCode: 'demo',
      memberId,
      type: 'deposit_arrived',
      params: { site: 'Tessera Demo', currency: 'USD', amount: '10.00', reference },
      dedupeKey: `deposit:${reference}`,
    });

  it('gives a member on a break or self-excluded no promotions or popups, and still its transactional notices', async () => {
    const free = await newMember('mkt-free');
    const resting = await newMember('mkt-break');
    const excluded = await newMember('mkt-excluded');
    expect((await block(resting.token, { kind: 'break', duration: '24h' })).json().value.block.kind).toBe('break');
    expect((await block(excluded.token, { kind: 'self_exclusion', duration: '6m' })).json().value.block.kind).toBe(
      'self_exclusion',
    );

    const unblocked = await announcements('', { authorization: free.token });
    expect(unblocked.promotion).toHaveLength(3);
    expect(unblocked.popup.map((p: { execution: string }) => p.execution).sort()).toEqual(['A', 'A', 'F']);
    for (const member of [resting, excluded]) {
      for (const query of ['', '&execution=B']) {
        const value = await announcements(query, { authorization: member.token });
        expect(value.promotion, query).toEqual([]);
        expect(value.popup, query).toEqual([]);
        // The site itself still works: banners, notices and help are not marketing addressed to the member.
        expect(value.banners.length, query).toBeGreaterThan(0);
        expect(value.player.length, query).toBeGreaterThan(0);
        expect(value.help.length, query).toBeGreaterThan(0);
      }
      // A transactional notice (money arrived) still reaches the member's inbox.
      await depositNotice(member.memberId, `MKT-${member.memberId}`);
      expect(await inbox(member.token)).toEqual([
        expect.objectContaining({ type: 'deposit_arrived', params: expect.objectContaining({ amount: '10.00' }) }),
      ]);
    }
    // A visitor on the same site still sees the promotions and the visitor's popups.
    const visitor = await announcements();
    expect(visitor.promotion).toHaveLength(3);
    expect(visitor.popup).toHaveLength(2);
  });
});
