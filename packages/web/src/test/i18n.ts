import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import cases from '../../public/assets/i18n/en/cases.json';
import common from '../../public/assets/i18n/en/common.json';
import login from '../../public/assets/i18n/en/login.json';
import users from '../../public/assets/i18n/en/users.json';

/** Tests read the real English files, so they assert the texts users see. */
export const setupTestI18n = () => {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { cases, common, login, users } },
    ns: ['cases', 'common', 'login', 'users'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
};
