import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { totpCode } from '../../platform/security/totp';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let token: string;

const login = async (username: string, password: string) =>
  client.sealed(
    'POST',
    '/wps/session/login',
    { username, password, botCheck: await client.botCheck() },
    { moduleId: 'COMM3' },
  );

const pause = () => new Promise((r) => setTimeout(r, 1100));

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  const response = await client.sealed(
    'PUT',
    '/wps/member/register',
    {
      username: 'Keeper01',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      email: 'keeper@example.com',
      mobileNum: '81234567',
      countryDialingCode: '65',
      verificationCode: '',
      termsAccepted: true,
      botCheck: await client.botCheck(),
    },
    { moduleId: 'REG3' },
  );
  // The demo merchant verifies registration numbers by SMS: send and use the code.
  if (!response.json().success) {
    await client.send({
      method: 'POST',
      url: '/wps/verification/sms/register',
      moduleId: 'REGMOBVERF3',
      payload: { mobileNo: '81234567', countryDialingCode: '65', botCheck: await client.botCheck() },
    });
    const code = await client.lastCode('+6581234567');
    const second = await client.sealed(
      'PUT',
      '/wps/member/register',
      {
        username: 'Keeper01',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        email: 'keeper@example.com',
        mobileNum: '81234567',
        countryDialingCode: '65',
        verificationCode: code,
        termsAccepted: true,
        botCheck: await client.botCheck(),
      },
      { moduleId: 'REG3' },
    );
    token = second.json().value.token;
  } else {
    token = response.json().value.token;
  }
});
afterAll(async () => {
  await t.close();
});

describe('forgot password', () => {
  it('e-mails a single-use reset link, and answers an unknown user the same', async () => {
    const form = (username: string, email: string) =>
      t.request({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { ModuleId: 'COMM3', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${encodeURIComponent(username)}&email=${encodeURIComponent(email)}`,
      });
    const unknown = await form('nobody77', 'nobody@example.com');
    const known = await form('Keeper01', 'keeper@example.com');
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().success).toBe(true);
    const mail = await t.database.pool.query("SELECT body FROM outbox_messages WHERE recipient = 'keeper@example.com'");
    expect(mail.rows).toHaveLength(1);
    const resetToken = /resetToken=([A-Za-z0-9_-]+)/.exec(mail.rows[0].body)?.[1] ?? '';
    expect(mail.rows[0].body).toContain('http://localhost:8080/?resetToken=');
    const reset = (body: Record<string, string>) =>
      client.sealed('POST', '/wps/member/password/reset', body, { moduleId: 'COMM3' });
    const weak = await reset({ token: resetToken, newPassword: 'short', confirmNewPassword: 'short' });
    expect(weak.json().fieldErrors[0].path).toBe('newPassword');
    const done = await reset({ token: resetToken, newPassword: 'Reset1234', confirmNewPassword: 'Reset1234' });
    expect(done.json().value).toEqual({ account: 'Keeper01' });
    const again = await reset({ token: resetToken, newPassword: 'Again1234', confirmNewPassword: 'Again1234' });
    expect(again.json().errorCode).toBe('verification_code_expired');
    expect((await login('Keeper01', 'Reset1234')).json().success).toBe(true);
    const info = await client.send({ method: 'GET', url: '/wps/member/info', moduleId: 'COMM3', token });
    expect(info.statusCode).toBe(401);
  });

  it('sets a new password by phone with the reset SMS code', async () => {
    await pause(); // one SMS per second per number
    await client.send({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      moduleId: 'VERIFICATION3',
      payload: { mobileNum: '81234567', countryDialingCode: '65', purpose: 'reset', botCheck: await client.botCheck() },
    });
    const code = await client.lastCode('+6581234567');
    const response = await client.sealed(
      'POST',
      '/wps/member/password/verification',
      {
        mobileNum: '81234567',
        countryDialingCode: '65',
        verificationCode: code,
        newPassword: 'Phone1234',
        confirmNewPassword: 'Phone1234',
      },
      { moduleId: 'CHNGPASSVERIF3' },
    );
    expect(response.json().value).toEqual({ account: 'Keeper01' });
    const value = (await login('Keeper01', 'Phone1234')).json().value;
    expect(value.member.account).toBe('Keeper01');
    token = value.token;
  });
});

describe('two-factor', () => {
  it('enrols with a confirmed code, then asks for it at every login; a recovery code works once', async () => {
    const setup = (
      await client.send({ method: 'POST', url: '/wps/member/2fa/setup', moduleId: 'COMM3', token, payload: {} })
    ).json().value;
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    const stored = await t.database.pool.query("SELECT totp_secret FROM members WHERE username = 'keeper01'");
    expect(stored.rows[0].totp_secret).not.toContain(setup.secret);
    const wrong = await client.send({
      method: 'POST',
      url: '/wps/member/2fa/enable',
      moduleId: 'COMM3',
      token,
      payload: { code: '000000' },
    });
    expect(wrong.json().fieldErrors).toEqual([{ path: 'code', code: 'verification_code_invalid' }]);
    const enabled = await client.send({
      method: 'POST',
      url: '/wps/member/2fa/enable',
      moduleId: 'COMM3',
      token,
      payload: { code: totpCode(setup.secret, Date.now()) },
    });
    const recoveryCodes: string[] = enabled.json().value.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);

    const held = (await login('Keeper01', 'Phone1234')).json();
    expect(held).toMatchObject({ errorCode: 'login_verify_required', value: { twoFactor: true, methods: ['totp'] } });
    const verify = (verifyToken: string, code: string) =>
      client.sealed(
        'POST',
        '/wps/session/login/verification',
        { verifyToken, method: 'totp', code },
        { moduleId: 'LOGINIPVERF3' },
      );
    const bySms = await client.sealed(
      'POST',
      '/wps/session/login/verification',
      { verifyToken: held.value.verifyToken, method: 'sms', code: '123456' },
      { moduleId: 'LOGINIPVERF3' },
    );
    expect(bySms.json().fieldErrors).toEqual([{ path: 'method', code: 'field_not_allowed' }]);
    expect((await verify(held.value.verifyToken, totpCode(setup.secret, Date.now()))).json().success).toBe(true);

    const second = (await login('Keeper01', 'Phone1234')).json();
    const byRecovery = await verify(second.value.verifyToken, recoveryCodes[0] ?? '');
    expect(byRecovery.json().success).toBe(true);
    token = byRecovery.json().value.token;
    const third = (await login('Keeper01', 'Phone1234')).json();
    expect((await verify(third.value.verifyToken, recoveryCodes[0] ?? '')).json().fieldErrors[0].code).toBe(
      'verification_code_invalid',
    );

    const disable = await client.sealed(
      'POST',
      '/wps/member/2fa/disable',
      { password: 'Phone1234', code: totpCode(setup.secret, Date.now()) },
      { moduleId: 'COMM3', token },
    );
    expect(disable.json().success).toBe(true);
    expect((await login('Keeper01', 'Phone1234')).json().success).toBe(true);
  });
});

describe('withdraw password and history', () => {
  it('sets the withdraw password with the login password, then changes it with the old one', async () => {
    const put = (body: Record<string, string>) =>
      client.sealed('PUT', '/wps/member/withdrawPassword', body, { moduleId: 'COMM3', token });
    const same = await put({
      currentPassword: 'Phone1234',
      newWithdrawPassword: 'Phone1234',
      confirmWithdrawPassword: 'Phone1234',
    });
    expect(same.json().fieldErrors).toEqual([{ path: 'newWithdrawPassword', code: 'withdraw_password_same_as_login' }]);
    expect(
      (
        await put({ currentPassword: 'Phone1234', newWithdrawPassword: '246810', confirmWithdrawPassword: '246810' })
      ).json().success,
    ).toBe(true);
    const wrongOld = await put({
      currentPassword: 'Phone1234',
      newWithdrawPassword: '135790',
      confirmWithdrawPassword: '135790',
    });
    expect(wrongOld.json().fieldErrors).toEqual([{ path: 'currentPassword', code: 'error_password' }]);
    expect(
      (
        await put({ currentPassword: '246810', newWithdrawPassword: '135790', confirmWithdrawPassword: '135790' })
      ).json().success,
    ).toBe(true);
    const info = (await client.send({ method: 'GET', url: '/wps/member/info', moduleId: 'COMM3', token })).json().value;
    expect(info.hasWithdrawPassword).toBe(true);
  });

  it('lists the member’s logins newest first, and the countries with the merchant’s own first', async () => {
    const history = (
      await client.send({ method: 'GET', url: '/wps/member/loginHistory?pageSize=5', moduleId: 'COMM3', token })
    ).json().value;
    expect(history.length).toBeGreaterThan(0);
    expect(Date.parse(history[0].at)).toBeGreaterThanOrEqual(Date.parse(history[history.length - 1].at));
    const countries = (await client.send({ method: 'GET', url: '/wps/system/country', moduleId: 'COMM3' })).json()
      .value;
    expect(countries[0]).toEqual({ countryCode: 'SG', countryDialingCode: '65' });
  });
});

describe('operators and members', () => {
  it('finds a member, shows its logins, locks it out and lets it back in, audited', async () => {
    const owner = await t.operatorToken();
    const found = (
      await t.request({ method: 'GET', url: '/api/admin/members?q=keeper', headers: { authorization: owner } })
    ).json().value;
    expect(found.map((m: { account: string }) => m.account)).toEqual(['Keeper01']);
    const id = found[0].id;
    const detail = (
      await t.request({ method: 'GET', url: `/api/admin/members/${id}`, headers: { authorization: owner } })
    ).json().value;
    expect(detail.logins.length).toBeGreaterThan(0);
    const lock = await t.request({
      method: 'POST',
      url: `/api/admin/members/${id}/lock`,
      headers: { authorization: owner },
      payload: { locked: true, reason: 'chargeback review' },
    });
    expect(lock.json().value.locked).toBe(true);
    expect((await client.send({ method: 'GET', url: '/wps/member/info', moduleId: 'COMM3', token })).statusCode).toBe(
      401,
    );
    expect((await login('Keeper01', 'Phone1234')).json().errorCode).toBe('account_locked');
    const refused = await t.database.pool.query(
      'SELECT reason FROM member_logins WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    );
    expect(refused.rows[0].reason).toBe('locked');
    await t.request({
      method: 'POST',
      url: `/api/admin/members/${id}/lock`,
      headers: { authorization: owner },
      payload: { locked: false, reason: 'cleared' },
    });
    expect((await login('Keeper01', 'Phone1234')).json().success).toBe(true);
    const actions = (
      await t.database.pool.query("SELECT action FROM audit_log WHERE action LIKE 'member.%' ORDER BY id")
    ).rows;
    expect(actions.map((r) => r.action)).toEqual(['member.lock', 'member.unlock']);
  });

  it('resets a password to a temporary one that must be changed at next login', async () => {
    const owner = await t.operatorToken();
    const [member] = (
      await t.request({ method: 'GET', url: '/api/admin/members?q=keeper', headers: { authorization: owner } })
    ).json().value;
    const reset = await t.request({
      method: 'POST',
      url: `/api/admin/members/${member.id}/resetPassword`,
      headers: { authorization: owner },
      payload: { reason: 'member called support' },
    });
    const temporary = reset.json().value.temporaryPassword;
    const value = (await login('Keeper01', temporary)).json().value;
    expect(value.mustChangePassword).toBe(true);
  });

  it('shows the outbox to support and hides members from a finance operator’s lock', async () => {
    const owner = await t.operatorToken();
    const outbox = (
      await t.request({ method: 'GET', url: '/api/admin/outbox', headers: { authorization: owner } })
    ).json().value;
    expect(outbox.list.some((m: { channel: string }) => m.channel === 'email')).toBe(true);
    await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { authorization: owner },
      payload: {
        username: 'money',
        displayName: 'Money',
        password: 'Money-Pass-123',
        role: 'finance',
        merchantCode: 'demo',
      },
    });
    const finance = await t.operatorToken('money', 'Money-Pass-123');
    const [member] = (
      await t.request({ method: 'GET', url: '/api/admin/members?q=keeper', headers: { authorization: finance } })
    ).json().value;
    const lock = await t.request({
      method: 'POST',
      url: `/api/admin/members/${member.id}/lock`,
      headers: { authorization: finance },
      payload: { locked: true, reason: 'x' },
    });
    expect(lock.json().errorCode).toBe('forbidden');
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/outbox', headers: { authorization: finance } })).json()
        .errorCode,
    ).toBe('forbidden');
  });
});
