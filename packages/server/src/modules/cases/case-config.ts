import type { TFeatureConfig, TFormConfig, TMenuConfig, TStatusOptionsConfig } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { AppError } from '../../lib/app-error';
import { resolveStoreConfig, resolveWorkflowConfig } from '../settings/store-config.repository';

// The resolved documents already fit their schemas (resolveConfig parses what is stored and
// passes over what does not fit), so they are not parsed again on every request.
export const loadFeatures = (db: TenantDb): Promise<TFeatureConfig> => resolveStoreConfig(db, 'feature');
export const loadMenu = (db: TenantDb): Promise<TMenuConfig> => resolveStoreConfig(db, 'menu');
export const loadStatusOptions = (db: TenantDb, workFlow: string): Promise<TStatusOptionsConfig> =>
  resolveWorkflowConfig(db, 'status-options', workFlow);
export const loadForm = (db: TenantDb, workFlow: string): Promise<TFormConfig> =>
  resolveWorkflowConfig(db, 'form', workFlow);

/** Is the workflow in the store's menu, on an entry whose feature flag (if any) is on? */
export function isWorkflowAvailable(menu: TMenuConfig, features: TFeatureConfig, workFlow: string): boolean {
  if (workFlow === 'support' && !features.supportClaim) return false;
  const isOn = (feature?: keyof TFeatureConfig) => !feature || features[feature];
  return menu.some(
    (item) =>
      isOn(item.feature) &&
      (item.workFlow === workFlow ||
        (item.sub ?? []).some((s) => s.workFlow === workFlow && isOn(s.feature))),
  );
}

/** Everything a write to a case of one workflow is checked against. */
export interface WorkflowConfig {
  workFlow: string;
  features: TFeatureConfig;
  statusOptions: TStatusOptionsConfig;
  form: TFormConfig;
}

/**
 * The configuration of a workflow the store offers; an unknown (or switched-off) workflow is
 * refused: 400 with a field message when it came in a body, 404 when in a path or query.
 */
export async function loadWorkflow(
  db: TenantDb,
  workFlow: string,
  from: 'body' | 'path' | 'existing',
): Promise<WorkflowConfig> {
  const [menu, features, statusOptions, form] = await Promise.all([
    loadMenu(db),
    loadFeatures(db),
    loadStatusOptions(db, workFlow),
    loadForm(db, workFlow),
  ]);
  // An existing case stays editable when its workflow has left the menu since.
  if (from !== 'existing' && !isWorkflowAvailable(menu, features, workFlow)) {
    throw unknownWorkflow(workFlow, from);
  }
  return { workFlow, features, statusOptions, form };
}

export function unknownWorkflow(workFlow: string, from: 'body' | 'path'): AppError {
  const message = `This store has no workflow "${workFlow}"`;
  return from === 'body'
    ? new AppError('VALIDATION_FAILED', message, { workFlow: message })
    : new AppError('NOT_FOUND', message);
}
