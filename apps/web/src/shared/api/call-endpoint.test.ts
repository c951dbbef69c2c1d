import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';
import { access, defineEndpoint } from '@tessera/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { usePublicStore } from '../state/public-store';
import { useShellStore } from '../state/shell-store';
import { ApiError } from './api-error';
import { answerOf, callEndpoint, pageAnswerOf } from './call-endpoint';

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
  access: access.visitorOrMember,
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
  access: access.member,
  encrypted: false,
  request: z.object({ name: z.string() }),
  response: z.null(),
  summary: 'a PUT endpoint for the tests',
});

const sealThing = defineEndpoint({
  name: 'test.sealThing',
  method: 'POST',
  path: '/wps/things/sealed',
  moduleIds: ['COMM3'],
  access: access.visitor,
  encrypted: true,
  request: z.object({ password: z.string() }),
  response: z.object({ ok: z.boolean() }),
  summary: 'an encrypted endpoint for the tests',
});

const fromBase64Url = (text: string) => Buffer.from(text, 'base64url');

/** A stand-in for the server's payload keys: it publishes `current` and opens seals as node:crypto does. */
const keyServer = () => {
  const keys = new Map<string, ReturnType<typeof createECDH>>();
  let current = '';
  const rotate = (kid: string) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    keys.set(kid, ecdh);
    current = kid;
  };
  const open = (sealed: { kid: string; epk: string; iv: string; ct: string }, aad: string): unknown => {
    const ecdh = keys.get(sealed.kid);
    if (!ecdh) throw new Error('unknown kid');
    const epk = fromBase64Url(sealed.epk);
    const key = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(epk), epk, `tessera-sealed-v1:${sealed.kid}`, 32));
    const data = fromBase64Url(sealed.ct);
    const decipher = createDecipheriv('aes-256-gcm', key, fromBase64Url(sealed.iv));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return JSON.parse(
      Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(),
    );
  };
  const published = () => ({
    kid: current,
    publicKey: keys.get(current)?.getPublicKey().toString('base64url') ?? '',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    algorithm: 'ECDH-P256+HKDF-SHA256+A256GCM',
  });
  return { rotate, open, published, current: () => current };
};

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

  it('signs out on a reached session-time limit and opens its notice with when play resumes', async () => {
    session.setItem('token', 'abc');
    usePublicStore.setState({ isLogin: true });
    const reached = { period: 'day', resumesAt: '2026-11-30T00:00:00.000Z' };
    fetchMock.mockResolvedValue(
      envelope({ success: false, value: reached, message: null, errorCode: 'responsible_gaming_session_limit' }, 403),
    );

    await expect(callEndpoint(saveThing, { body: { name: 'x' } })).rejects.toMatchObject({
      code: 'responsible_gaming_session_limit',
    });

    expect(session.getItem('token')).toBeNull();
    expect(usePublicStore.getState().isLogin).toBe(false);
    expect(useShellStore.getState()).toMatchObject({ activeDialog: 'sessionLimit', sessionLimit: reached });
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

  it('reads an answer written into the page: a success as the server checked it, else as a response', () => {
    // The server checked the page's answers against the same contract before writing them (decision 0037).
    const written = { success: true, value: { total: 3 }, message: null, errorCode: null };
    expect(pageAnswerOf(listThings, written)).toBe(written.value);
    expect(() =>
      pageAnswerOf(listThings, { success: false, value: null, message: null, errorCode: 'domain.check.failed' }),
    ).toThrow(expect.objectContaining({ code: 'domain.check.failed', status: 200 }));
    expect(() => pageAnswerOf(listThings, '<html>')).toThrow(expect.objectContaining({ code: 'unknown_error' }));
    expect(() => pageAnswerOf(listThings, { success: true })).toThrow(
      expect.objectContaining({ code: 'unknown_error' }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads an envelope as a response is read: checked value, error code, or refusal', () => {
    expect(answerOf(listThings, { success: true, value: { total: 3 }, message: null, errorCode: null })).toEqual({
      total: 3,
    });
    expect(() =>
      answerOf(listThings, { success: false, value: null, message: null, errorCode: 'domain.check.failed' }),
    ).toThrow(expect.objectContaining({ code: 'domain.check.failed', status: 200 }));
    expect(() =>
      answerOf(listThings, { success: true, value: { total: 'three' }, message: null, errorCode: null }),
    ).toThrow(expect.objectContaining({ code: 'unknown_error' }));
    expect(() => answerOf(listThings, '<html>')).toThrow(expect.objectContaining({ code: 'unknown_error' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('encrypted endpoints', () => {
    const server = keyServer();
    const sealedBodies: { kid: string; opened: unknown }[] = [];

    beforeEach(() => {
      sealedBodies.length = 0;
      fetchMock.mockImplementation(async (url, init) => {
        if (String(url) === '/wps/session/key') {
          return envelope({ success: true, value: server.published(), message: null, errorCode: null });
        }
        const { sealed } = JSON.parse(String(init?.body)) as {
          sealed: { kid: string; epk: string; iv: string; ct: string };
        };
        if (sealed.kid !== server.current()) {
          return envelope({ success: false, value: null, message: null, errorCode: 'request_key_expired' }, 400);
        }
        sealedBodies.push({ kid: sealed.kid, opened: server.open(sealed, 'POST /wps/things/sealed') });
        return envelope({ success: true, value: { ok: true }, message: null, errorCode: null });
      });
    });

    it('seals the body for its method and path, never sending it in clear', async () => {
      server.rotate('k1');
      await expect(callEndpoint(sealThing, { body: { password: 'Secret123' } })).resolves.toEqual({ ok: true });

      const sent = fetchMock.mock.calls.filter(([url]) => String(url) === '/wps/things/sealed');
      expect(sent).toHaveLength(1);
      expect(String(sent[0]?.[1]?.body)).not.toContain('Secret123');
      expect(sealedBodies).toEqual([
        { kid: 'k1', opened: { ts: expect.any(Number), nonce: expect.any(String), body: { password: 'Secret123' } } },
      ]);
    });

    it('keeps the key for later requests, and fetches a new one once when the server retired it', async () => {
      await callEndpoint(sealThing, { body: { password: 'a' } });
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/wps/session/key')).toHaveLength(0);

      server.rotate('k2');
      await expect(callEndpoint(sealThing, { body: { password: 'b' } })).resolves.toEqual({ ok: true });

      const keyFetches = fetchMock.mock.calls.filter(([url]) => String(url) === '/wps/session/key');
      const posts = fetchMock.mock.calls.filter(([url]) => String(url) === '/wps/things/sealed');
      expect(keyFetches).toHaveLength(1);
      expect(posts).toHaveLength(3);
      expect(sealedBodies.map((entry) => entry.kid)).toEqual(['k1', 'k2']);
    });
  });
});
