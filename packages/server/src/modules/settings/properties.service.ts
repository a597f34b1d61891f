import {
  LIST_ALL_PROPERTIES,
  WORKFLOW_DOCUMENTS,
  configDocument,
  validateConfigValue,
  type TCreatePropertyRequest,
  type TStoredProperty,
  type TUpdatePropertyRequest,
  type TUpsertPropertyRequest,
} from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import * as repo from './properties.repository';
import { recordConfigChange } from './config-audit';
import { forgetStoreConfig } from './store-config.repository';
import { toStoredProperty, type PropertyOwner } from './properties.repository';

/** The owner of the documents a call acts on: the store, or its company on the shared path. */
export async function ownerOf(auth: AuthContext, isShared: boolean): Promise<PropertyOwner> {
  if (!isShared) return { tenantId: auth.db.tenantId };
  const companyId = await repo.companyOf(auth.db);
  if (companyId === null) throw notFound('Store');
  return { companyId };
}

const isWorkflowDocumentKind = (kind: string) => Object.hasOwn(WORKFLOW_DOCUMENTS, kind);

const where = (owner: PropertyOwner) => ('tenantId' in owner ? 'This store' : 'This company');

/**
 * A stored document as answered. jsonb keeps object keys in its own order; a value that fits its
 * schema is answered in the schema's order instead, so the editor shows it as written.
 */
export function present(row: Parameters<typeof toStoredProperty>[0]): TStoredProperty {
  const result = validateConfigValue(row.name, row.value);
  return toStoredProperty(result.isValid ? { ...row, value: result.value } : row);
}

/** Refuses a value that does not fit the document's schema, naming the path inside the body. */
export function validated(name: string, value: unknown): unknown {
  const result = validateConfigValue(name, value);
  if (!result.isValid) throw new AppError('VALIDATION_FAILED', result.message, result.fieldErrors);
  return result.value;
}

export function staleVersion(current: TStoredProperty, version: number): AppError {
  const who = current.updatedBy ? ` by ${current.updatedBy}` : '';
  return new AppError(
    'CONFLICT',
    `The ${current.name} document was changed${who} since you opened it (you have version ${version}, the stored one is version ${current.version}). Reload it and apply your change again.`,
    { version: `The stored version is ${current.version}` },
  );
}

/** `all`, a document name, or a kind of workflow document (`form` lists `form.claim`, ...). */
const isListOption = (option: string) =>
  option === LIST_ALL_PROPERTIES || configDocument(option) !== null || isWorkflowDocumentKind(option);

export async function listProperties(db: TenantDb, owner: PropertyOwner, option: string) {
  if (!isListOption(option)) throw new AppError('NOT_FOUND', `"${option}" is not a configuration document`);
  const rows = await repo.listProperties(db, owner, option === LIST_ALL_PROPERTIES ? null : option);
  return rows.map(present);
}

export async function findProperty(db: TenantDb, owner: PropertyOwner, name: string) {
  const row = await repo.findPropertyByName(db, owner, name);
  if (!row)
    throw new AppError('NOT_FOUND', `${where(owner)} has no stored ${name} document; the fallback applies`);
  return present(row);
}

export async function createProperty(
  db: TenantDb,
  owner: PropertyOwner,
  auth: AuthContext,
  body: TCreatePropertyRequest,
) {
  const value = validated(body.name, body.value);
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertProperty(tx, owner, {
      name: body.name,
      value,
      updatedBy: auth.username,
    });
    if (inserted) await recordConfigChange(tx, auth, owner, { name: body.name, before: null, after: value });
    return inserted;
  });
  if (!row) {
    throw new AppError(
      'CONFLICT',
      `The ${body.name} document is stored already; open it and save your change there.`,
      {
        name: 'Stored already',
      },
    );
  }
  forgetStoreConfig(db, owner);
  return present(row);
}

export async function updateProperty(
  db: TenantDb,
  owner: PropertyOwner,
  auth: AuthContext,
  id: number,
  body: TUpdatePropertyRequest,
) {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findPropertyById(tx, owner, id);
    if (!current) throw notFound('Stored document');
    const value = validated(current.name, body.value);
    const updated = await repo.updateProperty(tx, owner, { id }, body.version, {
      value,
      updatedBy: auth.username,
    });
    if (!updated) {
      const latest = await repo.findPropertyById(tx, owner, id);
      if (!latest) throw notFound('Stored document');
      throw staleVersion(toStoredProperty(latest), body.version);
    }
    await recordConfigChange(tx, auth, owner, { name: current.name, before: current.value, after: value });
    return updated;
  });
  forgetStoreConfig(db, owner);
  return present(row);
}

export async function upsertProperty(
  db: TenantDb,
  owner: PropertyOwner,
  auth: AuthContext,
  body: TUpsertPropertyRequest,
) {
  const value = validated(body.name, body.value);
  const values = { value, updatedBy: auth.username };
  const row = await db.transaction(async (tx) => {
    const before = (await repo.findPropertyByName(tx, owner, body.name))?.value ?? null;
    let written;
    if (body.version === undefined) {
      written = await repo.upsertProperty(tx, owner, { name: body.name, ...values });
    } else {
      written = await repo.updateProperty(tx, owner, { name: body.name }, body.version, values);
      if (!written) {
        const latest = await repo.findPropertyByName(tx, owner, body.name);
        if (!latest) {
          throw new AppError(
            'CONFLICT',
            `The ${body.name} document was removed since you opened it; the fallback applies now. Reload it and apply your change again.`,
            { version: 'No stored document' },
          );
        }
        throw staleVersion(toStoredProperty(latest), body.version);
      }
    }
    await recordConfigChange(tx, auth, owner, { name: body.name, before, after: value });
    return written;
  });
  forgetStoreConfig(db, owner);
  return present(row);
}

export async function deleteProperties(
  db: TenantDb,
  owner: PropertyOwner,
  auth: AuthContext,
  ids: number[],
): Promise<void> {
  const result = await db.transaction(async (tx) => {
    const outcome = await repo.deleteProperties(tx, owner, ids);
    if ('deleted' in outcome) {
      for (const row of outcome.deleted) {
        await recordConfigChange(tx, auth, owner, { name: row.name, before: row.value, after: null });
      }
    }
    return outcome;
  });
  if ('missing' in result) {
    throw new AppError(
      'NOT_FOUND',
      `${where(owner)} has no stored document with id ${result.missing.join(', ')}; nothing was removed`,
      {
        ids: `Unknown: ${result.missing.join(', ')}`,
      },
    );
  }
  forgetStoreConfig(db, owner);
}
