import { flattenWhitelabel, type MerchantSettings } from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MerchantContext } from '../../platform/principals';
import type { MerchantRow, MerchantsRepository } from './merchants.repository';

/** How long a merchant read stays cached in this process; an edit made here clears it at once. */
const CACHE_MS = 2000;

const contextOf = (row: MerchantRow): MerchantContext => ({
  code: row.code,
  version: row.version,
  settings: row.settings,
  modules: flattenWhitelabel(row.settings.whitelabel),
});

export const createMerchantsService = (repository: MerchantsRepository, now: () => number = Date.now) => {
  const byCode = new Map<string, { value: MerchantContext | null; expires: number }>();
  const byDomain = new Map<string, { value: string | null; expires: number }>();

  const findContext = async (code: string): Promise<MerchantContext | null> => {
    const cached = byCode.get(code);
    if (cached && cached.expires > now()) return cached.value;
    const row = await repository.findByCode(code);
    const value = row ? contextOf(row) : null;
    byCode.set(code, { value, expires: now() + CACHE_MS });
    return value;
  };

  const findCodeByDomain = async (host: string): Promise<string | null> => {
    const domain = host.toLowerCase();
    const cached = byDomain.get(domain);
    if (cached && cached.expires > now()) return cached.value;
    const value = await repository.findCodeByDomain(domain);
    byDomain.set(domain, { value, expires: now() + CACHE_MS });
    return value;
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
    createIfAbsent: (code: string, settings: MerchantSettings) => repository.insertIfAbsent(code, settings),

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
      byCode.delete(code);
      byDomain.clear();
      return row;
    },
  };
};

export type MerchantsService = ReturnType<typeof createMerchantsService>;
