import { describe, expect, it } from 'vitest';
import { createLocalCaches } from '../../platform/cache';
import type { MerchantRow, MerchantsRepository } from './merchants.repository';
import { createMerchantsService, MERCHANT_CACHE_MS } from './merchants.service';

const row = (enabled: boolean) =>
  ({ code: 'demo', version: 1, settings: { enabled, whitelabel: [] } }) as unknown as MerchantRow;

const setup = () => {
  let clock = 0;
  let reads = 0;
  let enabled = true;
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const repository = {
    findByCode: async () => {
      reads += 1;
      if (gate) await gate;
      return row(enabled);
    },
    findCodeByDomain: async () => 'demo',
  } as unknown as MerchantsRepository;
  const service = createMerchantsService(
    repository,
    createLocalCaches(() => clock),
  );
  return {
    service,
    reads: () => reads,
    advance: (ms: number) => {
      clock += ms;
    },
    disable: () => {
      enabled = false;
    },
    hold: () => {
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
    },
    release: () => release(),
  };
};

describe('merchant reads cached per process', () => {
  it('sends one read for requests that arrive together, first and after expiry', async () => {
    const t = setup();
    await Promise.all(Array.from({ length: 16 }, () => t.service.resolve({ code: 'demo', host: '' })));
    expect(t.reads()).toBe(1);
    t.advance(MERCHANT_CACHE_MS + 1);
    t.hold();
    const answers = await Promise.all(Array.from({ length: 16 }, () => t.service.resolve({ code: 'demo', host: '' })));
    // The expired value answers while one read refreshes it.
    expect(answers.every((merchant) => merchant.code === 'demo')).toBe(true);
    expect(t.reads()).toBe(2);
    t.release();
  });

  it('follows a change once the refresh is back', async () => {
    const t = setup();
    await t.service.resolve({ code: 'demo', host: '' });
    t.disable();
    t.advance(MERCHANT_CACHE_MS + 1);
    await t.service.resolve({ code: 'demo', host: '' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(t.service.resolve({ code: 'demo', host: '' })).rejects.toMatchObject({ code: 'merchant_disabled' });
  });
});
