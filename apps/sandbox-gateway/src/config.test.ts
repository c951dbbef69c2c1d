import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('fills the runbook’s defaults from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      host: '0.0.0.0',
      port: 8081,
      publicUrl: 'http://localhost:8081',
      merchants: [{ id: 'demo', secret: 'sandbox-demo-secret' }],
      dataDir: './data/sandbox-gateway',
      logLevel: 'info',
    });
  });

  it('reads merchant pairs, keeping colons inside a secret, and drops a trailing slash of the public URL', () => {
    const config = loadConfig({
      SANDBOX_GATEWAY_MERCHANTS: ' demo:sandbox-demo-secret , acme:with:colons:0123456789 ',
      SANDBOX_GATEWAY_PUBLIC_URL: 'https://pay.example.com/gateway/',
      SANDBOX_GATEWAY_PORT: '9090',
    });
    expect(config.merchants).toEqual([
      { id: 'demo', secret: 'sandbox-demo-secret' },
      { id: 'acme', secret: 'with:colons:0123456789' },
    ]);
    expect(config.publicUrl).toBe('https://pay.example.com/gateway');
    expect(config.port).toBe(9090);
  });

  it('names each bad variable in one clear message', () => {
    let message = '';
    try {
      loadConfig({
        SANDBOX_GATEWAY_PORT: 'eighty',
        SANDBOX_GATEWAY_PUBLIC_URL: 'ftp://nowhere',
        SANDBOX_GATEWAY_MERCHANTS: 'demo:short,bad id:0123456789abcdef',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('SANDBOX_GATEWAY_PORT');
    expect(message).toContain('SANDBOX_GATEWAY_PUBLIC_URL');
    expect(message).toContain('merchant "demo" needs a secret of at least 16 characters');
    expect(message).toContain('merchant id "bad id"');
  });

  it('refuses a merchant listed twice and an empty list', () => {
    expect(() => loadConfig({ SANDBOX_GATEWAY_MERCHANTS: 'a:0123456789abcdef,a:fedcba9876543210' })).toThrow(
      /listed twice/,
    );
    expect(() => loadConfig({ SANDBOX_GATEWAY_MERCHANTS: ' , ' })).toThrow(/at least one/);
  });
});

describe('the public address and the port', () => {
  it('derives the public address from a changed port', () => {
    expect(loadConfig({ SANDBOX_GATEWAY_PORT: '9191' }).publicUrl).toBe('http://localhost:9191');
  });

  it('refuses to start when a public address on this machine names another port', () => {
    const start = () =>
      loadConfig({ SANDBOX_GATEWAY_PORT: '9191', SANDBOX_GATEWAY_PUBLIC_URL: 'http://localhost:8081' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/SANDBOX_GATEWAY_PUBLIC_URL.*8081.*SANDBOX_GATEWAY_PORT 9191/);
    expect(() =>
      loadConfig({ SANDBOX_GATEWAY_PORT: '9191', SANDBOX_GATEWAY_PUBLIC_URL: 'http://127.0.0.1:9191/' }),
    ).not.toThrow();
  });

  it('lets an address elsewhere (a proxy) use its own port', () => {
    expect(
      loadConfig({ SANDBOX_GATEWAY_PORT: '9191', SANDBOX_GATEWAY_PUBLIC_URL: 'https://pay.example.com' }).publicUrl,
    ).toBe('https://pay.example.com');
  });
});
