import {
  ZFeatureConfig,
  ZFormConfig,
  ZMenuConfig,
  ZStatusOptionsConfig,
  configDocument,
  workflowDocumentName,
  type TFeatureConfig,
  type TFormConfig,
  type TMenuConfig,
  type TStatusOptionsConfig,
} from '@claimdesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { resolveStoreConfig } from '../settings/store-config.repository';

/**
 * A store's resolved document, parsed with its contract schema. A document that does not fit
 * (it should not: the settings module validates on save) falls back to the built-in default.
 */
async function loadDocument<S extends z.ZodType>(
  db: Db,
  tenantId: string,
  name: string,
  schema: S,
): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await resolveStoreConfig(db, tenantId, name));
  if (parsed.success) return parsed.data;
  return schema.parse(configDocument(name)?.defaultValue);
}

export const loadFeatures = (db: Db, tenantId: string): Promise<TFeatureConfig> =>
  loadDocument(db, tenantId, 'feature', ZFeatureConfig);
export const loadMenu = (db: Db, tenantId: string): Promise<TMenuConfig> =>
  loadDocument(db, tenantId, 'menu', ZMenuConfig);
export const loadStatusOptions = (
  db: Db,
  tenantId: string,
  workFlow: string,
): Promise<TStatusOptionsConfig> =>
  loadDocument(db, tenantId, workflowDocumentName('status-options', workFlow), ZStatusOptionsConfig);
export const loadForm = (db: Db, tenantId: string, workFlow: string): Promise<TFormConfig> =>
  loadDocument(db, tenantId, workflowDocumentName('form', workFlow), ZFormConfig);

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
  db: Db,
  tenantId: string,
  workFlow: string,
  from: 'body' | 'path' | 'existing',
): Promise<WorkflowConfig> {
  const [menu, features, statusOptions, form] = await Promise.all([
    loadMenu(db, tenantId),
    loadFeatures(db, tenantId),
    loadStatusOptions(db, tenantId, workFlow),
    loadForm(db, tenantId, workFlow),
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
