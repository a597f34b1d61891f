import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../lib/shell-context';

export interface TWorkflowOption {
  value: string;
  label: string;
}

/**
 * The workflows a template may belong to: those of the store's menu and those the templates
 * already have (the server lists built-in templates only for workflows the store offers), each
 * named as the menu names it.
 */
export const useWorkflowOptions = (inTemplates: readonly string[]) => {
  const { menu } = useShell();
  const { t } = useTranslation('common');
  const nameOf = useCallback((workFlow: string) => t(`menu.${workFlow}`, { defaultValue: workFlow }), [t]);
  const options = useMemo(() => {
    const seen = new Set<string>();
    for (const item of menu) {
      if (item.workFlow) seen.add(item.workFlow);
      for (const sub of item.sub ?? []) if (sub.workFlow) seen.add(sub.workFlow);
    }
    for (const workFlow of inTemplates) seen.add(workFlow);
    if (seen.size === 0) seen.add('claim');
    return [...seen].map((value): TWorkflowOption => ({ value, label: nameOf(value) }));
  }, [menu, inTemplates, nameOf]);
  return { options, nameOf };
};
