import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A configuration label is a translation key (`case.field.status`), looked up in the cases
 * texts and then in common (where the store's own translations go), or plain text.
 */
export const useConfigLabel = () => {
  const { t } = useTranslation(['cases', 'common']);
  return useCallback((label: string) => t(label, { ns: ['cases', 'common'], defaultValue: label }), [t]);
};
