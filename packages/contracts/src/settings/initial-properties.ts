import { z } from 'zod';
import { ZId, ZIdText, ZSafeUnknown, ZText, ZVersion } from '../common';
import { configDocument } from './json-config';

/**
 * Store configuration ("initial properties"): the calls under
 * /v2/api/settings/initial-properties act on the signed-in store's documents; the same calls
 * under /v2/shared/initial-properties act on its company's (X-COMPANY). json-config (the resolved
 * document) is for every signed-in password user; one-time-code users are refused (403) and read
 * the static lite files instead (/assets/config/{name}-lite.json, written from `liteValue`), so a
 * store's full configuration never reaches people outside its staff. Every other call needs a
 * super administrator (either spelling).
 *
 * A stored document is one named JSON value. Its schema comes from `configDocument(name)`;
 * a value that does not fit is refused with a 400 whose `fieldErrors` name the path inside
 * the body (`value.groups.0.fields.1.type`), and the stored document stays as it was.
 */

/** A document name: `menu`, `feature`, or a workflow's `form.claim`, `status-options.support`. */
export const ZDocumentName = ZText.min(1)
  .max(100)
  .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)?$/, 'A document name such as menu or form.claim');

/** One stored document of a store (or of a company, on the shared path). */
export const ZStoredProperty = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  value: z.unknown(),
  /** Starts at 1 and goes up by one on every write; a write naming an older version is refused (409). */
  version: z.number().int().positive(),
  /** The username of the last writer. */
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type TStoredProperty = z.infer<typeof ZStoredProperty>;

/** The id of a stored document in a path: PUT and DELETE /initial-properties/{id}. */
export const ZPropertyIdParam = z.object({ propertyId: ZIdText });
export type TPropertyIdParam = z.infer<typeof ZPropertyIdParam>;

/**
 * GET /initial-properties/{option}: the stored documents whose name is `option` or starts with
 * `option.` (`form` lists `form.claim`, `form.support`, ...), by name. `all` lists every stored
 * document. Documents that are not stored (the fallback applies) are not listed.
 */
export const LIST_ALL_PROPERTIES = 'all';
export const ZListPropertiesParams = z.object({ option: ZDocumentName });
export const ZListPropertiesResponse = z.array(ZStoredProperty);
export type TListPropertiesResponse = z.infer<typeof ZListPropertiesResponse>;

/** GET /initial-properties/findone/{name}: the stored document of that name; 404 when none is stored. */
export const ZFindPropertyParams = z.object({ name: ZDocumentName });
export const ZFindPropertyResponse = ZStoredProperty;

/** POST /initial-properties: stores a document that is not stored yet (409 when it is). Answers 201. */
export const ZCreatePropertyRequest = z.object({ name: ZDocumentName, value: ZSafeUnknown });
export type TCreatePropertyRequest = z.infer<typeof ZCreatePropertyRequest>;
export const ZCreatePropertyResponse = ZStoredProperty;

/** PUT /initial-properties/{id}: replaces the value of a stored document; `version` is the one read (409 when stale). */
export const ZUpdatePropertyRequest = z.object({
  value: ZSafeUnknown,
  version: ZVersion,
});
export type TUpdatePropertyRequest = z.infer<typeof ZUpdatePropertyRequest>;
export const ZUpdatePropertyResponse = ZStoredProperty;

/**
 * PUT /initial-properties: stores a document by name, creating or replacing it. With `version`,
 * the stored document must exist at that version (409 otherwise); without it, the last write wins.
 */
export const ZUpsertPropertyRequest = z.object({
  name: ZDocumentName,
  value: ZSafeUnknown,
  version: ZVersion.optional(),
});
export type TUpsertPropertyRequest = z.infer<typeof ZUpsertPropertyRequest>;
export const ZUpsertPropertyResponse = ZStoredProperty;

/**
 * DELETE /initial-properties with this body: removes the stored documents, so the fallback
 * (company, then built-in default) applies again. All or nothing: an id this store does not
 * have is a 404 and nothing is removed. Answers 204.
 */
export const ZDeletePropertiesRequest = z.object({
  ids: z.array(ZId).min(1).max(100),
});
export type TDeletePropertiesRequest = z.infer<typeof ZDeletePropertiesRequest>;

/** Where the value a store gets for a document comes from. */
export const CONFIG_SOURCES = ['store', 'company', 'default'] as const;
export type TConfigSource = (typeof CONFIG_SOURCES)[number];

export type TConfigValidation =
  | { isValid: true; value: unknown }
  | { isValid: false; message: string; fieldErrors: Record<string, string> };

/**
 * Checks a document's value against its schema. Paths in `fieldErrors` are dot-separated and
 * start with `prefix` (`value` for a request body, so `value.groups.0.fields.1.type`).
 */
export function validateConfigValue(name: string, value: unknown, prefix = 'value'): TConfigValidation {
  const doc = configDocument(name);
  if (!doc) {
    const message = `"${name}" is not a configuration document`;
    return { isValid: false, message, fieldErrors: { name: message } };
  }
  const parsed = doc.schema.safeParse(value);
  if (parsed.success) return { isValid: true, value: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'value';
    fieldErrors[path] ??= issue.message;
  }
  return { isValid: false, message: `The ${name} document does not fit its schema`, fieldErrors };
}
