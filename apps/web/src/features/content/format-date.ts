import { languages } from '@tessera/contracts';
import { useMemo } from 'react';
import { usePublicStore } from '../../shared/state/public-store';

/** Dates in the interface language's own format (spec: formatted per locale). */
export const useFormatDateTime = () => {
  const language = usePublicStore((state) => state.language) ?? 'EN';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(languages[language].locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (epochMs: number) => format.format(epochMs);
  }, [language]);
};
