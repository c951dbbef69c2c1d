import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let operator: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  operator = await t.operatorToken();
  member = (await fundedMember(t, client, 'guarded', 1_000n)).token;
});
afterAll(async () => {
  await t.close();
});

const failure = (response: LightMyRequestResponse) => {
  const body = response.json();
  return { status: response.statusCode, errorCode: body.errorCode, fieldErrors: body.fieldErrors };
};

describe('a NUL character in text input', () => {
  const refused = (path: string) => ({
    status: 400,
    errorCode: 'validation_failed',
    fieldErrors: [{ path, code: 'field_invalid' }],
  });

  it('is a field error in a lobby search', async () => {
    const response = await client.send({
      method: 'GET',
      url: '/wps/relay/GCSGAME_gameList?gameName=sl%00ot',
      moduleId: 'GAMELO3',
    });
    expect(failure(response)).toEqual(refused('gameName'));
  });

  it('is a field error in an affiliate code', async () => {
    const response = await client.send({
      method: 'GET',
      url: '/wps/agent/affiliate?code=AB%00CD',
      moduleId: 'AFFMAN3',
    });
    expect(failure(response)).toEqual(refused('code'));
  });

  it('is a field error in the back-office login', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/session/login',
      payload: { username: 'own\u0000er', password: 'whatever-123' },
    });
    expect(failure(response)).toEqual(refused('username'));
  });

  it('is a field error in a vendor filter and a vendor path, nested or as a key', async () => {
    const headers = { authorization: operator };
    const filter = await t.request({ method: 'GET', url: '/api/admin/merchants/demo/games?vassalage=P%00G', headers });
    expect(failure(filter)).toEqual(refused('vassalage'));
    const path = await t.request({
      method: 'PATCH',
      url: '/api/admin/merchants/demo/games/vendors/P%00G',
      headers,
      payload: { enabled: true },
    });
    expect(failure(path)).toEqual(refused('vassalage'));
    const nested = await t.request({
      method: 'PATCH',
      url: '/api/admin/merchants/demo/games/vendors/PG',
      headers,
      payload: { displayName: 'ok', extra: { deep: ['x', 'y\u0000'] }, 'k\u0000': 1 },
    });
    expect(failure(nested).fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'extra.deep.1', code: 'field_invalid' },
        { path: 'k', code: 'field_invalid' },
      ]),
    );
  });
});

describe('a malformed multipart body on a proof upload', () => {
  const boundary = 'tessera-boundary';
  const upload = (url: string, contentType: string, payload: string) =>
    client.send({
      method: 'POST',
      url,
      moduleId: 'COMM3',
      token: member,
      payload,
      headers: { 'content-type': contentType },
    });

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['no part at all', `multipart/form-data; boundary=${boundary}`, 'garbage without any boundary'],
    ['a part cut short', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-da`],
    [
      'a file cut short',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="proofs"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
    ],
  ])('answers %s with request_param_err', async (_name, contentType, payload) => {
    for (const url of [
      `/wps/cashier/deposits/${randomUUID()}/proofs`,
      `/wps/withdraw/orders/${randomUUID()}/confirmation`,
    ]) {
      const response = await upload(url, contentType, payload);
      expect(failure(response)).toMatchObject({ status: 400, errorCode: 'request_param_err' });
    }
  });
});

describe('paths the router refuses', () => {
  it('answers a path parameter over 100 characters with the envelope, not the path', async () => {
    const code = 'm'.repeat(101);
    const response = await t.request({
      method: 'GET',
      url: `/api/admin/merchants/${code}/games/vendors`,
      headers: { authorization: operator },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      message: 'request_param_err',
      errorCode: 'request_param_err',
    });
    expect(response.body).not.toContain(code);
  });

  it('answers an undecodable path with the envelope', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/merchants/%E0%A4%A/games/vendors' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request_param_err');
    expect(response.body).not.toContain('%E0');
  });
});
