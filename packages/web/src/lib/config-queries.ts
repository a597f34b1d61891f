import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZStoreSettingResponse,
  workflowDocumentName,
  type TConfigName,
  type TWorkflowDocumentKind,
} from '@claimdesk/contracts';
import { jsonConfigKey, loadJsonConfig, loadWorkflowConfig } from './config';
import { http } from './http';
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

/**
 * GET /v2/api/stores/setting: the store's settings, read by the shell (mail setup, supplier
 * source) and by store configuration (with an external supplier source, its calls go to
 * /v2/shared; source, section 7). One query, one cache entry.
 */
export const storeSettingQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['store-setting'],
    queryFn: () => http('/v2/api/stores/setting', {}, ZStoreSettingResponse),
    enabled,
    staleTime: CONFIG_STALE_MS,
  });

export const useStoreSetting = (enabled = true) => useQuery(storeSettingQuery(enabled));
