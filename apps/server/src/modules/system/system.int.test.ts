import { type MerchantSettings, revealCustomerServicePath } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { demoMerchantSettings } from '../merchants';

let t: TestApp;
const status = (headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/wps/system/status', headers: { ModuleId: 'COMM3', ...headers } });

/** Reads the demo merchant, applies `change` to its settings, and saves it as the services would. */
const editDemo = async (change: (settings: MerchantSettings) => void) => {
  const row = await t.services.merchants.get('demo');
  if (!row) throw new Error('demo merchant missing');
  const settings = structuredClone(row.settings);
  change(settings);
  await t.services.merchants.update('demo', row.version, settings);
};

beforeAll(async () => {
  t = await createTestApp({ COUNTRY_HEADER: 'cf-ipcountry' });
});
afterAll(async () => {
  await t.close();
});

describe('site start: GET /wps/system/status', () => {
  it('resolves the merchant from the host and answers with its configuration and the caller’s IP', async () => {
    const response = await status({ host: 'localhost:8080' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, errorCode: null, message: null });
    expect(body.value.merchantCode).toBe('demo');
    expect(body.value.maintenance).toBe(false);
    expect(body.value.regionRestriction).toBe(false);
    expect(body.value.location.ip).toBe('127.0.0.1');
    expect(body.value.info.site.supportedLanguages).toHaveLength(40);
    expect(body.value.info.whitelabel.length).toBeGreaterThan(0);
    expect(body.value.info.register.username).toMatchObject({ enabled: true, required: true, patternId: 1 });
  });

  it('resolves the merchant from the Merchant header before the host', async () => {
    await t.services.merchants.createIfAbsent('second', {
      ...demoMerchantSettings(['second.example'], 8080),
      name: 'Second',
    });
    const response = await status({ host: 'localhost', Merchant: 'second' });
    expect(response.json().value.merchantCode).toBe('second');
    const byHost = await status({ host: 'second.example' });
    expect(byHost.json().value.merchantCode).toBe('second');
  });

  it('refuses an unknown merchant, by header or by host', async () => {
    const cases: Record<string, string>[] = [{ Merchant: 'nope' }, { host: 'unknown.example' }];
    for (const headers of cases) {
      const response = await status(headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'merchant_unknown', value: null });
    }
  });

  it('refuses two Merchant headers with function.not.available', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ModuleId: 'COMM3', Merchant: ['demo', 'second'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('function.not.available');
  });

  it('refuses a disabled merchant', async () => {
    await t.services.merchants.createIfAbsent('closed', { ...demoMerchantSettings([], 8080), enabled: false });
    const response = await status({ Merchant: 'closed' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('merchant_disabled');
  });

  it('requires a known module id, in any of its three header spellings', async () => {
    const missing = await t.request({ method: 'GET', url: '/wps/system/status' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('module_id_required');
    const unknown = await status({ ModuleId: 'NOPE3' });
    expect(unknown.json().errorCode).toBe('module_id_unknown');
    const wrong = await status({ ModuleId: 'REG3' });
    expect(wrong.json().errorCode).toBe('module_id_unknown');
    for (const name of ['Module-Id', 'x-module-id', 'moduleid']) {
      const response = await t.request({ method: 'GET', url: '/wps/system/status', headers: { [name]: 'COMM3' } });
      expect(response.json().success).toBe(true);
    }
  });

  it('serves customer-service links obfuscated, reversible to the operator’s URL', async () => {
    await editDemo((s) => {
      s.customerService = [{ csType: 'LIVECHAT', title: 'Live chat', url: 'https://chat.example.com/room?id=7' }];
    });
    const entry = (await status()).json().value.info.customerService[0];
    expect(entry.csType).toBe('LIVECHAT');
    expect(entry.path).not.toContain('chat.example.com');
    expect(revealCustomerServicePath(entry.path)).toBe('https://chat.example.com/room?id=7');
  });

  it('serves the whitelabel tree and the mirror-line list', async () => {
    const tree = await t.request({ method: 'GET', url: '/wps/system/whitelabel', headers: { ModuleId: 'COMM3' } });
    expect(tree.json().value.some((n: { modId: string }) => n.modId === 'REG3')).toBe(true);
    const lines = await t.request({ method: 'GET', url: '/wps/system/domainRoute', headers: { ModuleId: 'COMM3' } });
    expect(lines.json().value).toContainEqual({ name: 'localhost', url: 'http://localhost:8080/' });
  });
});

describe('maintenance and region restriction', () => {
  it('reports maintenance while it is switched on, and not after it is switched off', async () => {
    await editDemo((s) => {
      s.maintenance.enabled = true;
    });
    expect((await status()).json().value.maintenance).toBe(true);
    await editDemo((s) => {
      s.maintenance.enabled = false;
    });
    expect((await status()).json().value.maintenance).toBe(false);
  });

  it('reports maintenance inside a scheduled window only', async () => {
    const hour = 3_600_000;
    await editDemo((s) => {
      s.maintenance = {
        enabled: false,
        startAt: new Date(Date.now() - hour).toISOString(),
        endAt: new Date(Date.now() + hour).toISOString(),
      };
    });
    const inside = (await status()).json().value;
    expect(inside.maintenance).toBe(true);
    expect(inside.endTime).not.toBeNull();
    await editDemo((s) => {
      s.maintenance = {
        enabled: false,
        startAt: new Date(Date.now() + hour).toISOString(),
        endAt: new Date(Date.now() + 2 * hour).toISOString(),
      };
    });
    expect((await status()).json().value.maintenance).toBe(false);
    await editDemo((s) => {
      s.maintenance = { enabled: false, startAt: null, endAt: null };
    });
  });

  it('restricts a caller in a blocked IP range and shows its IP', async () => {
    await editDemo((s) => {
      s.region.blockedIpRanges = ['127.0.0.0/8'];
    });
    const value = (await status()).json().value;
    expect(value.regionRestriction).toBe(true);
    expect(value.location.ip).toBe('127.0.0.1');
    await editDemo((s) => {
      s.region.allowedIpRanges = ['127.0.0.1'];
    });
    expect((await status()).json().value.regionRestriction).toBe(false);
    await editDemo((s) => {
      s.region = { allowedCountries: [], blockedCountries: [], allowedIpRanges: [], blockedIpRanges: [] };
    });
  });

  it('restricts by the country the trusted CDN header names', async () => {
    await editDemo((s) => {
      s.region.blockedCountries = ['US'];
    });
    expect((await status({ 'cf-ipcountry': 'US' })).json().value.regionRestriction).toBe(true);
    expect((await status({ 'cf-ipcountry': 'SG' })).json().value.regionRestriction).toBe(false);
    await editDemo((s) => {
      s.region = { allowedCountries: ['SG'], blockedCountries: [], allowedIpRanges: [], blockedIpRanges: [] };
    });
    expect((await status({ 'cf-ipcountry': 'SG' })).json().value.regionRestriction).toBe(false);
    expect((await status({ 'cf-ipcountry': 'MY' })).json().value.regionRestriction).toBe(true);
    expect((await status()).json().value.regionRestriction).toBe(true);
    await editDemo((s) => {
      s.region = { allowedCountries: [], blockedCountries: [], allowedIpRanges: [], blockedIpRanges: [] };
    });
  });
});
