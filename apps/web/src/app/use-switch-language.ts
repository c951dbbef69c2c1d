import type { LanguageCode } from '@tessera/contracts';
import { useCallback } from 'react';
import { applyLanguageChoice } from '../shared/i18n/i18n';
import { chooseSwitchedLanguage } from '../shared/i18n/language-choice';
import { usePublicStore } from '../shared/state/public-store';

/** Switches the interface language: remembers it (lang, hisLang), flips <html dir> and loads its catalogues. */
export const useSwitchLanguage = () => {
  const current = usePublicStore((state) => state.language);
  const setLanguage = usePublicStore((state) => state.setLanguage);
  return useCallback(
    async (next: LanguageCode) => {
      setLanguage(next);
      await applyLanguageChoice(chooseSwitchedLanguage(current, next));
    },
    [current, setLanguage],
  );
};
