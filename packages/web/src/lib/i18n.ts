import i18n from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import type { TLanguage } from '@claimdesk/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from './constants';
import { readStored, writeStored } from './storage';

export const NAMESPACES = [
  'common',
  'login',
  'users',
  'reports',
  'cases',
  'settings',
  'mail',
  'inbox',
  'mailTemplates',
  'mailConfig',
  'compose',
  'suppliers',
  'costs',
  'supplierPortal',
  'audit',
  'privacy',
  'shops',
] as const;
export type TNamespace = (typeof NAMESPACES)[number];
export const I18N_LOAD_PATH = '/assets/i18n/{{lng}}/{{ns}}.json';

/** BCP 47 tags for <html lang>: the product's `nr` is Norwegian Bokmål. */
const HTML_LANG: Record<TLanguage, string> = { en: 'en', nr: 'nb', da: 'da', de: 'de' };

export { isLanguage };

/** Intl locales for dates and numbers in each UI language (English as in Europe: 23 Nov 2026). */
const INTL_LOCALES: Record<TLanguage, string> = { en: 'en-GB', nr: 'nb-NO', da: 'da-DK', de: 'de-DE' };
export const intlLocale = (language: string): string =>
  isLanguage(language) ? INTL_LOCALES[language] : language;

/** The browser's languages by their primary tag: Norwegian in each of its written forms. */
const BROWSER_TAGS: Record<string, TLanguage> = {
  en: 'en',
  nb: 'nr',
  nn: 'nr',
  no: 'nr',
  da: 'da',
  de: 'de',
};

/** The first of the browser's preferred languages the product speaks, if any. */
export const browserLanguage = (
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): TLanguage | null => {
  for (const tag of languages) {
    const language = BROWSER_TAGS[tag.toLowerCase().split('-')[0] ?? ''];
    if (language) return language;
  }
  return null;
};

/**
 * The language kept in this browser; else the browser's own when the product speaks it (an English
 * browser is not greeted in Norwegian, issue 35); else nr, the default (source, section 9).
 */
export const initialLanguage = (): TLanguage => {
  const stored = readStored('language');
  return isLanguage(stored) ? stored : (browserLanguage() ?? DEFAULT_LANGUAGE);
};

/** A translation file that cannot be fetched or read yields an empty set, never a broken page. */
export const translationRequest: HttpBackendOptions['request'] = (_options, url, _payload, callback) => {
  fetch(url, { credentials: 'same-origin' })
    .then(async (response) => {
      const text = response.ok ? await response.text() : '{}';
      try {
        JSON.parse(text);
        callback(null, { status: 200, data: text });
      } catch {
        callback(null, { status: 200, data: '{}' });
      }
    })
    .catch(() => callback(null, { status: 200, data: '{}' }));
};

export const setupI18n = (lng: TLanguage = initialLanguage()) => {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      lng,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      backend: { loadPath: I18N_LOAD_PATH, request: translationRequest },
      react: { useSuspense: true, bindI18nStore: 'added' },
    });
  document.documentElement.lang = HTML_LANG[lng];
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) document.documentElement.lang = HTML_LANG[next];
  });
  return i18n;
};

/** Switches the language and keeps it in the browser. */
export const changeLanguage = async (lng: TLanguage): Promise<void> => {
  writeStored('language', lng);
  await i18n.changeLanguage(lng);
};

/** Merges extra texts (the store's `translations` configuration) over the built-in common ones. */
export const addTranslations = (extra: Partial<Record<TLanguage, Record<string, unknown>>>): void => {
  for (const lng of LANGUAGES) {
    const texts = extra[lng];
    if (texts) i18n.addResourceBundle(lng, 'common', texts, true, true);
  }
};

export { i18n };
