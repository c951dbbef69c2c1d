import { flattenWhitelabel, type SystemStatusValue, systemStatusOf } from '@tessera/contracts';
import { applyLanguageChoice, setMerchantDefaultLanguage } from '../shared/i18n/i18n';
import { chooseStartLanguage } from '../shared/i18n/language-choice';
import { usePublicStore } from '../shared/state/public-store';
import { readLocal, storeMerchantCode } from '../shared/storage/browser-storage';
import { localKeys } from '../shared/storage/storage-keys';
import { applyMerchantTheme } from '../shared/theme/merchant-theme';

/**
 * Everything site start does with the status answer before the site renders (spec section 4 "Site start",
 * section 9): remember the merchant, fill the public state, apply the merchant's theme and the language.
 */
export const applySiteStart = async (status: SystemStatusValue): Promise<void> => {
  storeMerchantCode(status.merchantCode);
  const site = status.info.site;
  const store = usePublicStore.getState();
  store.setSiteStart({
    location: status.location,
    systemStatus: systemStatusOf(status),
    whitelabel: flattenWhitelabel(status.info.whitelabel),
  });
  applyMerchantTheme(site.themeTokens);
  document.title = site.name;
  setMerchantDefaultLanguage(site.defaultLanguage);
  const choice = chooseStartLanguage({
    stored: readLocal(localKeys.lang),
    supported: site.supportedLanguages,
    defaultLanguage: site.defaultLanguage,
  });
  store.setLanguage(choice.language);
  await applyLanguageChoice(choice);
};
