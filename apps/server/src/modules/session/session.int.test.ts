import { sealPayload } from '@tessera/client-crypto';
import type { MerchantSettings } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

let t: TestApp;
let captchaText = 'ABCD';
let client: ReturnType<typeof memberClient>;

const editDemo = async (change: (s: MerchantSettings) => void) => {
  const row = await t.services.merchants.get('demo');
  if (!row) throw new Error('no demo merchant');
  const settings = structuredClone(row.settings);
  change(settings);
  await t.services.merchants.update('demo', row.version, settings);
};

const register = async (username: string, extra: Record<string, unknown> = {}, ip?: string) =>
  client.sealed(
    'PUT',
    '/wps/member/register',
    {
      username,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      termsAccepted: true,
      botCheck: await client.botCheck(),
      ...extra,
    },
    { moduleId: 'REG3', ...(ip ? { ip } : {}) },
  );

const login = async (username: string, password: string, extra: Record<string, unknown> = {}, ip?: string) =>
  client.sealed(
    'POST',
    '/wps/session/login',
    { username, password, botCheck: await client.botCheck(), ...extra },
    { moduleId: 'COMM3', ...(ip ? { ip } : {}) },
  );

const memberCount = async () =>
  (await t.database.pool.query('SELECT count(*)::int AS n FROM members')).rows[0].n as number;

beforeAll(async () => {
  t = await createTestApp({}, { captchaText: () => captchaText });
  client = memberClient(t);
  // The demo's default rules, minus registration SMS, so the username form alone registers.
  await editDemo((s) => {
    s.whitelabel = s.whitelabel.map((node) => ({
      ...node,
      childrenNodes: node.childrenNodes.filter((child) => child.modId !== 'REGMOBVERF3'),
    }));
  });
});
afterAll(async () => {
  await t.close();
});

describe('sealed payloads', () => {
  it('refuses a plain body on an (enc) endpoint', async () => {
    const response = await client.send({
      method: 'POST',
      url: '/wps/session/login',
      moduleId: 'COMM3',
      payload: { username: 'a', password: 'b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request_body_required');
  });

  it('refuses a tampered body, a body sealed for another endpoint, a replay and a stale one', async () => {
    const key = await client.payloadKey();
    const body = { username: 'nobody1', password: 'x', botCheck: await client.botCheck() };
    const sealed = sealPayload(key, 'POST', '/wps/session/login', body);
    const flipped = structuredClone(sealed);
    flipped.sealed.ct = `${flipped.sealed.ct.slice(0, 10)}${flipped.sealed.ct[10] === 'A' ? 'B' : 'A'}${flipped.sealed.ct.slice(11)}`;
    const post = (payload: unknown, url = '/wps/session/login') =>
      client.send({ method: 'POST', url, moduleId: 'COMM3', payload: payload as never });
    expect((await post(flipped)).json().errorCode).toBe('request_body_invalid');
    const elsewhere = sealPayload(key, 'POST', '/wps/member/password', body);
    expect((await post(elsewhere)).json().errorCode).toBe('request_body_invalid');
    expect((await post(sealed)).json().errorCode).toBe('login_failed');
    const replay = await post(sealed);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().errorCode).toBe('request_replayed');
    const stale = sealPayload(key, 'POST', '/wps/session/login', body, Date.now() - 10 * 60_000);
    expect((await post(stale)).json().errorCode).toBe('request_expired');
  });
});

describe('registration', () => {
  it('registers by username and logs in, storing an argon2id hash', async () => {
    const response = await register('Alice01');
    expect(response.statusCode).toBe(200);
    const value = response.json().value;
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.member).toMatchObject({ account: 'Alice01', isAgent: false, isTrial: false, firstTimeLogin: true });
    const info = await client.send({ method: 'GET', url: '/wps/member/info', moduleId: 'COMM3', token: value.token });
    expect(info.json().value.account).toBe('Alice01');
    const stored = await t.database.pool.query("SELECT password_hash FROM members WHERE username = 'alice01'");
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses bad fields one by one with their codes, and creates nothing', async () => {
    const before = await memberCount();
    const response = await register('1bad', { confirmPassword: 'Other123', termsAccepted: false });
    expect(response.statusCode).toBe(400);
    const errors = response.json().fieldErrors;
    expect(errors).toEqual(expect.arrayContaining([{ path: 'termsAccepted', code: 'must_agree_terms' }]));
    expect(await memberCount()).toBe(before);
    const fields = await register('1bad', { confirmPassword: 'Other123' });
    expect(fields.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'username', code: 'reg_pattern_1', params: { min: 6, max: 16 } },
        { path: 'confirmPassword', code: 'inconsistent_twice' },
      ]),
    );
    expect(await memberCount()).toBe(before);
  });

  it('checks the birthday is at least 21 years ago when the merchant asks for it', async () => {
    await editDemo((s) => {
      s.registerRules.birthday = {
        enabled: true,
        required: true,
        acceptedPattern: '*',
        patternId: 11,
        minLength: 10,
        maxLength: 10,
      };
    });
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 20);
    const response = await register('Youngster', { birthday: young.toISOString().slice(0, 10) });
    expect(response.json().fieldErrors).toEqual([
      { path: 'birthday', code: 'birthday_under_age', params: { age: 21 } },
    ]);
    const ok = await register('Grownup1', { birthday: '1990-05-17' });
    expect(ok.json().success).toBe(true);
    await editDemo((s) => {
      delete s.registerRules.birthday;
    });
  });

  it('creates exactly one account when the same username registers five times at once', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => register('Racer007')));
    const codes = results.map((r) => (r.json().success ? 'ok' : r.json().fieldErrors?.[0]?.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'username_taken')).toHaveLength(4);
    const rows = await t.database.pool.query("SELECT count(*)::int AS n FROM members WHERE username = 'racer007'");
    expect(rows.rows[0].n).toBe(1);
  });

  it('checks an affiliate code against the merchant’s agents', async () => {
    const agent = await t.services.members.create({
      merchantCode: 'demo',
      username: 'agentsmith',
      account: 'AgentSmith',
      nickname: 'Agent',
      passwordHash: await hashPassword('Agent12345'),
      type: 1,
      affiliateCode: 'SMITH42',
    });
    expect('row' in agent).toBe(true);
    const good = await client.send({ method: 'GET', url: '/wps/agent/affiliate?code=SMITH42', moduleId: 'AFFMAN3' });
    expect(good.json().value).toEqual({ code: 'SMITH42' });
    const bad = await client.send({ method: 'GET', url: '/wps/agent/affiliate?code=NOPE', moduleId: 'AFFMAN3' });
    expect(bad.json().errorCode).toBe('invitation_code_error');
    const refused = await register('Invited1', { affiliateCode: 'NOPE1' });
    expect(refused.json().fieldErrors).toEqual([{ path: 'affiliateCode', code: 'invitation_code_error' }]);
    const invited = await register('Invited2', { affiliateCode: 'SMITH42' });
    expect(invited.json().success).toBe(true);
    const upline = await t.database.pool.query("SELECT upline_id FROM members WHERE username = 'invited2'");
    expect(upline.rows[0].upline_id).toBe('row' in agent ? agent.row.id : null);
  });

  it('registers by mobile number with the SMS code read from the outbox', async () => {
    const send = await client.send({
      method: 'POST',
      url: '/wps/verification/sms/register',
      moduleId: 'MOBILENUMREG3',
      payload: { mobileNo: '91234567', countryDialingCode: '65', botCheck: await client.botCheck() },
    });
    expect(send.json().value).toEqual({ expiredMinutes: 5 });
    const code = await client.lastCode('+6591234567');
    const wrong = await client.sealed(
      'PUT',
      '/wps/member/register/mobile',
      {
        mobileNum: '91234567',
        countryDialingCode: '65',
        verificationCode: '000000',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        termsAccepted: true,
        botCheck: await client.botCheck(),
      },
      { moduleId: 'MOBILENUMREG3' },
    );
    expect(wrong.json().fieldErrors?.[0]?.path).toBe('verificationCode');
    const response = await client.sealed(
      'PUT',
      '/wps/member/register/mobile',
      {
        mobileNum: '91234567',
        countryDialingCode: '65',
        verificationCode: code,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        termsAccepted: true,
        botCheck: await client.botCheck(),
      },
      { moduleId: 'MOBILENUMREG3' },
    );
    expect(response.json().success).toBe(true);
    expect(response.json().value.member.mobileMasked).toBe('+65•••••567');
    const reuse = await client.sealed(
      'PUT',
      '/wps/member/register/mobile',
      {
        mobileNum: '91234567',
        countryDialingCode: '65',
        verificationCode: code,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        termsAccepted: true,
        botCheck: await client.botCheck(),
      },
      { moduleId: 'MOBILENUMREG3' },
    );
    expect(reuse.json().success).toBe(false);
  });

  it('refuses a registration without a solved bot check', async () => {
    const response = await client.sealed(
      'PUT',
      '/wps/member/register',
      {
        username: 'Botty123',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        termsAccepted: true,
        botCheck: 'eyJub3QiOiJzb2x2ZWQifQ==',
      },
      { moduleId: 'REG3' },
    );
    expect(response.json().fieldErrors).toEqual([{ path: 'botCheck', code: 'bot_check_failed' }]);
  });
});

describe('login', () => {
  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await login('ghost999', 'Secret123');
    const wrong = await login('Alice01', 'Wrong1234');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('asks for the captcha after three wrong passwords, then requires and checks it', async () => {
    await register('Capper01');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await login('Capper01', 'Wrong1234')).json());
    expect(answers.map((a) => a.value.captcha)).toEqual([false, false, true]);
    const without = await login('Capper01', 'Secret123');
    expect(without.json()).toMatchObject({ errorCode: 'captcha_required', value: { captcha: true } });
    captchaText = 'WXYZ';
    const image = await client.send({ method: 'GET', url: '/wps/captcha', moduleId: 'CAPTCHA3' });
    expect(Buffer.from(image.json().value, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(image.cookies.some((c: { name: string; httpOnly?: boolean }) => c.name === 'captchaId' && c.httpOnly)).toBe(
      true,
    );
    const wrongCaptcha = await login('Capper01', 'Secret123', { captcha: 'AAAA' });
    expect(wrongCaptcha.json().errorCode).toBe('captcha_invalid');
    await new Promise((r) => setTimeout(r, 1100));
    await client.send({ method: 'GET', url: '/wps/captcha', moduleId: 'CAPTCHA3' });
    const ok = await login('Capper01', 'Secret123', { captcha: 'wxyz' });
    expect(ok.json().success).toBe(true);
  });

  it('logs in by SMS code', async () => {
    const send = await client.send({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      moduleId: 'VERIFICATION3',
      payload: { mobileNum: '91234567', countryDialingCode: '+65', botCheck: await client.botCheck() },
    });
    expect(send.json().success).toBe(true);
    const code = await client.lastCode('+6591234567');
    const response = await client.sealed(
      'POST',
      '/wps/session/login',
      { username: '91234567', password: code, type: 'sms', countryDialingCode: '65' },
      { moduleId: 'COMM3' },
    );
    expect(response.json().value.member.account).toBe('91234567');
  });

  it('caps codes per number per hour with sms_quota_exceeded, for a member’s number and a stranger’s alike', async () => {
    const send = async (mobileNum: string) =>
      client.send({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        moduleId: 'VERIFICATION3',
        payload: { mobileNum, countryDialingCode: '+65', botCheck: await client.botCheck() },
      });
    const outbox = async () =>
      (await t.database.pool.query('SELECT count(*)::int AS n FROM outbox_messages')).rows[0].n as number;
    // Ten sends already this hour for each number (the cap), as if made earlier, and none this second.
    await t.database.pool.query(`DELETE FROM rate_limit_counters WHERE key LIKE 'code:demo:%'`);
    for (const number of ['91234567', '98887777']) {
      await t.database.pool.query(
        `INSERT INTO rate_limit_counters (key, window_start, count) VALUES ($1, now(), 10)
         ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 10`,
        [`code:demo:+65${number}:h`],
      );
    }
    const before = await outbox();
    try {
      for (const number of ['91234567', '98887777']) {
        const response = await send(number);
        expect(response.statusCode).toBe(429);
        expect(response.json().errorCode).toBe('sms_quota_exceeded');
      }
      expect(await outbox()).toBe(before);
    } finally {
      await t.database.pool.query(`DELETE FROM rate_limit_counters WHERE key LIKE 'code:demo:%'`);
    }
  });

  it('forces a change after logging in with the default password, without asking for the old one', async () => {
    await t.services.members.create({
      merchantCode: 'demo',
      username: 'defaulty',
      account: 'Defaulty',
      nickname: 'D',
      passwordHash: await hashPassword('123456'),
    });
    const first = (await login('Defaulty', '123456')).json().value;
    expect(first.mustChangePassword).toBe(true);
    const change = await client.sealed(
      'POST',
      '/wps/member/password',
      { newPassword: 'Better123', confirmNewPassword: 'Better123' },
      { moduleId: 'PASS3', token: first.token },
    );
    expect(change.json()).toMatchObject({ success: true });
    const again = (await login('Defaulty', 'Better123')).json().value;
    expect(again.mustChangePassword).toBe(false);
  });

  it('ends other sessions when the password changes, and the session itself at logout', async () => {
    const a = (await login('Alice01', 'Secret123')).json().value.token;
    const b = (await login('Alice01', 'Secret123')).json().value.token;
    const weak = await client.sealed(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Secret123', newPassword: 'Secret123', confirmNewPassword: 'x' },
      { moduleId: 'PASS3', token: a },
    );
    expect(weak.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'newPassword', code: 'password_same_as_old' },
        { path: 'confirmNewPassword', code: 'inconsistent_twice' },
      ]),
    );
    await client.sealed(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Secret123', newPassword: 'Newer1234', confirmNewPassword: 'Newer1234' },
      { moduleId: 'PASS3', token: a },
    );
    const info = (token: string) => client.send({ method: 'GET', url: '/wps/member/info', moduleId: 'COMM3', token });
    expect((await info(b)).statusCode).toBe(401);
    expect((await info(a)).statusCode).toBe(200);
    await client.send({ method: 'DELETE', url: '/wps/session/logout', moduleId: 'COMM3', token: a });
    expect((await info(a)).json().errorCode).toBe('login.not.session');
  });

  it('asks for verification from a new IP and completes it with the SMS code', async () => {
    // The member registered (and so logged in) from 127.0.0.1; 10.2.2.2 is new to it.
    const fromNewIp = await login('91234567', 'Secret123', {}, '10.2.2.2');
    expect(fromNewIp.statusCode).toBe(403);
    const challenge = fromNewIp.json();
    expect(challenge.errorCode).toBe('login_verify_required');
    expect(challenge.value.methods).toContain('sms');
    expect(challenge.value).not.toHaveProperty('token');
    await new Promise((r) => setTimeout(r, 1100));
    await client.send({
      method: 'POST',
      url: '/wps/session/login/verification/code',
      moduleId: 'LOGINIPVERF3',
      ip: '10.2.2.2',
      payload: { verifyToken: challenge.value.verifyToken, method: 'sms' },
    });
    const code = await client.lastCode('+6591234567');
    const verified = await client.sealed(
      'POST',
      '/wps/session/login/verification',
      { verifyToken: challenge.value.verifyToken, method: 'sms', code },
      { moduleId: 'LOGINIPVERF3', ip: '10.2.2.2' },
    );
    expect(verified.json().success).toBe(true);
    expect((await login('91234567', 'Secret123', {}, '10.2.2.2')).json().success).toBe(true);
  });

  it('refuses a non-agent at the agent page and a trial account at the member entry', async () => {
    expect((await login('Alice01', 'Newer1234', { agentLogin: true }, '127.0.0.1')).json().errorCode).toBe(
      'error_not_agent',
    );
    expect((await login('AgentSmith', 'Agent12345', { agentLogin: true })).json().success).toBe(true);
    await t.services.members.create({
      merchantCode: 'demo',
      username: 'trialuser',
      account: 'trialuser',
      nickname: 'T',
      type: 4,
      passwordHash: await hashPassword('Trial12345'),
    });
    expect((await login('trialuser', 'Trial12345')).json().errorCode).toBe('member_no_enter');
  });

  it('starts a free-play trial account', async () => {
    const response = await client.send({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      moduleId: 'FREEPLAY3',
      payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
    });
    const value = response.json().value;
    expect(value.member).toMatchObject({ type: 4, isTrial: true });
    const change = await client.sealed(
      'POST',
      '/wps/member/password',
      { oldPassword: 'x', newPassword: 'Abc123456', confirmNewPassword: 'Abc123456' },
      { moduleId: 'PASS3', token: value.token },
    );
    expect(change.json().errorCode).toBe('in_need_true_account');
  });
});

describe('a session on read paths', () => {
  it('is checked without a write, its idle clock written at most once a minute', async () => {
    const started = await client.send({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      moduleId: 'FREEPLAY3',
      payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
    });
    const token = started.json().value.token as string;
    const memberId = started.json().value.member.id as string;
    const setLastSeen = async (secondsAgo: number) => {
      await t.database.pool.query(
        `UPDATE member_sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE member_id = $1`,
        [memberId, secondsAgo],
      );
      // The session is kept in memory between reads; the clock moved back tells the instance to read it again.
      await t.cachesSettled();
    };
    const lastSeenAgo = async () =>
      (
        await t.database.pool.query<{ ago: number }>(
          'SELECT extract(epoch FROM now() - last_seen_at)::int AS ago FROM member_sessions WHERE member_id = $1',
          [memberId],
        )
      ).rows[0]?.ago;
    const read = async () =>
      (await client.send({ method: 'GET', url: '/wps/v2/wallets/balance', moduleId: 'COMM3', token })).json();

    await setLastSeen(30);
    expect((await read()).success).toBe(true);
    expect(await lastSeenAgo()).toBeGreaterThanOrEqual(29);

    await setLastSeen(90);
    expect((await read()).success).toBe(true);
    expect(await lastSeenAgo()).toBeLessThanOrEqual(1);

    // Idle past the limit: the session is over, whatever the write schedule.
    await setLastSeen(3 * 60 * 60);
    expect((await read()).errorCode).toBe('login.not.session');
  });
});
