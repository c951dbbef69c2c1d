import { flattenWhitelabel, type MerchantSettings } from '@tessera/contracts';
import type { Caches } from '../../platform/cache';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MerchantContext } from '../../platform/principals';
import type { MerchantRow, MerchantsRepository } from './merchants.repository';

/**
 * How long a merchant read stays fresh in this process. A change through `update` or `createIfAbsent` drops it on
 * every instance at once (platform/cache, decision 0119); the lifetime only bounds what a missed notification
 * leaves stale. Once expired, the old value still answers while one read refreshes it (decision 0072).
 */
export const MERCHANT_CACHE_MS = 60_000;

const contextOf = (row: MerchantRow): MerchantContext => ({
  code: row.code,
  version: row.version,
  settings: row.settings,
  modules: flattenWhitelabel(row.settings.whitelabel),
});

export const createMerchantsService = (repository: MerchantsRepository, caches: Caches) => {
  const byCode = caches.keyed<MerchantContext | null>('merchants.byCode', { ttlMs: MERCHANT_CACHE_MS });
  // Unknown hosts are remembered too (as null), within the cache's bound on entries.
  const byDomain = caches.keyed<string | null>('merchants.byDomain', { ttlMs: MERCHANT_CACHE_MS });
  const findContext = (code: string) =>
    byCode.get(code, async () => {
      const row = await repository.findByCode(code);
      return row ? contextOf(row) : null;
    });
  const findCodeByDomain = (host: string) => {
    const domain = host.toLowerCase();
    return byDomain.get(domain, () => repository.findCodeByDomain(domain));
  };
  /** After a committed change to `code`: its context and every host's answer, on every instance. */
  const changed = async (code: string) => {
    await Promise.all([byCode.invalidate(code), byDomain.invalidate(null)]);
  };

  return {
    /** The merchant of a site request: the Merchant header, else the host. Unknown or disabled ones are refused. */
    resolve: async ({ code, host }: { code: string | null; host: string }): Promise<MerchantContext> => {
      const resolvedCode = code ?? (await findCodeByDomain(host));
      if (!resolvedCode) throw new AppError('merchant_unknown');
      const merchant = await findContext(resolvedCode);
      if (!merchant) throw new AppError('merchant_unknown');
      if (!merchant.settings.enabled) throw new AppError('merchant_disabled');
      return merchant;
    },

    get: async (code: string): Promise<MerchantRow | null> => repository.findByCode(code),

    list: (codes: readonly string[] | null) => repository.list(codes),

    /** Creates the merchant if its code is free (seeding); returns whether it did. */
    createIfAbsent: async (code: string, settings: MerchantSettings) => {
      const created = await repository.insertIfAbsent(code, settings);
      // An instance may remember the code or one of its hosts as unknown.
      if (created) await changed(code);
      return created;
    },

    /** Replaces a merchant's settings, refusing a stale version or a domain another merchant holds. */
    update: async (code: string, version: number, settings: MerchantSettings): Promise<MerchantRow> => {
      const taken = await repository.findDomainsTakenByOthers(code, settings.domains);
      if (taken.length > 0) {
        throw fieldError(`settings.domains.${settings.domains.indexOf(taken[0] ?? '')}`, 'domain_taken');
      }
      const row = await repository.updateSettings(code, version, settings);
      if (!row) {
        const exists = await repository.findByCode(code);
        throw new AppError(exists ? 'conflict' : 'not_found');
      }
      await changed(code);
      return row;
    },
  };
};

export type MerchantsService = ReturnType<typeof createMerchantsService>;
