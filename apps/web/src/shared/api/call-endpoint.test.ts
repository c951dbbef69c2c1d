import { defineEndpoint } from '@tessera/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { usePublicStore } from '../state/public-store';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const listThings = defineEndpoint({
  name: 'test.listThings',
  method: 'GET',
  path: '/wps/things/:shelf',
  moduleIds: ['GAMELO3', 'COMM3'],
  auth: 'optional',
  encrypted: false,
  params: z.object({ shelf: z.string() }),
  request: z.object({ page: z.number(), name: z.string().optional() }),
  response: z.object({ total: z.number() }),
  summary: 'a GET endpoint for the tests',
});

const saveThing = defineEndpoint({
  name: 'test.saveThing',
  method: 'PUT',
  path: '/wps/things',
  moduleIds: [],
  auth: 'member',
  encrypted: false,
  request: z.object({ name: z.string() }),
  response: z.null(),
  summary: 'a PUT endpoint for the tests',
});

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let session: MemoryStorage;
let local: MemoryStorage;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  session = new MemoryStorage();
  local = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: session, localStorage: local });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

describe('callEndpoint', () => {
  it('sends a GET as path and query string with the platform headers, and returns the checked value', async () => {
    session.setItem('merchant', 'demo');
    session.setItem('token', 'tok-123');
    local.setItem('lang', 'AR');
    fetchMock.mockResolvedValue(envelope({ success: true, value: { total: 3 }, message: null, errorCode: null }));

    const value = await callEndpoint(listThings, { params: { shelf: 'a b' }, query: { page: 2 } });

    expect(value).toEqual({ total: 3 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/wps/things/a%20b?page=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('Merchant')).toBe('demo');
    expect(headers.get('Authorization')).toBe('tok-123');
    expect(headers.get('Language')).toBe('AR');
    expect(headers.get('ModuleId')).toBe('GAMELO3');
  });

  it('sends a body as JSON, honours a module-id override and can leave the merchant to the host', async () => {
    session.setItem('merchant', 'demo');
    fetchMock.mockResolvedValue(envelope({ success: true, value: null, message: null, errorCode: null }));

    await callEndpoint(saveThing, { body: { name: 'x' }, moduleId: 'REG3', sendMerchant: false });

    const { init, headers } = lastRequest();
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"name":"x"}');
    expect(headers.get('Content-Type')).toContain('application/json');
    expect(headers.get('ModuleId')).toBe('REG3');
    expect(headers.has('Merchant')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('rejects a failure envelope with a typed error carrying code, field errors, value and status', async () => {
    const fieldErrors = [{ path: 'name', code: 'not_empty' }];
    fetchMock.mockResolvedValue(
      envelope(
        { success: false, value: { captcha: true }, message: 'x', errorCode: 'validation_failed', fieldErrors },
        400,
      ),
    );

    const error = await callEndpoint(saveThing, { body: { name: '' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation_failed', fieldErrors, value: { captcha: true }, status: 400 });
  });

  it('clears the session but keeps the merchant code when the server says the session is gone', async () => {
    session.setItem('merchant', 'demo');
    session.setItem('merchantCode', 'demo');
    session.setItem('token', 'old');
    session.setItem('nickname', 'neo');
    usePublicStore.setState({ isLogin: true, isAgent: true });
    fetchMock.mockResolvedValue(
      envelope({ success: false, value: null, message: null, errorCode: 'login.not.session' }, 401),
    );

    await expect(callEndpoint(saveThing, { body: { name: 'x' } })).rejects.toMatchObject({ code: 'login.not.session' });

    expect(session.getItem('token')).toBeNull();
    expect(session.getItem('nickname')).toBeNull();
    expect(session.getItem('merchant')).toBe('demo');
    expect(session.getItem('merchantCode')).toBe('demo');
    expect(usePublicStore.getState()).toMatchObject({ isLogin: false, isAgent: false });
  });

  it('turns transport failures into the platform codes', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callEndpoint(listThings, { params: { shelf: 'a' }, query: { page: 1 } })).rejects.toMatchObject({
      code: 'in_network_again',
      status: 0,
    });

    fetchMock.mockResolvedValueOnce(new Response('<html>gateway timeout</html>', { status: 504 }));
    await expect(callEndpoint(listThings, { params: { shelf: 'a' }, query: { page: 1 } })).rejects.toMatchObject({
      code: 'timeout_retry_please',
      status: 504,
    });
  });

  it('refuses a success whose value breaks the contract', async () => {
    fetchMock.mockResolvedValue(envelope({ success: true, value: { total: 'three' }, message: null, errorCode: null }));
    await expect(callEndpoint(listThings, { params: { shelf: 'a' }, query: { page: 1 } })).rejects.toMatchObject({
      code: 'unknown_error',
    });
  });
});
