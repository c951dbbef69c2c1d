import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: 4096 });
});
afterAll(async () => {
  await t.close();
});

const login = (payload: string, contentType = 'application/json') =>
  t.request({ method: 'POST', url: '/api/admin/session/login', payload, headers: { 'content-type': contentType } });

describe('bad input never reaches a handler and never yields a 500', () => {
  it.each([
    ['malformed JSON', '{"username":', 'application/json', 400, 'malformed_json'],
    ['an empty JSON body', '', 'application/json', 400, 'malformed_json'],
    ['a wrong media type', 'username=a', 'text/plain', 415, 'unsupported_media_type'],
    [
      'an oversized body',
      JSON.stringify({ username: 'x'.repeat(10_000), password: 'y' }),
      'application/json',
      413,
      'payload_too_large',
    ],
  ])('answers %s with its code', async (_name, payload, contentType, status, code) => {
    const response = await login(payload, contentType);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, value: null, message: code, errorCode: code });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('reports wrong types and unknown fields per field', async () => {
    const response = await login(JSON.stringify({ username: 5, password: 'x', admin: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'username', code: 'field_invalid' },
        { path: 'admin', code: 'field_unknown' },
      ]),
    );
    const audit = await t.database.pool.query('SELECT count(*)::int AS n FROM audit_log');
    expect(audit.rows[0].n).toBe(0);
  });

  it('answers unknown API paths with not_found', async () => {
    const response = await t.request({ method: 'GET', url: '/wps/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('not_found');
  });

  it('rejects a path parameter outside its schema', async () => {
    const token = await t.operatorToken();
    const response = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/NOT%20VALID',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].path).toBe('code');
  });

  it('tags every response with a request id, echoing a well-formed incoming one', async () => {
    const response = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abcdef123456' } });
    expect(response.headers['x-request-id']).toBe('abcdef123456');
    const generated = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id!' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness from the database', async () => {
    expect((await t.request({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('lists every declared endpoint in the OpenAPI document at /api/docs', async () => {
    const { allEndpoints } = await import('@tessera/contracts');
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    for (const endpoint of allEndpoints) {
      const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()]?.operationId).toBe(endpoint.name);
    }
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });
});
