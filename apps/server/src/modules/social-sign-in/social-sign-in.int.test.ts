import { signInAtTestProvider, startTestOpenIdProvider, type TestOpenIdProvider } from '@tessera/testkit/oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { totpCode } from '../../platform/security/totp';

let t: TestApp;
let idp: TestOpenIdProvider;
let ops: Record<string, string>;
let providerId: string;

const CALLBACKS = ['http://localhost:80/social-sign-in/callback', 'http://localhost/social-sign-in/callback'];

const admin = (method: 'GET' | 'POST' | 'PUT', path: string, as = 'owner', payload?: object, code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}/social-sign-in/providers${path}`,
    headers: { authorization: ops[as] ?? '' },
    ...(payload ? { payload } : {}),
  });

let browsers = 0;
/** A browser of its own: its own cookies (the flow's binding cookie among them) and address. */
const browser = () => {
  browsers += 1;
  const client = memberClient(t, { ip: `10.1.0.${browsers}` });
  const site = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    client.send({ method, url, moduleId: 'COMM3', ...(payload ? { payload } : {}), ...(token ? { token } : {}) });
  return {
    client,
    site,
    start: async () => {
      const response = await site('POST', '/wps/social-sign-in/start', { providerId });
      const body = response.json();
      if (!body.success) throw new Error(response.body);
      return body.value.authorizationUrl as string;
    },
    callback: async (query: string, token?: string) =>
      (await site('POST', '/wps/social-sign-in/callback', { query }, token)).json(),
  };
};

const count = async (sql: string, values: unknown[] = []) =>
  Number((await t.database.pool.query(`SELECT count(*) AS n FROM ${sql}`, values)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  idp = await startTestOpenIdProvider(CALLBACKS);
  await merchantLikeDemo(t, 'sister');
  ops = await signInOperators(t, [{ name: 'sisterowner', role: 'owner', merchantCode: 'sister' }]);
  const created = await admin('POST', '', 'owner', {
    name: 'Local ID',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scopes: 'openid profile email',
    enabled: true,
  });
  expect(created.json().success, created.body).toBe(true);
  providerId = created.json().value.id;
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('social sign-in', () => {
  it('keeps the client secret on the server: set, never answered, audited without it', async () => {
    const list = await admin('GET', '');
    expect(list.json().value.list).toMatchObject([{ id: providerId, name: 'Local ID', clientSecretSet: true }]);
    expect(list.body).not.toContain(idp.clientSecret);
    const stored = await t.database.pool.query('SELECT client_secret_sealed FROM social_sign_in_providers');
    expect(stored.rows[0].client_secret_sealed).not.toContain(idp.clientSecret);
    const audit = await t.database.pool.query(
      "SELECT details::text AS d FROM audit_log WHERE action LIKE 'social_sign_in.%'",
    );
    expect(audit.rows.length).toBeGreaterThan(0);
    for (const row of audit.rows) expect(row.d).not.toContain(idp.clientSecret);
    // A change without a secret keeps it (the sign-ins below still work with it).
    const kept = await admin('PUT', `/${providerId}`, 'owner', {
      name: 'Local ID',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: '',
      scopes: 'openid profile email',
      enabled: true,
    });
    expect(kept.json().value).toMatchObject({ clientSecretSet: true });
    expect(kept.body).not.toContain(idp.clientSecret);
    const visitor = await browser().site('GET', '/wps/social-sign-in/providers');
    expect(visitor.json().value.list).toEqual([{ id: providerId, name: 'Local ID', kind: 'oidc' }]);
  });

  it("refuses another merchant's operator, and a bad issuer URL or scopes without openid", async () => {
    expect((await admin('GET', '', 'sisterowner')).json().success).toBe(false);
    const changed = await admin('PUT', `/${providerId}`, 'sisterowner', {
      name: 'Hijack',
      issuer: idp.issuer,
      clientId: 'x',
      scopes: 'openid',
      enabled: true,
    });
    expect(changed.json().success).toBe(false);
    expect((await admin('PUT', `/${providerId}`, 'sisterowner', undefined, 'sister')).json().success).toBe(false);
    expect((await admin('GET', '', 'content')).json().errorCode).toBe('forbidden');
    const bad = await admin('POST', '', 'owner', {
      name: 'Bad',
      issuer: 'http://evil.example/',
      clientId: 'x',
      clientSecret: 'y',
      scopes: 'profile',
      enabled: true,
    });
    expect(bad.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'issuer', code: 'field_invalid' },
        { path: 'scopes', code: 'field_invalid' },
      ]),
    );
    expect(await count('social_sign_in_providers')).toBe(1);
    expect((await browser().site('GET', '/wps/social-sign-in/providers')).json().value.list).toHaveLength(1);
  });

  it('creates an account on the first sign-in and logs into it on the second, linked by subject', async () => {
    const first = browser();
    const firstQuery = await signInAtTestProvider(await first.start(), 'alice');
    const created = await first.callback(firstQuery);
    expect(created.success, JSON.stringify(created)).toBe(true);
    expect(created.value).toMatchObject({ outcome: 'signed_in', created: true });
    const memberId = created.value.login.member.id as string;
    const me = await first.site('GET', '/wps/member/info', undefined, created.value.login.token);
    expect(me.json().success).toBe(true);

    const second = browser();
    const again = await second.callback(await signInAtTestProvider(await second.start(), 'alice'));
    expect(again.value).toMatchObject({ outcome: 'signed_in', created: false, login: { member: { id: memberId } } });
    expect(await count('social_sign_in_links WHERE subject = $1', ['alice'])).toBe(1);
    expect(await count("member_logins WHERE member_id = $1 AND method = 'social'", [memberId])).toBe(1);
  });

  it('never links by e-mail: a member with the same e-mail stays apart', async () => {
    const { ids } = await memberClient(t).signInMembers(['emailowner']);
    await t.database.pool.query('UPDATE members SET email = $2 WHERE id = $1', [ids.emailowner, 'bob@example.test']);
    const visitor = browser();
    const result = await visitor.callback(await signInAtTestProvider(await visitor.start(), 'bob'));
    expect(result.value).toMatchObject({ outcome: 'signed_in', created: true });
    expect(result.value.login.member.id).not.toBe(ids.emailowner);
    expect(await count('social_sign_in_links WHERE member_id = $1', [ids.emailowner])).toBe(0);
  });

  it('refuses a wrong state, another browser, a replayed code, a wrong nonce and a wrong issuer; creates nothing', async () => {
    const members = await count('members');
    const links = await count('social_sign_in_links');

    const visitor = browser();
    const query = new URLSearchParams(await signInAtTestProvider(await visitor.start(), 'carol'));
    const wrongState = new URLSearchParams(query);
    wrongState.set('state', 'not-the-state');
    expect((await visitor.callback(wrongState.toString())).errorCode).toBe('social_sign_in_state_invalid');
    // Another browser (without this one's cookie) cannot complete this browser's sign-in.
    expect((await browser().callback(query.toString())).errorCode).toBe('social_sign_in_state_invalid');
    const wrongIssuer = new URLSearchParams(query);
    wrongIssuer.set('iss', 'http://127.0.0.1:1');
    expect((await visitor.callback(wrongIssuer.toString())).errorCode).toBe('social_sign_in_issuer_invalid');
    // The flow was used up by the refusal: the same answer again is refused.
    expect((await visitor.callback(query.toString())).errorCode).toBe('social_sign_in_state_invalid');

    // A code sent again with a fresh flow of this browser: the provider refuses the used code.
    const fresh = browser();
    const freshQuery = new URLSearchParams(await signInAtTestProvider(await fresh.start(), 'dave'));
    expect((await fresh.callback(freshQuery.toString())).success).toBe(true);
    const replay = new URLSearchParams(await signInAtTestProvider(await fresh.start(), 'dave'));
    replay.set('code', freshQuery.get('code') ?? '');
    expect((await fresh.callback(replay.toString())).errorCode).toBe('social_sign_in_code_invalid');
    expect((await fresh.callback(freshQuery.toString())).errorCode).toBe('social_sign_in_state_invalid');

    // An ID token for another nonce than the flow's.
    const nonceBrowser = browser();
    const authorization = new URL(await nonceBrowser.start());
    authorization.searchParams.set('nonce', 'an-attacker-nonce');
    const nonceQuery = await signInAtTestProvider(authorization.toString(), 'erin');
    expect((await nonceBrowser.callback(nonceQuery)).errorCode).toBe('social_sign_in_nonce_invalid');

    expect(await count('members')).toBe(members + 1);
    expect(await count('social_sign_in_links')).toBe(links + 1);
    expect(await count('social_sign_in_links WHERE subject IN ($1, $2)', ['carol', 'erin'])).toBe(0);
  });

  it('answers auth/popup-closed-by-user when the member cancels at the provider', async () => {
    const visitor = browser();
    const query = await signInAtTestProvider(await visitor.start(), 'frank', { abort: true });
    expect(new URLSearchParams(query).get('error')).toBe('access_denied');
    expect((await visitor.callback(query)).errorCode).toBe('auth/popup-closed-by-user');
    expect(await count('social_sign_in_links WHERE subject = $1', ['frank'])).toBe(0);
  });

  it("links a provider to an existing account only with the account's password", async () => {
    const member = browser();
    const { tokens, ids } = await member.client.signInMembers(['linker']);
    const token = tokens.linker ?? '';
    const startLink = (password: string) =>
      member.client.sealed('POST', '/wps/social-sign-in/link', { providerId, password }, { moduleId: 'COMM3', token });
    const wrong = await startLink('not-the-password');
    expect(wrong.json().fieldErrors).toEqual([{ path: 'password', code: 'error_password' }]);
    const started = await startLink('Secret123');
    expect(started.json().success, started.body).toBe(true);
    const query = await signInAtTestProvider(started.json().value.authorizationUrl, 'grace');
    // The link completes only for the member who started it.
    const linked = await member.callback(query, token);
    expect(linked.value).toMatchObject({ outcome: 'linked', link: { providerId, providerName: 'Local ID' } });
    const links = await member.site('GET', '/wps/social-sign-in/links', undefined, token);
    expect(links.json().value.list).toMatchObject([{ providerId }]);

    // Signing in as grace now logs into the linked account.
    const visitor = browser();
    const signedIn = await visitor.callback(await signInAtTestProvider(await visitor.start(), 'grace'));
    expect(signedIn.value).toMatchObject({
      outcome: 'signed_in',
      created: false,
      login: { member: { id: ids.linker } },
    });

    // A subject already linked elsewhere cannot be linked again.
    const other = browser();
    const { tokens: otherTokens } = await other.client.signInMembers(['linker2']);
    const again = await other.client.sealed(
      'POST',
      '/wps/social-sign-in/link',
      { providerId, password: 'Secret123' },
      { moduleId: 'COMM3', token: otherTokens.linker2 ?? '' },
    );
    const againQuery = await signInAtTestProvider(again.json().value.authorizationUrl, 'grace');
    expect((await other.callback(againQuery, otherTokens.linker2)).errorCode).toBe('social_sign_in_already_linked');
  });

  it('asks a member with two-factor on for its code: a wrong one is refused, five tries use the hold up', async () => {
    const member = browser();
    const { tokens, ids } = await member.client.signInMembers(['twofactor']);
    const token = tokens.twofactor ?? '';
    const setup = (
      await member.client.send({ method: 'POST', url: '/wps/member/2fa/setup', moduleId: 'COMM3', token, payload: {} })
    ).json().value;
    const code = () => totpCode(setup.secret, Date.now());
    const enabled = await member.client.send({
      method: 'POST',
      url: '/wps/member/2fa/enable',
      moduleId: 'COMM3',
      token,
      payload: { code: code() },
    });
    expect(enabled.json().success, enabled.body).toBe(true);
    const started = await member.client.sealed(
      'POST',
      '/wps/social-sign-in/link',
      { providerId, password: 'Secret123' },
      { moduleId: 'COMM3', token },
    );
    const linkQuery = await signInAtTestProvider(started.json().value.authorizationUrl, 'henry');
    expect((await member.callback(linkQuery, token)).value).toMatchObject({ outcome: 'linked' });

    const visitor = browser();
    const signInHeld = async () => {
      const held = await visitor.callback(await signInAtTestProvider(await visitor.start(), 'henry'));
      expect(held).toMatchObject({ errorCode: 'login_verify_required', value: { twoFactor: true, methods: ['totp'] } });
      return held.value.verifyToken as string;
    };
    const verify = (verifyToken: string, value: string) =>
      visitor.client.sealed(
        'POST',
        '/wps/session/login/verification',
        { verifyToken, method: 'totp', code: value },
        { moduleId: 'LOGINIPVERF3' },
      );
    const sessions = () => count('member_sessions WHERE member_id = $1', [ids.twofactor]);
    const before = await sessions();

    // The same five tries a held password login has: then even the right code is too late.
    const first = await signInHeld();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await verify(first, '000000')).json().fieldErrors).toEqual([
        { path: 'code', code: 'verification_code_invalid' },
      ]);
    }
    expect((await verify(first, code())).json().errorCode).toBe('verification_code_expired');
    expect(await sessions()).toBe(before);

    const second = await signInHeld();
    expect((await verify(second, '111111')).json().fieldErrors[0].code).toBe('verification_code_invalid');
    const signedIn = await verify(second, code());
    expect(signedIn.json().value, signedIn.body).toMatchObject({ member: { id: ids.twofactor } });
    expect(await sessions()).toBe(before + 1);
    expect(
      await count("member_logins WHERE member_id = $1 AND method = 'social' AND reason = 'two_factor'", [
        ids.twofactor,
      ]),
    ).toBe(2);
  });

  it("unlinks only the member's own link, with its password, audited; the subject then signs in apart", async () => {
    const member = browser();
    const { tokens, ids } = await member.client.signInMembers(['unlinker']);
    const token = tokens.unlinker ?? '';
    const started = await member.client.sealed(
      'POST',
      '/wps/social-sign-in/link',
      { providerId, password: 'Secret123' },
      { moduleId: 'COMM3', token },
    );
    await member.callback(await signInAtTestProvider(started.json().value.authorizationUrl, 'ivan'), token);
    const listed = (await member.site('GET', '/wps/social-sign-in/links', undefined, token)).json().value.list;
    expect(listed).toMatchObject([{ id: expect.any(String), providerId, providerName: 'Local ID' }]);
    const linkId = listed[0].id as string;
    const unlink = (client: typeof member.client, as: string, body: object) =>
      client.sealed('POST', '/wps/social-sign-in/unlink', body, { moduleId: 'COMM3', token: as });
    const links = () => count('social_sign_in_links WHERE member_id = $1', [ids.unlinker]);

    // Someone else, with its own right password: not found, nothing changed.
    const intruder = browser();
    const { tokens: intruderTokens } = await intruder.client.signInMembers(['intruder']);
    const foreign = await unlink(intruder.client, intruderTokens.intruder ?? '', { linkId, password: 'Secret123' });
    expect(foreign.json().errorCode).toBe('not_found');
    expect(await links()).toBe(1);

    const wrong = await unlink(member.client, token, { linkId, password: 'not-the-password' });
    expect(wrong.json().fieldErrors).toEqual([{ path: 'password', code: 'error_password' }]);
    const unknown = await unlink(member.client, token, {
      linkId: '00000000-0000-4000-8000-000000000000',
      password: 'Secret123',
    });
    expect(unknown.json().errorCode).toBe('not_found');
    const malformed = await unlink(member.client, token, { linkId: 'abc', password: 'Secret123' });
    expect(malformed.json().fieldErrors).toEqual([{ path: 'linkId', code: 'field_invalid' }]);
    const visitorTry = await member.client.sealed(
      'POST',
      '/wps/social-sign-in/unlink',
      { linkId, password: 'Secret123' },
      { moduleId: 'COMM3' },
    );
    expect(visitorTry.json().success).toBe(false);
    expect(await links()).toBe(1);

    const done = await unlink(member.client, token, { linkId, password: 'Secret123' });
    expect(done.json(), done.body).toMatchObject({ success: true });
    expect(await links()).toBe(0);
    expect((await member.site('GET', '/wps/social-sign-in/links', undefined, token)).json().value.list).toEqual([]);
    expect((await unlink(member.client, token, { linkId, password: 'Secret123' })).json().errorCode).toBe('not_found');

    const audit = await t.database.pool.query(
      `SELECT action, operator_id, details FROM audit_log WHERE target = $1 AND action LIKE 'social_sign_in.member_%'
       ORDER BY id`,
      [ids.unlinker],
    );
    expect(audit.rows).toMatchObject([
      { action: 'social_sign_in.member_link', operator_id: null, details: { linkId, providerId } },
      { action: 'social_sign_in.member_unlink', operator_id: null, details: { linkId, providerId } },
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain('Secret123');

    // The member still signs in with its password; the provider's subject is no longer its way in.
    const visitor = browser();
    const after = await visitor.callback(await signInAtTestProvider(await visitor.start(), 'ivan'));
    expect(after.value).toMatchObject({ outcome: 'signed_in', created: true });
    expect(after.value.login.member.id).not.toBe(ids.unlinker);
  });

  it('rate-limits the callback per address', async () => {
    const flood = memberClient(t, { ip: '10.9.9.9' });
    let last = '';
    for (let at = 0; at < 25; at++) {
      last = (
        await flood.send({
          method: 'POST',
          url: '/wps/social-sign-in/callback',
          moduleId: 'COMM3',
          payload: { query: 'state=x&code=y' },
        })
      ).json().errorCode;
    }
    expect(last).toBe('too_many_requests');
  });
});
