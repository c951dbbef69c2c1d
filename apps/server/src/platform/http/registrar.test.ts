import { access, defineEndpoint, flattenWhitelabel } from '@tessera/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoMerchantSettings } from '../../modules/merchants/demo-merchant';
import { AppError } from './app-error';
import type { MerchantContext } from './context';
import { installErrorHandler } from './error-handler';
import { createRegistrar } from './registrar';

const settings = demoMerchantSettings(['localhost'], 8080);
settings.whitelabel = [
  { modId: 'REG3', enabled: '1', childrenNodes: [{ modId: 'USERNAMEREG3', enabled: '0', childrenNodes: [] }] },
];
const merchant: MerchantContext = {
  code: 'demo',
  version: 1,
  settings,
  modules: flattenWhitelabel(settings.whitelabel),
};

const echo = defineEndpoint({
  name: 'test.echo',
  method: 'POST',
  path: '/wps/test/echo',
  moduleIds: ['REG3', 'USERNAMEREG3'],
  access: access.visitor,
  encrypted: false,
  request: z.strictObject({ name: z.string().min(2).max(5), age: z.number().int().min(18) }),
  response: z.object({ greeting: z.string() }),
  summary: 'test',
});
const mine = defineEndpoint({
  name: 'test.mine',
  method: 'GET',
  path: '/wps/test/mine',
  moduleIds: [],
  access: access.member,
  encrypted: false,
  request: z.strictObject({}),
  response: z.object({ memberId: z.string() }),
  summary: 'test',
});
const broken = defineEndpoint({
  name: 'test.broken',
  method: 'GET',
  path: '/wps/test/broken',
  moduleIds: [],
  access: access.visitor,
  encrypted: false,
  openDuringRestriction: true,
  request: z.strictObject({}),
  response: z.object({ count: z.number() }),
  summary: 'test',
});

let app: FastifyInstance;
let maintenance = false;

beforeEach(async () => {
  maintenance = false;
  app = Fastify();
  installErrorHandler(app);
  const r = createRegistrar(app, {
    resolveMerchant: async ({ code }) => {
      if (code && code !== 'demo') throw new AppError('merchant_unknown');
      return merchant;
    },
    checkSiteAccess: () => {
      if (maintenance) throw new AppError('maintenance');
    },
    authenticateMember: async (_m, token) =>
      token === 'good' ? { memberId: 'm1', merchantCode: 'demo', sessionId: 's1', type: 0 } : null,
    authenticateOperator: async () => null,
    openSealed: async () => {
      throw new AppError('request_body_required');
    },
    countryHeader: undefined,
  });
  r.site(echo, async ({ input }) => ({ greeting: `hi ${input.name}`, secret: 'must not leak' }) as never);
  r.site(mine, async ({ ctx }) => ({ memberId: ctx.member?.memberId ?? '' }));
  r.site(broken, async () => ({ count: 'not a number' }) as never);
  await app.ready();
});
afterEach(async () => {
  await app.close();
});

const post = (payload: unknown, headers: Record<string, string> = { ModuleId: 'REG3' }) =>
  app.inject({ method: 'POST', url: '/wps/test/echo', payload: payload as object, headers });

describe('the endpoint registrar', () => {
  it('answers the envelope with only the fields the contract declares', async () => {
    const response = await post({ name: 'Ann', age: 30 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: { greeting: 'hi Ann' }, message: null, errorCode: null });
  });

  it('refuses a module id the merchant has switched off', async () => {
    const response = await post({ name: 'Ann', age: 30 }, { ModuleId: 'USERNAMEREG3' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('function.not.available');
  });

  it('reports every bad field with its own code and bounds', async () => {
    const response = await post({ name: 'A', age: 12.5, extra: true });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('validation_failed');
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'name', code: 'field_too_short', params: { min: 2 } },
        { path: 'age', code: 'field_invalid' },
        { path: 'extra', code: 'field_unknown' },
      ]),
    );
  });

  it('marks a missing field as not_empty', async () => {
    const body = (await post({ name: 'Ann' })).json();
    expect(body.fieldErrors).toEqual([{ path: 'age', code: 'not_empty' }]);
  });

  it('closes gated endpoints during maintenance', async () => {
    maintenance = true;
    const response = await post({ name: 'Ann', age: 30 });
    expect(response.statusCode).toBe(503);
    expect(response.json().errorCode).toBe('maintenance');
  });

  it('requires a member session where the contract says so', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/wps/test/mine' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errorCode).toBe('login.not.session');
    const signedIn = await app.inject({ method: 'GET', url: '/wps/test/mine', headers: { authorization: 'good' } });
    expect(signedIn.json().value).toEqual({ memberId: 'm1' });
    const bearer = await app.inject({
      method: 'GET',
      url: '/wps/test/mine',
      headers: { authorization: 'Bearer good' },
    });
    expect(bearer.json().success).toBe(true);
  });

  it('turns a response that breaks its contract into unknown_error without details', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/test/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      message: 'unknown_error',
      errorCode: 'unknown_error',
    });
  });

  it('ignores cache-buster query parameters the contract does not declare', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/wps/test/mine?_=123&t=456',
      headers: { authorization: 'good' },
    });
    expect(response.json().success).toBe(true);
  });
});
