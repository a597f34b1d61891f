import type { TStoredProperty } from '@claimdesk/contracts';
import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import { companyProperties, storeProperties, stores } from '../../db/schema';

/** Whose documents a call acts on: the store's (/v2/api) or its company's (/v2/shared). */
export type PropertyOwner = { tenantId: string } | { companyId: number };

/**
 * The two tables have the same columns but for the owner. The company table is typed as the
 * store table so that one set of queries serves both; the owner column and the insert values
 * are the only places where they differ, and both are picked from the real table.
 */
const target = (owner: PropertyOwner) =>
  'tenantId' in owner
    ? {
        table: storeProperties,
        ownerColumn: storeProperties.tenantId,
        // The TenantDb keeps a store's statements to its rows.
        ownerIs: undefined,
        ownerValues: { tenantId: owner.tenantId },
      }
    : {
        table: companyProperties as unknown as typeof storeProperties,
        ownerColumn: companyProperties.companyId,
        ownerIs: eq(companyProperties.companyId, owner.companyId),
        ownerValues: { companyId: owner.companyId } as unknown as { tenantId: string },
      };

const columns = (t: typeof storeProperties) => ({
  id: t.id,
  name: t.name,
  value: t.value,
  version: t.version,
  updatedBy: t.updatedBy,
  updatedAt: t.updatedAt,
});

type Row = Omit<TStoredProperty, 'updatedAt'> & { updatedAt: Date };

export const toStoredProperty = (row: Row): TStoredProperty => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** The company of a store (the owner of the shared path's documents). */
export async function companyOf(db: TenantDb): Promise<number | null> {
  const [row] = await db.select({ companyId: stores.companyId }).from(stores);
  return row?.companyId ?? null;
}

/** The stored documents named `prefix` or `prefix.*`, or all of them for `null`, by name. */
export async function listProperties(
  db: TenantDb,
  owner: PropertyOwner,
  prefix: string | null,
): Promise<Row[]> {
  const { table: t, ownerIs } = target(owner);
  const byName: SQL | undefined =
    prefix === null ? undefined : or(eq(t.name, prefix), like(t.name, `${prefix}.%`));
  return db.select(columns(t)).from(t).where(and(ownerIs, byName)).orderBy(asc(t.name));
}

export async function findPropertyByName(
  db: TenantDb,
  owner: PropertyOwner,
  name: string,
): Promise<Row | null> {
  const { table: t, ownerIs } = target(owner);
  const [row] = await db
    .select(columns(t))
    .from(t)
    .where(and(ownerIs, eq(t.name, name)));
  return row ?? null;
}

export async function findPropertyById(db: TenantDb, owner: PropertyOwner, id: number): Promise<Row | null> {
  const { table: t, ownerIs } = target(owner);
  const [row] = await db
    .select(columns(t))
    .from(t)
    .where(and(ownerIs, eq(t.id, id)));
  return row ?? null;
}

/** Inserts a document; null when one of that name is stored already. */
export async function insertProperty(
  db: TenantDb,
  owner: PropertyOwner,
  values: { name: string; value: unknown; updatedBy: string },
): Promise<Row | null> {
  const { table: t, ownerColumn, ownerValues } = target(owner);
  const [row] = await db
    .insert(t)
    .values({ ...ownerValues, ...values })
    .onConflictDoNothing({ target: [ownerColumn, t.name] })
    .returning(columns(t));
  return row ?? null;
}

/** Replaces a document's value when it is at `version` (any version for null); null otherwise. */
export async function updateProperty(
  db: TenantDb,
  owner: PropertyOwner,
  where: { id: number } | { name: string },
  version: number | null,
  values: { value: unknown; updatedBy: string },
): Promise<Row | null> {
  const { table: t, ownerIs } = target(owner);
  const [row] = await db
    .update(t)
    .set({ ...values, version: sql`${t.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        ownerIs,
        'id' in where ? eq(t.id, where.id) : eq(t.name, where.name),
        version === null ? undefined : eq(t.version, version),
      ),
    )
    .returning(columns(t));
  return row ?? null;
}

/** Creates the document or replaces its value, in one statement. */
export async function upsertProperty(
  db: TenantDb,
  owner: PropertyOwner,
  values: { name: string; value: unknown; updatedBy: string },
): Promise<Row> {
  const { table: t, ownerColumn, ownerValues } = target(owner);
  const [row] = await db
    .insert(t)
    .values({ ...ownerValues, ...values })
    .onConflictDoUpdate({
      target: [ownerColumn, t.name],
      set: {
        value: sql`excluded.value`,
        updatedBy: sql`excluded.updated_by`,
        version: sql`${t.version} + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning(columns(t));
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/**
 * Deletes the documents with these ids, all or nothing: when any id is not one of this owner's
 * documents, nothing is deleted and the missing ids are answered.
 */
export async function deleteProperties(
  db: TenantDb,
  owner: PropertyOwner,
  ids: number[],
): Promise<{ deleted: Row[] } | { missing: number[] }> {
  const { table: t, ownerIs } = target(owner);
  const wanted = [...new Set(ids)];
  const rollback = new Error('rollback');
  let missing: number[] = [];
  try {
    return await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(t)
        .where(and(ownerIs, inArray(t.id, wanted)))
        .returning(columns(t));
      if (deleted.length < wanted.length) {
        missing = wanted.filter((id) => !deleted.some((row) => row.id === id));
        throw rollback;
      }
      return { deleted };
    });
  } catch (error) {
    if (error === rollback) return { missing };
    throw error;
  }
}
