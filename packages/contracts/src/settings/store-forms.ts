import { z } from 'zod';
import { ZSafeUnknown, ZText, ZVersion } from '../common';
import { WORKFLOW_KEY } from '../cases/case-fields';
import { CONFIG_SOURCES } from './initial-properties';

/**
 * The everyday configuration documents a store's administrator (ADMIN_USER) edits through forms
 * ("Forms and lists"): a workflow's case form, list columns and statuses, the menu, and the
 * store's own words (`translations`, where the forms keep a label's text per language). The same
 * documents, schemas and version check as the super administrators' JSON editor
 * (/initial-properties), on the administrator's own store only; every other document stays with
 * the super administrators.
 */
export const STORE_FORM_KINDS = ['form', 'list-columns', 'status-options'] as const;
export type TStoreFormKind = (typeof STORE_FORM_KINDS)[number];
export const STORE_FORM_DOCUMENTS = ['menu', 'translations'] as const;

/** Whether a store's administrator may read and write this document through /store-forms. */
export function isStoreFormDocument(name: string): boolean {
  if ((STORE_FORM_DOCUMENTS as readonly string[]).includes(name)) return true;
  const dot = name.indexOf('.');
  if (dot < 0) return false;
  const kind = name.slice(0, dot);
  return (STORE_FORM_KINDS as readonly string[]).includes(kind) && WORKFLOW_KEY.test(name.slice(dot + 1));
}

/** GET and PUT /v2/api/settings/store-forms/{name}: `form.claim`, `status-options.support`, `menu`, ... */
export const ZStoreFormParams = z.object({
  name: ZText.min(1)
    .max(100)
    .refine(isStoreFormDocument, 'One of form.*, list-columns.*, status-options.*, menu or translations'),
});
export type TStoreFormParams = z.infer<typeof ZStoreFormParams>;

/** The store's document as it applies now, and the version a save must name. */
export const ZStoreFormResponse = z.object({
  name: z.string(),
  value: z.unknown(),
  /** Where the value comes from: the store's own document, its company's, or the built-in default. */
  source: z.enum(CONFIG_SOURCES),
  /** The stored document's version; null while the store has none of its own (a save creates it). */
  version: z.number().int().positive().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TStoreFormResponse = z.infer<typeof ZStoreFormResponse>;

/**
 * PUT /v2/api/settings/store-forms/{name}: writes the store's document. `version` is the one read:
 * null when the store had none of its own. A save over a newer one (someone saved since) is a 409
 * and nothing is written; a value that does not fit the schema is a 400 whose fieldErrors name
 * the path inside the body (`value.groups.0.fields.1.options`).
 */
export const ZSaveStoreFormRequest = z.object({
  value: ZSafeUnknown,
  version: ZVersion.nullable(),
});
export type TSaveStoreFormRequest = z.infer<typeof ZSaveStoreFormRequest>;
export const ZSaveStoreFormResponse = ZStoreFormResponse;
