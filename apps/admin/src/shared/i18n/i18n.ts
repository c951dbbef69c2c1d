import { languages } from '@tessera/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/EN/admin.json';
import { setApiLanguage } from '../api/api-client';

/** The back office's interface languages (platform codes, see contracts languages.ts). */
export const adminLanguages = ['EN', 'CN'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

const LANGUAGE_KEY = 'adminLang';
const NAMESPACE = 'admin';

const loadCatalogue = async (language: AdminLanguage): Promise<Record<string, string>> =>
  language === 'EN' ? en : (await import('../../locales/CN/admin.json')).default;

const isAdminLanguage = (value: unknown): value is AdminLanguage =>
  typeof value === 'string' && (adminLanguages as readonly string[]).includes(value);

const initialLanguage = (): AdminLanguage => {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isAdminLanguage(stored)) return stored;
  return navigator.language.toLowerCase().startsWith('zh') ? 'CN' : 'EN';
};

const applyLanguage = (language: AdminLanguage): void => {
  document.documentElement.lang = languages[language].locale;
  document.documentElement.dir = languages[language].dir;
  setApiLanguage(language);
};

/** Starts i18next with English bundled (it is also the fallback) and the chosen language loaded. */
export const initI18n = async (): Promise<void> => {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: 'EN',
    fallbackLng: 'EN',
    supportedLngs: [...adminLanguages],
    load: 'currentOnly',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    // Keys are flat and may hold dots (error codes such as `login.not.session`).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    resources: { EN: { [NAMESPACE]: en } },
    returnNull: false,
  });
  await changeAdminLanguage(language);
};

export const changeAdminLanguage = async (language: AdminLanguage): Promise<void> => {
  if (!i18next.hasResourceBundle(language, NAMESPACE)) {
    i18next.addResourceBundle(language, NAMESPACE, await loadCatalogue(language));
  }
  await i18next.changeLanguage(language);
  localStorage.setItem(LANGUAGE_KEY, language);
  applyLanguage(language);
};

export const currentAdminLanguage = (): AdminLanguage => (isAdminLanguage(i18next.language) ? i18next.language : 'EN');

/** The BCP 47 locale of the interface language, for dates and numbers. */
export const currentLocale = (): string => languages[currentAdminLanguage()].locale;
