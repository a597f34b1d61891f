import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_FEATURES_ON, type TFeatureConfig } from '@claimdesk/contracts';
import { useJsonConfig, useStoreSetting } from '../../lib/config-queries';
import { useMailSetupStatus } from '../../features/settings/api/get-mail-setup-status';
import { useUserPreference } from '../../features/preferences/api/get-user-preference';
import { useMailCount } from '../../features/reports/api/get-mail-count';
import { useUserByName } from '../../features/users/api/get-user-by-name';
import { addTranslations, changeLanguage, i18n, isLanguage } from '../../lib/i18n';
import { visibleMenu } from '../../lib/menu-rules';
import { storeFeatureConfig, type TIdentity } from '../../lib/session';
import type { TCurrentUser, TShellContext } from '../../lib/shell-context';

/** Loads what the shell needs; password users get settings and preferences, one-time-code users do not. */
export const useShellData = (identity: TIdentity) => {
  const { grantType } = identity;
  const isPasswordUser = grantType === 'password';
  const menu = useJsonConfig('menu', grantType);
  const feature = useJsonConfig('feature', grantType);
  const translations = useJsonConfig('translations', isPasswordUser ? grantType : null);
  const settings = useStoreSetting(isPasswordUser);
  const preference = useUserPreference(isPasswordUser);
  const user = useUserByName(isPasswordUser ? identity.email : null);
  const setup = useMailSetupStatus(isPasswordUser);
  // The mail counts are staff's: the server refuses them to one-time-code contacts.
  const counts = useMailCount(isPasswordUser);

  const features: TFeatureConfig | undefined = isPasswordUser ? feature.data : ALL_FEATURES_ON;
  useEffect(() => {
    if (features) storeFeatureConfig(features);
  }, [features]);

  useEffect(() => {
    if (translations.data) addTranslations(translations.data);
  }, [translations.data]);

  // The identity's preferred language wins over the one kept in the browser (source, section 9).
  const preferredLanguage = preference.data?.language;
  useEffect(() => {
    if (isLanguage(preferredLanguage) && preferredLanguage !== i18n.language)
      void changeLanguage(preferredLanguage);
  }, [preferredLanguage]);

  const currentUser: TCurrentUser | null = useMemo(() => {
    if (!isPasswordUser) {
      return {
        id: null,
        username: identity.email,
        firstName: '',
        lastName: '',
        roles: [],
        profilePicUrl: null,
        password: 'otp',
      };
    }
    return user.data ?? null;
  }, [isPasswordUser, identity.email, user.data]);

  // A password user's preferences (language, menu width, colour scheme) come before the shell:
  // a language picked in the moment before they arrive would otherwise be switched back by them.
  const preferenceSettled = !isPasswordUser || preference.isSuccess || preference.isError;
  // ...and the preferred language is the page's before the shell's first paint: no flip to it after.
  // Once only: a language picked later waits for its own confirmation, with the shell on screen.
  const [firstPaintReady, setFirstPaintReady] = useState(false);
  const pageLanguage = useTranslation('common').i18n.language;
  const languageApplied =
    firstPaintReady ||
    (preferenceSettled && (!isLanguage(preferredLanguage) || preferredLanguage === pageLanguage));
  useEffect(() => {
    if (languageApplied) setFirstPaintReady(true);
  }, [languageApplied]);
  const context: TShellContext | null = useMemo(() => {
    if (!menu.data || !features || !preferenceSettled || !languageApplied) return null;
    return {
      grantType,
      features,
      menu: visibleMenu(menu.data, features, identity.authorities),
      settings: settings.data ?? null,
      preference: preference.data ?? {},
      currentUser,
    };
  }, [
    menu.data,
    features,
    preferenceSettled,
    languageApplied,
    grantType,
    identity.authorities,
    settings.data,
    preference.data,
    currentUser,
  ]);

  return {
    context,
    isError: menu.isError || feature.isError,
    mailSetupIncomplete: setup.data === false,
    counts: counts.data,
  };
};
