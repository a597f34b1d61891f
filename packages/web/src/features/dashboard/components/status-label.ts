import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStatusOptionsConfig } from '@claimdesk/contracts';
import type { TGrantType } from '../../../lib/session';
import { useStatusOptionsOf } from '../api/get-dashboard-config';

/**
 * A status's name and colour in its workflow's status options (read for each of `workFlows`); the
 * status key where unknown.
 */
export const useStatusLookup = (workFlows: string[], grantType: TGrantType | null) => {
  const { t } = useTranslation('cases');
  const statusQueries = useStatusOptionsOf(workFlows, grantType);
  const byWorkflow = useMemo(
    () =>
      new Map(
        workFlows.flatMap((w, i) => {
          const options = statusQueries[i]?.data;
          return options ? [[w, options] as [string, TStatusOptionsConfig]] : [];
        }),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [workFlows, ...statusQueries.map((q) => q.data)],
  );
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
