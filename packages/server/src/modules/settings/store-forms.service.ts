import type { TSaveStoreFormRequest, TStoreFormResponse } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { recordConfigChange } from './config-audit';
import * as repo from './properties.repository';
import { present, staleVersion, validated } from './properties.service';
import { forgetStoreConfig, resolveConfig } from './store-config.repository';

/**
 * The everyday documents of the administrator's own store (the "Forms and lists" screen): the
 * store's stored document with its version, else the value that applies now (its company's or
 * the built-in default) with no version, so the first save creates the store's own.
 */
export async function readStoreForm(db: TenantDb, name: string): Promise<TStoreFormResponse> {
  const row = await repo.findPropertyByName(db, { tenantId: db.tenantId }, name);
  if (row) {
    const stored = present(row);
    return { ...stored, source: 'store' };
  }
  const resolved = await resolveConfig(db, name);
  return {
    name,
    value: resolved.value,
    source: resolved.source,
    version: null,
    updatedBy: null,
    updatedAt: null,
  };
}

const createdMeanwhile = (name: string) =>
  new AppError(
    'CONFLICT',
    `The ${name} document was saved by someone else since you opened it. Reload it and apply your change again.`,
    { version: 'A newer version is stored' },
  );

/**
 * Writes the store's document with the same schema check and version check as the JSON editor,
 * and records the change in the audit log in the same transaction.
 */
export async function saveStoreForm(
  db: TenantDb,
  auth: AuthContext,
  name: string,
  body: TSaveStoreFormRequest,
): Promise<TStoreFormResponse> {
  const owner = { tenantId: db.tenantId };
  const value = validated(name, body.value);
  await db.transaction(async (tx) => {
    const before = await repo.findPropertyByName(tx, owner, name);
    const values = { value, updatedBy: auth.username };
    if (body.version === null) {
      const inserted = await repo.insertProperty(tx, owner, { name, ...values });
      if (!inserted) throw createdMeanwhile(name);
    } else {
      const updated = await repo.updateProperty(tx, owner, { name }, body.version, values);
      if (!updated) throw before ? staleVersion(present(before), body.version) : createdMeanwhile(name);
    }
    await recordConfigChange(tx, auth, owner, { name, before: before?.value ?? null, after: value });
  });
  forgetStoreConfig(db, owner);
  return readStoreForm(db, name);
}
