import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', SEED_DEMO: true, trustProxy: ['loopback'] });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names each bad variable in one clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SEED_DEMO');
    }
  });

  it('reads a proxy hop count, a flag, or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('reaches the gateway on its changed port unless given an address of its own', () => {
    expect(loadConfig({ SANDBOX_GATEWAY_PORT: '9191' }).SANDBOX_GATEWAY_URL).toBe('http://127.0.0.1:9191');
    expect(
      loadConfig({ SANDBOX_GATEWAY_PORT: '9191', SANDBOX_GATEWAY_URL: 'http://gateway:7000' }).SANDBOX_GATEWAY_URL,
    ).toBe('http://gateway:7000');
    expect(loadConfig({}).SANDBOX_GATEWAY_URL).toBe('http://127.0.0.1:8081');
  });
});
