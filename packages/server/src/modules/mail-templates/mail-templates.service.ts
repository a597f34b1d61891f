import type {
  TCreateMailTemplateRequest,
  TListMailTemplatesQuery,
  TMailTemplate,
  TPreviewMailTemplateRequest,
  TRenderedMailTemplate,
  TUpdateMailTemplateRequest,
} from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { isWorkflowAvailable, loadFeatures, loadMenu, unknownWorkflow } from '../cases/case-config';
import { findBuiltInTemplate } from './built-in/built-in-templates';
import * as repository from './mail-templates.repository';
import { fromRow, mergeTemplates, type TemplateFilter } from './merge-templates';
import { loadRenderContext } from './render-context';
import { renderSource } from './render-template';

/** Which workflows the store offers (its menu and feature flags). */
async function offeredWorkflows(db: TenantDb): Promise<(workFlow: string) => boolean> {
  const [menu, features] = await Promise.all([loadMenu(db), loadFeatures(db)]);
  return (workFlow) => isWorkflowAvailable(menu, features, workFlow);
}

/** The templates offered when composing a mail of a workflow: disabled ones left out. */
export async function listWorkflowTemplates(
  db: TenantDb,
  filter: TemplateFilter & { workFlow: string },
): Promise<TMailTemplate[]> {
  const isOffered = await offeredWorkflows(db);
  if (!isOffered(filter.workFlow)) throw unknownWorkflow(filter.workFlow, 'path');
  const own = await repository.listStoreTemplates(db, filter);
  return mergeTemplates(own, filter, isOffered).filter((t) => !t.isDisabled);
}

/** The settings screen's list: the store's templates (disabled too) and the built-in ones it offers. */
export async function listTemplates(db: TenantDb, filter: TListMailTemplatesQuery): Promise<TMailTemplate[]> {
  const isOffered = await offeredWorkflows(db);
  const own = await repository.listStoreTemplates(db, filter);
  return mergeTemplates(own, filter, isOffered);
}

export async function createTemplate(
  auth: AuthContext,
  input: TCreateMailTemplateRequest,
): Promise<TMailTemplate> {
  const isOffered = await offeredWorkflows(auth.db);
  if (!isOffered(input.workFlow)) throw unknownWorkflow(input.workFlow, 'body');
  // A key means one template in every language: its workflow and send type are the built-in
  // one's, or those of the store's other languages of it.
  const [sibling] = await repository.listStoreTemplatesByKey(auth.db, input.key);
  const existing = findBuiltInTemplate(input.key) ?? sibling;
  if (existing) {
    for (const field of ['workFlow', 'sendType'] as const) {
      if (existing[field] !== input[field]) {
        const message = `The template "${input.key}" has ${field} "${existing[field]}"`;
        throw new AppError('VALIDATION_FAILED', message, { [field]: message });
      }
    }
  }
  const row = await repository.insertStoreTemplate(auth.db, {
    key: input.key,
    workFlow: input.workFlow,
    sendType: input.sendType,
    language: input.language,
    subject: input.subject,
    body: input.body,
    isDisabled: input.isDisabled ?? false,
    updatedBy: auth.username,
  });
  if (!row) {
    const message = `The store has a template "${input.key}" in "${input.language}" already; change that one`;
    throw new AppError('CONFLICT', message, { key: message });
  }
  return fromRow(row);
}

export async function updateTemplate(
  auth: AuthContext,
  id: number,
  input: TUpdateMailTemplateRequest,
): Promise<TMailTemplate> {
  const { version, ...changes } = input;
  const row = await repository.updateStoreTemplate(auth.db, id, version, {
    ...changes,
    updatedBy: auth.username,
  });
  if (row) return fromRow(row);
  const current = await repository.findStoreTemplate(auth.db, id);
  if (!current) throw notFound('Mail template');
  throw new AppError(
    'CONFLICT',
    `The template was changed by someone else (version ${String(current.version)}); reload it`,
  );
}

export async function deleteTemplate(auth: AuthContext, id: number): Promise<void> {
  if (!(await repository.deleteStoreTemplate(auth.db, id))) throw notFound('Mail template');
}

export async function previewTemplate(
  auth: AuthContext,
  input: TPreviewMailTemplateRequest,
): Promise<TRenderedMailTemplate> {
  const context = await loadRenderContext(auth.db, input.caseId, auth.username);
  return renderSource(context, input, input.language ?? context.storeLanguage);
}
