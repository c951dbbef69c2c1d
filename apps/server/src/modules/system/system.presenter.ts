import { obfuscateCustomerServicePath, type SystemStatusValue } from '@tessera/contracts';
import type { Caller, MerchantContext } from '../../platform/http/context';

export const presentSystemStatus = (
  merchant: MerchantContext,
  caller: Caller,
  state: { maintenance: boolean; regionRestriction: boolean },
): SystemStatusValue => {
  const s = merchant.settings;
  return {
    merchantCode: merchant.code,
    maintenance: state.maintenance,
    maintainTime: s.maintenance.startAt,
    endTime: s.maintenance.endAt,
    regionRestriction: state.regionRestriction,
    location: { ip: caller.ip, country: caller.country },
    info: {
      customerService: s.customerService.map((entry) => ({
        csType: entry.csType,
        title: entry.title,
        path: obfuscateCustomerServicePath(entry.url),
      })),
      domainRoute: s.domainRoutes,
      resources: s.resources,
      whitelabel: s.whitelabel,
      register: s.registerRules,
      mainDomain: s.mainDomain,
      analytics: s.analytics,
      imageCDNs: s.imageCDNs,
      launchGameCDNs: s.launchGameCDNs,
      site: {
        name: s.name,
        currency: s.currency,
        timeZone: s.timeZone,
        defaultLanguage: s.defaultLanguage,
        supportedLanguages: s.supportedLanguages,
        themeTokens: s.themeTokens,
      },
    },
  };
};
