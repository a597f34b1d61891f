import { useShell } from '../../../lib/shell-context';
import { useWorkflowConfig } from '../../../lib/config-queries';

/** The documents a case screen draws from, for one workflow. */
export const useCaseConfig = (workFlow: string) => {
  const { grantType } = useShell();
  const form = useWorkflowConfig('form', workFlow, grantType);
  const statusOptions = useWorkflowConfig('status-options', workFlow, grantType);
  const tabs = useWorkflowConfig('tabs', workFlow, grantType);
  return {
    form: form.data,
    statusOptions: statusOptions.data,
    tabs: tabs.data,
    isLoading: form.isLoading || statusOptions.isLoading || tabs.isLoading,
  };
};
