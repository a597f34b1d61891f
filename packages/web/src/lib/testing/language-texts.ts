import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18n from 'i18next';

/**
 * Loads the real texts of other UI languages into the test i18n (the shared setup loads the
 * English ones only), so a test in German reads what German users see. Read from disk: the
 * features may not import from public/.
 */
export const addLanguageTexts = (languages: string[], namespace = 'cases') => {
  for (const language of languages) {
    const file = path.join(import.meta.dirname, '../../../public/assets/i18n', language, `${namespace}.json`);
    i18n.addResourceBundle(language, namespace, JSON.parse(readFileSync(file, 'utf8')) as object);
  }
};
