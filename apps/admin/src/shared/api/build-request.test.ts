import { adminEndpoints, systemEndpoints } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { buildRequest } from './build-request';

describe('buildRequest', () => {
  it('puts GET input in the query string, skipping empty values, and the raw token in Authorization', () => {
    const built = buildRequest(
      adminEndpoints.listAudit,
      { pageNo: 2, pageSize: 50, action: '' },
      { token: 'tok', language: 'EN' },
    );
    expect(built.url).toBe('/api/admin/audit?pageNo=2&pageSize=50');
    expect(built.init.method).toBe('GET');
    expect(built.init.headers.Authorization).toBe('tok');
    expect(built.init.body).toBeUndefined();
  });

  it('fills path params and sends a JSON body for PUT', () => {
    const built = buildRequest(
      adminEndpoints.updateOperator,
      { displayName: 'A', role: 'risk', enabled: true },
      { params: { id: 'a b' }, token: 'tok', language: 'CN' },
    );
    expect(built.url).toBe('/api/admin/operators/a%20b');
    expect(built.init.headers['Content-Type']).toBe('application/json');
    expect(built.init.headers.Language).toBe('CN');
    expect(JSON.parse(built.init.body ?? '')).toEqual({ displayName: 'A', role: 'risk', enabled: true });
  });

  it('sends the module id a site endpoint needs and the merchant asked about', () => {
    const built = buildRequest(systemEndpoints.status, {}, { token: 'tok', language: 'EN', merchant: 'demo' });
    expect(built.url).toBe('/wps/system/status');
    expect(built.init.headers.ModuleId).toBe('COMM3');
    expect(built.init.headers.Merchant).toBe('demo');
    expect(built.init.headers.Authorization).toBeUndefined();
  });

  it('sends no token to endpoints that take none', () => {
    const built = buildRequest(
      adminEndpoints.login,
      { username: 'u', password: 'p' },
      { token: 'old', language: 'EN' },
    );
    expect(built.init.headers.Authorization).toBeUndefined();
  });
});
