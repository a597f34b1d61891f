import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowDocumentName, type TConfigName, type TWorkflowDocumentKind } from '@claimdesk/contracts';
import { jsonConfigKey, loadJsonConfig, loadWorkflowConfig } from './config';
import type { TGrantType } from './session';

const CONFIG_STALE_MS = 5 * 60_000;

/** Shared by every feature. A configuration document; the store's, else the shared one, else the lite file for one-time-code users. */
export const jsonConfigQuery = <N extends TConfigName>(name: N, grantType: TGrantType | null) =>
  queryOptions({
    queryKey: jsonConfigKey(name, grantType),
    queryFn: () => loadJsonConfig(name, grantType),
    enabled: grantType !== null,
    staleTime: CONFIG_STALE_MS,
  });

export const useJsonConfig = <N extends TConfigName>(name: N, grantType: TGrantType | null) =>
  useQuery(jsonConfigQuery(name, grantType));

/** A workflow's document (`form.claim`, `status-options.support`, ...), resolved the same way. */
export const workflowConfigQuery = <K extends TWorkflowDocumentKind>(
  kind: K,
  workFlow: string,
  grantType: TGrantType | null,
) =>
  queryOptions({
    queryKey: jsonConfigKey(workflowDocumentName(kind, workFlow), grantType),
    queryFn: () => loadWorkflowConfig(kind, workFlow, grantType),
    enabled: grantType !== null,
    staleTime: CONFIG_STALE_MS,
  });

export const useWorkflowConfig = <K extends TWorkflowDocumentKind>(
  kind: K,
  workFlow: string,
  grantType: TGrantType | null,
) => useQuery(workflowConfigQuery(kind, workFlow, grantType));
