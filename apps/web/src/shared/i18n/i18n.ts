import { type LanguageCode, languages } from '@tessera/contracts';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, writeLocal } from '../storage/browser-storage';
import { localKeys } from '../storage/storage-keys';
import { directionOf, displayedLanguageOf, fallbackChainOf, type LanguageChoice } from './language-choice';

/** Namespaces every screen needs; the member and agent centres load theirs when they first render. */
export const coreNamespaces = ['common', 'errors', 'languages'] as const;
export type Namespace =
  | (typeof coreNamespaces)[number]
  | 'account'
  | 'agents'
  | 'agent-contracts'
  | 'money'
  | 'games'
  | 'promotions'
  | 'rebate'
  | 'referral'
  | 'responsible-gaming'
  | 'points'
  | 'missions'
  | 'contact'
  | 'lottery'
  | 'jackpot'
  | 'chat-rooms'
  | 'social-sign-in';

/** One lazily loaded chunk per language and namespace: src/locales/<LANG>/<namespace>.json. */
const catalogues = import.meta.glob<Record<string, string>>('../../locales/*/*.json', { import: 'default' });

/** Languages with a complete catalogue in this build (the CI check holds each to every key of EN). */
export const shippedLanguages: ReadonlySet<string> = new Set(
  Object.keys(catalogues).map((file) => file.split('/').at(-2) ?? ''),
);

/** i18next may canonicalise codes (PT-BR -> pt-BR); the catalogue folders use the platform's codes. */
const loaderOf = (language: string, namespace: string) =>
  catalogues[`../../locales/${language.toUpperCase()}/${namespace}.json`];

const lazyCatalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const load = loaderOf(language, namespace);
    // A language without a catalogue yet is empty, so every key falls back (merchant default, then EN).
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let merchantDefault: LanguageCode | null = null;

export const i18n = i18next.createInstance();

/** Starts i18next in the language remembered from an earlier visit (EN on a first visit). */
export const initI18n = (): Promise<unknown> => {
  const remembered = readLocal(localKeys.lang);
  const language = remembered && Object.hasOwn(languages, remembered) ? remembered : 'EN';
  return i18n
    .use(lazyCatalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: (code: string) => fallbackChainOf(code, merchantDefault),
      ns: [...coreNamespaces],
      defaultNS: 'common',
      // Keys contain dots (login.not.session) and colons may appear in codes: no separators.
      keySeparator: false,
      nsSeparator: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
    });
};

/** `<html lang dir>` name the language the text is in: a chosen language without a catalogue shows its fallback. */
const applyDocumentLanguage = (language: LanguageCode): void => {
  const displayed = displayedLanguageOf(language, merchantDefault, shippedLanguages);
  const root = document.documentElement;
  root.lang = languages[displayed].locale;
  root.dir = directionOf(displayed);
};

export const setMerchantDefaultLanguage = (language: LanguageCode): void => {
  merchantDefault = language;
};

/** The language a choice is shown in (itself, or its fallback when no catalogue ships). */
export const displayedLanguage = (language: LanguageCode): LanguageCode =>
  displayedLanguageOf(language, merchantDefault, shippedLanguages);

/** Applies a language choice: storage, <html lang/dir>, and the loaded catalogues. */
export const applyLanguageChoice = async (choice: LanguageChoice): Promise<void> => {
  if (choice.writes.hisLang) writeLocal(localKeys.hisLang, choice.writes.hisLang);
  if (choice.writes.lang) writeLocal(localKeys.lang, choice.writes.lang);
  await i18n.changeLanguage(choice.language);
  applyDocumentLanguage(choice.language);
};
