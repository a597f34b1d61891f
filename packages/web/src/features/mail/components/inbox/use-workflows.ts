import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../../lib/shell-context';

export interface TWorkflowOption {
  value: string;
  label: string;
}

/** The store's workflows as its menu names them (items and sub-items, each once), with their labels. */
export const useWorkflows = () => {
  const { menu } = useShell();
  const { t } = useTranslation(['common', 'cases']);
  const label = useCallback((key: string) => t(key, { ns: ['common', 'cases'], defaultValue: key }), [t]);
  const options = useMemo(() => {
    const seen = new Map<string, string>();
    for (const item of menu) {
      if (item.workFlow && !seen.has(item.workFlow)) seen.set(item.workFlow, label(item.label));
      for (const sub of item.sub ?? []) {
        const workFlow = sub.workFlow ?? item.workFlow;
        if (workFlow && !seen.has(workFlow)) seen.set(workFlow, label(item.label));
      }
    }
    if (seen.size === 0) seen.set('claim', t('menu.claim', { ns: 'common', defaultValue: 'claim' }));
    return [...seen].map(([value, name]): TWorkflowOption => ({ value, label: name }));
  }, [menu, label, t]);
  const nameOf = useCallback(
    (workFlow: string) => options.find((o) => o.value === workFlow)?.label ?? workFlow,
    [options],
  );
  return { options, nameOf };
};
