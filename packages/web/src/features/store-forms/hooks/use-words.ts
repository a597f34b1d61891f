import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage, type TTranslationsConfig } from '@claimdesk/contracts';
import { isLanguage } from '../../../lib/i18n';
import { useStoreForm } from '../api/get-store-form';

/**
 * What the forms need to show and write labels in every language: the store's words document,
 * the built-in texts of all four languages (loaded on top of the one in use) and a lookup.
 */
export const useWords = () => {
  const { i18n } = useTranslation();
  const translations = useStoreForm('translations');
  const [isLoaded, setLoaded] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    // Only the texts labels come from (cases, common), of the languages not in use: a load of every
    // namespace would redraw the screen once per file.
    const others = LANGUAGES.filter((lng) => !i18n.hasResourceBundle(lng, 'cases'));
    void i18n.reloadResources(others, ['cases', 'common']).then(() => {
      if (isCurrent) setLoaded(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [i18n]);
  const translate = useCallback(
    (label: string, lng: TLanguage) => i18n.t(label, { lng, ns: ['cases', 'common'], defaultValue: label }),
    [i18n],
  );
  const preferred: TLanguage = isLanguage(i18n.language) ? i18n.language : 'en';
  return {
    isReady: isLoaded && translations.isSuccess,
    isError: translations.isError,
    translations: translations.data?.value as TTranslationsConfig | undefined,
    translationsVersion: translations.data?.version ?? null,
    translate,
    preferred,
  };
};
export type TWordsContext = ReturnType<typeof useWords>;
