import { currentLocale } from './i18n';

/**
 * A country's name (ISO 3166 alpha-2) in the interface language (EN/CN) from `Intl.DisplayNames`; the code where
 * the browser does not know it. Members' regions (decision 0140), the editors' region pickers, sign-in countries.
 */
export const countryNameOf = (): ((code: string) => string) => {
  const display = new Intl.DisplayNames([currentLocale()], { type: 'region', fallback: 'code' });
  return (code) => {
    try {
      return display.of(code) ?? code;
    } catch {
      return code;
    }
  };
};
