import type { LanguageCode } from '@tessera/contracts';
import { useCallback } from 'react';
import { updateLanguage } from '../shared/account/update-language';
import { isApiError } from '../shared/api/api-error';
import { applyLanguageChoice } from '../shared/i18n/i18n';
import { chooseSwitchedLanguage } from '../shared/i18n/language-choice';
import { usePublicStore } from '../shared/state/public-store';

/**
 * Switches the interface language: remembers it (lang, hisLang), flips <html dir> and loads its catalogues;
 * for a signed-in member the server stores it too (spec section 7 "Language").
 */
export const useSwitchLanguage = () => {
  const current = usePublicStore((state) => state.language);
  const setLanguage = usePublicStore((state) => state.setLanguage);
  return useCallback(
    async (next: LanguageCode) => {
      setLanguage(next);
      const stored = usePublicStore.getState().isLogin ? updateLanguage(next) : null;
      await applyLanguageChoice(chooseSwitchedLanguage(current, next));
      // The interface has switched either way; a server that did not store it only loses a preference.
      await stored?.catch((error: unknown) => {
        if (!isApiError(error)) throw error;
      });
    },
    [current, setLanguage],
  );
};
