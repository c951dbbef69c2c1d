import type { MerchantDetail } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/test-app';
import { demoMerchantSettings } from '../merchants';

let t: TestApp;
let owner: string;

const auth = (token: string) => ({ authorization: token });
const getDemo = async (token = owner): Promise<MerchantDetail> =>
  (await t.request({ method: 'GET', url: '/api/admin/merchants/demo', headers: auth(token) })).json().value;
const putDemo = (body: unknown, token = owner) =>
  t.request({ method: 'PUT', url: '/api/admin/merchants/demo', headers: auth(token), payload: body as object });
const auditActions = async (): Promise<string[]> =>
  (await t.database.pool.query('SELECT action FROM audit_log ORDER BY id')).rows.map((r) => r.action);
const siteStatus = async () =>
  (await t.request({ method: 'GET', url: '/wps/system/status', headers: { ModuleId: 'COMM3' } })).json().value;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.operatorToken();
});
afterAll(async () => {
  await t.close();
});

describe('operator sign-in', () => {
  it('gives an unknown user and a wrong password the same answer, and audits both', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/api/admin/session/login',
      payload: { username: 'owner', password: 'not-the-password' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/admin/session/login',
      payload: { username: 'ghost', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errorCode).toBe('operator_login_failed');
    const failures = await t.database.pool.query(
      "SELECT target, details FROM audit_log WHERE action = 'operator.login_failed' ORDER BY id",
    );
    expect(failures.rows.map((r) => r.target)).toEqual(['owner', 'ghost']);
    expect(JSON.stringify(failures.rows)).not.toContain('not-the-password');
  });

  it('locks an account after five failures, even against the right password', async () => {
    const create = await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: auth(owner),
      payload: {
        username: 'locky',
        displayName: 'Locky',
        password: 'Locky-Pass-123',
        role: 'support',
        merchantCode: null,
      },
    });
    expect(create.json().success).toBe(true);
    for (let i = 0; i < 5; i++) {
      await t.request({
        method: 'POST',
        url: '/api/admin/session/login',
        payload: { username: 'locky', password: 'wrong-pass-1' },
      });
    }
    const right = await t.request({
      method: 'POST',
      url: '/api/admin/session/login',
      payload: { username: 'locky', password: 'Locky-Pass-123' },
    });
    expect(right.json().errorCode).toBe('operator_login_failed');
  });

  it('stores only a hash of the session token, and logout revokes it', async () => {
    const token = await t.operatorToken();
    const stored = await t.database.pool.query('SELECT token_hash FROM operator_sessions');
    expect(stored.rows.some((r) => r.token_hash === token)).toBe(false);
    const me = await t.request({ method: 'GET', url: '/api/admin/session/me', headers: auth(token) });
    expect(me.json().value).toMatchObject({ username: 'owner', role: 'owner', merchantCode: null });
    await t.request({ method: 'DELETE', url: '/api/admin/session/logout', headers: auth(token) });
    const after = await t.request({ method: 'GET', url: '/api/admin/session/me', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe('login.not.session');
  });
});

describe('merchant settings', () => {
  it('switches maintenance on and off with immediate effect on the site, audited with before and after', async () => {
    const before = await getDemo();
    const on = await putDemo({
      version: before.version,
      settings: { ...before.settings, maintenance: { ...before.settings.maintenance, enabled: true } },
    });
    expect(on.json().success).toBe(true);
    expect((await siteStatus()).maintenance).toBe(true);
    const current = await getDemo();
    await putDemo({
      version: current.version,
      settings: { ...current.settings, maintenance: { ...current.settings.maintenance, enabled: false } },
    });
    expect((await siteStatus()).maintenance).toBe(false);
    const entries = await t.database.pool.query(
      "SELECT operator_username, merchant_code, ip, details FROM audit_log WHERE action = 'merchant.update' ORDER BY id",
    );
    expect(entries.rows).toHaveLength(2);
    expect(entries.rows[0]).toMatchObject({ operator_username: 'owner', merchant_code: 'demo', ip: '127.0.0.1' });
    expect(entries.rows[0].details.changes.maintenance).toEqual({
      before: { enabled: false, startAt: null, endAt: null },
      after: { enabled: true, startAt: null, endAt: null },
    });
  });

  it('refuses a stale version with conflict and changes nothing', async () => {
    const current = await getDemo();
    const auditBefore = (await auditActions()).length;
    const stale = await putDemo({ version: current.version - 1, settings: { ...current.settings, name: 'Stale' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('conflict');
    expect((await getDemo()).settings.name).toBe(current.settings.name);
    expect((await auditActions()).length).toBe(auditBefore);
  });

  it('refuses invalid settings field by field and writes nothing', async () => {
    const current = await getDemo();
    const auditBefore = (await auditActions()).length;
    const bad = await putDemo({
      version: current.version,
      settings: {
        ...current.settings,
        region: { ...current.settings.region, blockedIpRanges: ['abc'] },
        defaultLanguage: 'XX',
        currency: 'usd',
      },
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().fieldErrors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['settings.region.blockedIpRanges.0', 'settings.defaultLanguage', 'settings.currency']),
    );
    expect((await getDemo()).version).toBe(current.version);
    expect((await auditActions()).length).toBe(auditBefore);
  });

  it('changes the withdrawal rules, audited with before and after, and the member site offers the new limits at once', async () => {
    const client = memberClient(t);
    const { token } = await fundedMember(t, client, 'limits', 10_000n);
    const options = async () =>
      (await client.send({ method: 'GET', url: '/wps/withdraw/options', moduleId: 'COMM3', token })).json().value;
    expect((await options()).methods.map((m: { kind: string }) => m.kind)).toContain('e_wallet');
    const current = await getDemo();
    const withdrawal = {
      autoConfirmMinutes: 30,
      dailyCount: 2,
      methods: [{ kind: 'bank_account', minAmount: '20', maxAmount: '100.50' }],
    };
    const saved = await putDemo({ version: current.version, settings: { ...current.settings, withdrawal } });
    expect(saved.json().value.settings.withdrawal).toEqual(withdrawal);
    const [entry] = (
      await t.database.pool.query(
        "SELECT details FROM audit_log WHERE action = 'merchant.update' ORDER BY id DESC LIMIT 1",
      )
    ).rows;
    expect(Object.keys(entry.details.changes)).toEqual(['withdrawal']);
    expect(entry.details.changes.withdrawal).toEqual({ before: current.settings.withdrawal, after: withdrawal });
    expect(await options()).toMatchObject({
      methods: [{ kind: 'bank_account', minAmount: '20.00', maxAmount: '100.50' }],
      dailyCount: 2,
    });
  });

  it('refuses bad withdrawal limits at the very field, and writes nothing', async () => {
    const current = await getDemo();
    const auditBefore = (await auditActions()).length;
    const bad = await putDemo({
      version: current.version,
      settings: {
        ...current.settings,
        withdrawal: {
          autoConfirmMinutes: 0,
          dailyCount: 2.5,
          methods: [
            { kind: 'bank_account', minAmount: '500', maxAmount: '100' },
            { kind: 'e_wallet', minAmount: '0', maxAmount: '10' },
            { kind: 'crypto', minAmount: 'ten', maxAmount: '10' },
          ],
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'settings.withdrawal.autoConfirmMinutes', code: 'field_too_small', params: { min: 1 } },
        { path: 'settings.withdrawal.dailyCount', code: 'field_invalid' },
        { path: 'settings.withdrawal.methods.0.maxAmount', code: 'field_too_small', params: { min: 500 } },
        { path: 'settings.withdrawal.methods.1.minAmount', code: 'amount_not_positive' },
        { path: 'settings.withdrawal.methods.2.minAmount', code: 'amount_not_numeric' },
      ]),
    );
    const tooPrecise = await putDemo({
      version: current.version,
      settings: {
        ...current.settings,
        withdrawal: {
          ...current.settings.withdrawal,
          methods: [{ kind: 'mobile', minAmount: '1.005', maxAmount: '9' }],
        },
      },
    });
    expect(tooPrecise.json().fieldErrors).toEqual([
      { path: 'settings.withdrawal.methods.0.minAmount', code: 'amount_too_precise' },
    ]);
    expect((await getDemo()).version).toBe(current.version);
    expect((await auditActions()).length).toBe(auditBefore);
  });

  it('refuses a domain another merchant already answers on', async () => {
    await t.services.merchants.createIfAbsent('taken', demoMerchantSettings(['taken.example'], 8080));
    const current = await getDemo();
    const response = await putDemo({
      version: current.version,
      settings: { ...current.settings, domains: [...current.settings.domains, 'taken.example'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ path: 'settings.domains.2', code: 'domain_taken' }]);
  });
});

describe('roles and scope', () => {
  it('lets a support operator read merchants but not change them, nor read the audit log', async () => {
    await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: auth(owner),
      payload: {
        username: 'helper',
        displayName: 'Helper',
        password: 'Helper-Pass-123',
        role: 'support',
        merchantCode: 'demo',
      },
    });
    const support = await t.operatorToken('helper', 'Helper-Pass-123');
    const detail = await getDemo(support);
    expect(detail.code).toBe('demo');
    const update = await putDemo({ version: detail.version, settings: detail.settings }, support);
    expect(update.statusCode).toBe(403);
    expect(update.json().errorCode).toBe('forbidden');
    const audit = await t.request({ method: 'GET', url: '/api/admin/audit', headers: auth(support) });
    expect(audit.json().errorCode).toBe('forbidden');
  });

  it('hides other merchants from a merchant-scoped operator', async () => {
    await t.services.merchants.createIfAbsent('hidden', demoMerchantSettings(['hidden.example'], 8080));
    await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: auth(owner),
      payload: {
        username: 'scoped',
        displayName: 'Scoped',
        password: 'Scoped-Pass-123',
        role: 'owner',
        merchantCode: 'demo',
      },
    });
    const scoped = await t.operatorToken('scoped', 'Scoped-Pass-123');
    const other = await t.request({ method: 'GET', url: '/api/admin/merchants/hidden', headers: auth(scoped) });
    expect(other.statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: '/api/admin/merchants', headers: auth(scoped) });
    expect(list.json().value.map((m: { code: string }) => m.code)).toEqual(['demo']);
    const escalate = await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: auth(scoped),
      payload: {
        username: 'global',
        displayName: 'Global',
        password: 'Global-Pass-123',
        role: 'owner',
        merchantCode: null,
      },
    });
    expect(escalate.json().fieldErrors).toEqual([{ path: 'merchantCode', code: 'field_not_allowed' }]);
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.database.pool.query('UPDATE audit_log SET action = $1', ['x'])).rejects.toThrow(/append-only/);
    await expect(t.database.pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('lists the audit log newest first, paged', async () => {
    const page = await t.request({ method: 'GET', url: '/api/admin/audit?pageSize=2', headers: auth(owner) });
    const body = page.json().value;
    expect(body.list).toHaveLength(2);
    expect(Number(body.list[0].id)).toBeGreaterThan(Number(body.list[1].id));
    expect(body.totalPages).toBeGreaterThan(1);
  });
});

it('seeding twice changes nothing the second time', async () => {
  const { seedDemo } = await import('../../seed');
  const again = await seedDemo(t.services, { domains: ['localhost'], port: 8080, operatorPassword: DEMO_PASSWORD });
  expect(again).toEqual({ merchantCreated: false, operatorCreated: false });
});
