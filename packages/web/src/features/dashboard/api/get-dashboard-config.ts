import { useQueries, useQuery } from '@tanstack/react-query';
import { jsonConfigQuery, workflowConfigQuery } from '../../../lib/config-queries';
import type { TGrantType } from '../../../lib/session';

export const useDashboardConfig = (grantType: TGrantType | null) =>
  useQuery(jsonConfigQuery('dashboard', grantType));

/** The status options of each workflow on the dashboard, for status names and colours. */
export const useStatusOptionsOf = (workFlows: string[], grantType: TGrantType | null) =>
  useQueries({
    queries: workFlows.map((workFlow) => workflowConfigQuery('status-options', workFlow, grantType)),
  });
