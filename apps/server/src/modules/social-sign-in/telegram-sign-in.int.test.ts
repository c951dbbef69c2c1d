import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Telegram login (decision 0173) through the social sign-in endpoints, Telegram's signing done here with test bots. */

let t: TestApp;
let ops: Record<string, string>;

const BOT_TOKEN = '700100200:AAH-demo-bot-token_for_integration01';
const SISTER_BOT_TOKEN = '700100300:AAH-sister-bot-token_for_integration';

const telegramSettings = (as = 'owner', code = 'demo', payload?: object) =>
  t.request({
    method: payload ? 'PUT' : 'GET',
    url: `/api/admin/merchants/${code}/social-sign-in/telegram`,
    headers: { authorization: ops[as] ?? '' },
    ...(payload ? { payload } : {}),
  });

/** Login data as Telegram signs it for the bot with that token (hash over the sorted key=value lines). */
const signed = (fields: Record<string, string | number>, token = BOT_TOKEN) => {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(text).digest('hex');
  return Buffer.from(JSON.stringify({ ...fields, hash })).toString('base64');
};
const now = () => Math.floor(Date.now() / 1000);
const STARTED = now();
let signings = 0;
/** A Telegram user's login data; each call signed at another second (counted back from the start), as two logins are. */
const tgUser = (id: number, extra: Record<string, string | number> = {}) => {
  signings += 1;
  return { id, first_name: 'Tele', username: `tg${id}`, auth_date: STARTED - signings, ...extra };
};

let browsers = 0;
/** A browser of its own (own cookies and address) on a merchant's site. */
const browser = () => {
  browsers += 1;
  const client = memberClient(t, { ip: `10.2.0.${browsers}` });
  const site = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    client.send({ method, url, moduleId: 'COMM3', ...(payload ? { payload } : {}), ...(token ? { token } : {}) });
  return {
    client,
    site,
    telegramId: async () => {
      const list = (await site('GET', '/wps/social-sign-in/providers')).json().value.list as {
        id: string;
        kind: string;
      }[];
      return list.find((provider) => provider.kind === 'telegram')?.id;
    },
    /** Starts the Telegram login; answers Telegram's URL and the return_to it names. */
    start: async (providerId: string) => {
      const response = await site('POST', '/wps/social-sign-in/start', { providerId });
      const body = response.json();
      if (!body.success) return { errorCode: body.errorCode as string, url: null, returnTo: null };
      const url = new URL(body.value.authorizationUrl);
      return { errorCode: null, url, returnTo: new URL(url.searchParams.get('return_to') ?? '') };
    },
    /** What the callback page posts: the return_to's query and the fragment's tgAuthResult. */
    callback: async (returnTo: URL, telegramResult?: string, token?: string) =>
      (
        await site(
          'POST',
          '/wps/social-sign-in/callback',
          { query: returnTo.search.slice(1), ...(telegramResult ? { telegramResult } : {}) },
          token,
        )
      ).json(),
  };
};

const count = async (sql: string, values: unknown[] = []) =>
  Number((await t.database.pool.query(`SELECT count(*) AS n FROM ${sql}`, values)).rows[0].n);

let telegramId: string;

beforeAll(async () => {
  t = await createTestApp();
  await merchantLikeDemo(t, 'sister');
  ops = await signInOperators(t, [{ name: 'sisterowner', role: 'owner', merchantCode: 'sister' }]);
});

afterAll(async () => {
  await t?.close();
});

describe('Telegram sign-in', () => {
  it('is set up by the owner only; the bot token is stored sealed, never answered, audited without it', async () => {
    expect((await telegramSettings()).json().value).toMatchObject({ id: null, botTokenSet: false, enabled: false });
    // The first save needs a token; the username must be a bot's.
    const noToken = await telegramSettings('owner', 'demo', { botUsername: 'DemoLoginBot', enabled: true });
    expect(noToken.json().fieldErrors).toEqual([{ path: 'botToken', code: 'not_empty' }]);
    const bad = await telegramSettings('owner', 'demo', { botUsername: 'demo', botToken: 'abc', enabled: true });
    expect(bad.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'botUsername', code: 'field_invalid' },
        { path: 'botToken', code: 'field_invalid' },
      ]),
    );
    expect(
      (await telegramSettings('support', 'demo', { botUsername: 'DemoLoginBot', enabled: true })).json().errorCode,
    ).toBe('forbidden');
    expect(await count('social_sign_in_providers')).toBe(0);

    const saved = await telegramSettings('owner', 'demo', {
      botUsername: '@DemoLoginBot',
      botToken: BOT_TOKEN,
      enabled: true,
    });
    expect(saved.json().value).toMatchObject({ botUsername: 'DemoLoginBot', botTokenSet: true, enabled: true });
    expect(saved.body).not.toContain(BOT_TOKEN);
    expect((await telegramSettings()).body).not.toContain(BOT_TOKEN);
    const stored = await t.database.pool.query(
      "SELECT client_secret_sealed FROM social_sign_in_providers WHERE kind = 'telegram'",
    );
    expect(stored.rows[0].client_secret_sealed).not.toContain('AAH-demo');
    const audit = await t.database.pool.query(
      "SELECT details::text AS d FROM audit_log WHERE action = 'social_sign_in.telegram_update'",
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].d).not.toContain('AAH-demo');
    // Telegram is not one of the OpenID Connect providers in the back office.
    const oidc = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/demo/social-sign-in/providers',
      headers: { authorization: ops.owner ?? '' },
    });
    expect(oidc.json().value.list).toEqual([]);

    const sister = await telegramSettings('sisterowner', 'sister', {
      botUsername: 'SisterLoginBot',
      botToken: SISTER_BOT_TOKEN,
      enabled: true,
    });
    expect(sister.json().success, sister.body).toBe(true);
    expect((await telegramSettings('sisterowner', 'demo')).json().success).toBe(false);

    const id = await browser().telegramId();
    expect(id).toBeDefined();
    telegramId = id ?? '';
    // The OpenID Connect change endpoint does not reach the Telegram row.
    const viaOidc = await t.request({
      method: 'PUT',
      url: `/api/admin/merchants/demo/social-sign-in/providers/${telegramId}`,
      headers: { authorization: ops.owner ?? '' },
      payload: { name: 'X', issuer: 'https://idp.example', clientId: 'x', scopes: 'openid', enabled: true },
    });
    expect(viaOidc.json().errorCode).toBe('not_found');
  });

  it("sends the browser to Telegram's login with the bot id, origin and a return_to carrying the flow's state", async () => {
    const { url, returnTo } = await browser().start(telegramId);
    expect(url?.origin).toBe('https://oauth.telegram.org');
    expect(url?.pathname).toBe('/auth');
    expect(url?.searchParams.get('bot_id')).toBe('700100200');
    expect(url?.searchParams.get('request_access')).toBe('write');
    expect(url?.searchParams.get('origin')).toBe(returnTo?.origin);
    expect(returnTo?.pathname).toBe('/social-sign-in/callback');
    expect(returnTo?.searchParams.get('state')).toMatch(/.{20,}/);
    expect(url?.href).not.toContain('AAH-demo');
  });

  it('creates an account on the first sign-in and logs into it on the second, linked by the Telegram id', async () => {
    const first = browser();
    const { returnTo } = await first.start(telegramId);
    const created = await first.callback(returnTo as URL, signed(tgUser(42001)));
    expect(created.success, JSON.stringify(created)).toBe(true);
    expect(created.value).toMatchObject({ outcome: 'signed_in', created: true });
    const memberId = created.value.login.member.id as string;

    const second = browser();
    const again = await second.callback((await second.start(telegramId)).returnTo as URL, signed(tgUser(42001)));
    expect(again.value, JSON.stringify(again)).toMatchObject({
      outcome: 'signed_in',
      created: false,
      login: { member: { id: memberId } },
    });
    expect(await count("social_sign_in_links WHERE subject = '42001' AND issuer = 'https://oauth.telegram.org'")).toBe(
      1,
    );

    // The same username with another Telegram id is another person: a new account, never the first one.
    const namesake = browser();
    const other = await namesake.callback(
      (await namesake.start(telegramId)).returnTo as URL,
      signed(tgUser(42002, { username: 'tg42001' })),
    );
    expect(other.value).toMatchObject({ outcome: 'signed_in', created: true });
    expect(other.value.login.member.id).not.toBe(memberId);
  });

  it('refuses a replayed payload, a forged or stale one and another merchant bot; creates nothing', async () => {
    const members = await count('members');
    const links = await count('social_sign_in_links');

    const payload = signed(tgUser(43001));
    const first = browser();
    expect((await first.callback((await first.start(telegramId)).returnTo as URL, payload)).success).toBe(true);
    // The same signed payload with a fresh flow (same or another browser): refused.
    expect((await first.callback((await first.start(telegramId)).returnTo as URL, payload)).errorCode).toBe(
      'social_sign_in_telegram_replayed',
    );
    const thief = browser();
    expect((await thief.callback((await thief.start(telegramId)).returnTo as URL, payload)).errorCode).toBe(
      'social_sign_in_telegram_replayed',
    );

    const forged = JSON.parse(Buffer.from(signed(tgUser(43002)), 'base64').toString());
    forged.id = 42001;
    const forger = browser();
    const forgedAnswer = await forger.callback(
      (await forger.start(telegramId)).returnTo as URL,
      Buffer.from(JSON.stringify(forged)).toString('base64'),
    );
    expect(forgedAnswer.errorCode).toBe('social_sign_in_telegram_signature_invalid');

    const late = browser();
    const stale = signed(tgUser(43003, { auth_date: now() - 86_500 }));
    expect((await late.callback((await late.start(telegramId)).returnTo as URL, stale)).errorCode).toBe(
      'social_sign_in_telegram_expired',
    );

    // Signed by the sister merchant's bot, sent to demo: not demo's bot's signature.
    const crossed = browser();
    const sisterSigned = signed(tgUser(43004), SISTER_BOT_TOKEN);
    expect((await crossed.callback((await crossed.start(telegramId)).returnTo as URL, sisterSigned)).errorCode).toBe(
      'social_sign_in_telegram_signature_invalid',
    );

    // A flow is still needed: login data without this browser's flow is refused before it is looked at.
    const stranger = browser();
    const noFlow = await stranger.site('POST', '/wps/social-sign-in/callback', {
      query: 'state=made-up',
      telegramResult: signed(tgUser(43005)),
    });
    expect(noFlow.json().errorCode).toBe('social_sign_in_state_invalid');

    // Back from Telegram without login data: the member cancelled.
    const cancelled = browser();
    expect((await cancelled.callback((await cancelled.start(telegramId)).returnTo as URL)).errorCode).toBe(
      'auth/popup-closed-by-user',
    );

    expect(await count('members')).toBe(members + 1);
    expect(await count('social_sign_in_links')).toBe(links + 1);
    expect(await count("social_sign_in_links WHERE subject IN ('43002', '43003', '43004', '43005')")).toBe(0);
  });

  it('refuses a merchant that turned Telegram off, at the start and for a flow begun before', async () => {
    const visitor = browser();
    const { returnTo } = await visitor.start(telegramId);
    const off = await telegramSettings('owner', 'demo', { botUsername: 'DemoLoginBot', enabled: false });
    expect(off.json().value).toMatchObject({ botTokenSet: true, enabled: false });
    const members = await count('members');
    expect((await visitor.callback(returnTo as URL, signed(tgUser(44001)))).errorCode).toBe(
      'social_sign_in_telegram_disabled',
    );
    expect((await browser().start(telegramId)).errorCode).toBe('social_sign_in_telegram_disabled');
    expect(await browser().telegramId()).toBeUndefined();
    expect(await count('members')).toBe(members);
    // Kept token: turning it back on works without entering it again.
    const on = await telegramSettings('owner', 'demo', { botUsername: 'DemoLoginBot', botToken: '', enabled: true });
    expect(on.json().value).toMatchObject({ botTokenSet: true, enabled: true });
    const back = browser();
    expect((await back.callback((await back.start(telegramId)).returnTo as URL, signed(tgUser(44001)))).success).toBe(
      true,
    );
  });

  it("links Telegram to an existing account only with the account's password", async () => {
    const member = browser();
    const { tokens, ids } = await member.client.signInMembers(['tglinker']);
    const token = tokens.tglinker ?? '';
    const startLink = (password: string) =>
      member.client.sealed(
        'POST',
        '/wps/social-sign-in/link',
        { providerId: telegramId, password },
        { moduleId: 'COMM3', token },
      );
    expect((await startLink('wrong-password')).json().fieldErrors).toEqual([
      { path: 'password', code: 'error_password' },
    ]);
    const started = await startLink('Secret123');
    const returnTo = new URL(new URL(started.json().value.authorizationUrl).searchParams.get('return_to') ?? '');
    const linked = await member.callback(returnTo, signed(tgUser(45001)), token);
    expect(linked.value).toMatchObject({
      outcome: 'linked',
      link: { providerId: telegramId, providerName: 'Telegram' },
    });
    const visitor = browser();
    const signedIn = await visitor.callback((await visitor.start(telegramId)).returnTo as URL, signed(tgUser(45001)));
    expect(signedIn.value).toMatchObject({
      outcome: 'signed_in',
      created: false,
      login: { member: { id: ids.tglinker } },
    });
  });
});
