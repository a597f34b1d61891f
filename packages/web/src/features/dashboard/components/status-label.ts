import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStatusOptionsConfig } from '@claimdesk/contracts';

/** A status's name and colour in its workflow's status options; the status key where unknown. */
export const useStatusLookup = (byWorkflow: Map<string, TStatusOptionsConfig>) => {
  const { t } = useTranslation('cases');
  return useCallback(
    (workFlow: string, status: string) => {
      const statuses = byWorkflow.get(workFlow)?.statuses ?? [];
      const index = statuses.findIndex((s) => s.value === status);
      const option = statuses[index];
      return {
        order: index < 0 ? statuses.length : index,
        label: option ? t(option.label, { ns: ['cases', 'common'], defaultValue: option.label }) : status,
        color: option?.color ?? 'gray',
      };
    },
    [byWorkflow, t],
  );
};
export type TStatusLookup = ReturnType<typeof useStatusLookup>;
