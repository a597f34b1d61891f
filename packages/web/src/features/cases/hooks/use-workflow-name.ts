import { useTranslation } from 'react-i18next';
import { useShell } from '../../../lib/shell-context';
import { useConfigLabel } from './use-config-label';

/** A workflow's name as the menu configuration labels it (`menu.claim`), else its key. */
export const useWorkflowName = (workFlow: string): string => {
  const { menu } = useShell();
  const label = useConfigLabel();
  const { t } = useTranslation('common');
  const item = menu.find((m) => m.workFlow === workFlow);
  return item ? label(item.label) : t(`menu.${workFlow}`, { defaultValue: workFlow });
};
