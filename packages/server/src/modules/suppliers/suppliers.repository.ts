// Every statement on suppliers and their contact persons, for the store's own and the company's
// (supplier-owner.ts). All go through the caller's TenantDb: the company's rows are named by the
// company of the calling store, so they too are reached only from that store.
import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cases, stores } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import { tablesOf, type SupplierOwner } from './supplier-owner';

export type SupplierValues = {
  name: string;
  organisationNumber: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  claimAddress: string | null;
  compensationModes: string[];
  requiredEvidence: string[];
  answerDays: number | null;
  isDisabled: boolean;
};

export type ContactValues = { fullName: string; email: string; phone: string | null; isDisabled: boolean };

/** The company of the calling store and how it gets its suppliers. */
export async function storeSupplierSetting(
  db: TenantDb,
): Promise<{ companyId: number; supplierSource: string } | null> {
  const [row] = await db
    .select({ companyId: stores.companyId, supplierSource: stores.supplierSource })
    .from(stores);
  return row ?? null;
}

/** The calling store's cases (not deleted) that name the supplier. */
const caseCountOf = (db: TenantDb, owner: SupplierOwner, id: SQL) => {
  const column = owner.source === 'internal' ? cases.supplierId : cases.companySupplierId;
  return sql<number>`(SELECT count(*)::int FROM ${cases} WHERE ${cases.tenantId} = ${db.tenantId}
    AND ${column} = ${id} AND ${cases.deletedAt} IS NULL)`;
};

const supplierColumns = (db: TenantDb, owner: SupplierOwner) => {
  const { s } = tablesOf(owner, db.tenantId);
  return {
    id: s.id,
    name: s.name,
    organisationNumber: s.organisationNumber,
    email: s.email,
    phone: s.phone,
    address: s.address,
    claimAddress: s.claimAddress,
    compensationModes: s.compensationModes,
    requiredEvidence: s.requiredEvidence,
    answerDays: s.answerDays,
    isDisabled: s.isDisabled,
    version: s.version,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    // Named in full: inside a subquery on cases, a bare "id" would be the case's.
    caseCount: caseCountOf(
      db,
      owner,
      sql.raw(owner.source === 'internal' ? '"suppliers"."id"' : '"company_suppliers"."id"'),
    ),
  };
};

export type SupplierRow = Awaited<ReturnType<typeof findSupplier>> & object;

/** The owner's suppliers by name; `search` in the name, organisation number, email or a contact person. */
export async function listSuppliers(
  db: TenantDb,
  owner: SupplierOwner,
  options: { search?: string | undefined; includeDisabled: boolean },
) {
  const { s, c, supplierOwn, contactOwn } = tablesOf(owner, db.tenantId);
  const term = options.search?.toLowerCase();
  const has = (column: AnyPgColumn) => sql`strpos(lower(coalesce(${column}, '')), ${term}) > 0`;
  const matches = term
    ? or(
        has(s.name),
        has(s.organisationNumber),
        has(s.email),
        sql`EXISTS (SELECT 1 FROM ${c} WHERE ${and(contactOwn ?? eq(c.tenantId, db.tenantId), eq(c.supplierId, s.id), or(has(c.fullName), has(c.email)))})`,
      )
    : undefined;
  return db
    .select(supplierColumns(db, owner))
    .from(s)
    .where(and(supplierOwn, options.includeDisabled ? undefined : eq(s.isDisabled, false), matches))
    .orderBy(asc(sql`lower(${s.name})`), asc(s.id));
}

export async function findSupplier(db: TenantDb, owner: SupplierOwner, id: number, forUpdate = false) {
  const { s, supplierOwn } = tablesOf(owner, db.tenantId);
  const query = db
    .select(supplierColumns(db, owner))
    .from(s)
    .where(and(supplierOwn, eq(s.id, id)));
  const [row] = await (forUpdate ? query.for('update', { of: s }) : query);
  return row ?? null;
}

/** The contact persons of these suppliers, by name. */
export async function listContactsOf(db: TenantDb, owner: SupplierOwner, supplierIds: number[]) {
  if (supplierIds.length === 0) return [];
  const { c, contactOwn } = tablesOf(owner, db.tenantId);
  return db
    .select({
      id: c.id,
      supplierId: c.supplierId,
      fullName: c.fullName,
      email: c.email,
      phone: c.phone,
      isDisabled: c.isDisabled,
    })
    .from(c)
    .where(and(contactOwn, inArray(c.supplierId, supplierIds)))
    .orderBy(asc(c.fullName), asc(c.id));
}

export async function insertSupplier(
  db: TenantDb,
  owner: SupplierOwner,
  values: SupplierValues,
): Promise<number> {
  const { s, ownerValues } = tablesOf(owner, db.tenantId);
  const [row] = await db
    .insert(s)
    .values({ ...ownerValues, ...values })
    .returning({ id: s.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Writes the fields when the supplier is at `version`; false when it is not (or is gone). */
export async function updateSupplier(
  db: TenantDb,
  owner: SupplierOwner,
  id: number,
  version: number,
  values: SupplierValues,
): Promise<boolean> {
  const { s, supplierOwn } = tablesOf(owner, db.tenantId);
  const rows = await db
    .update(s)
    .set({ ...values, version: sql`${s.version} + 1`, updatedAt: sql`now()` })
    .where(and(supplierOwn, eq(s.id, id), eq(s.version, version)))
    .returning({ id: s.id });
  return rows.length > 0;
}

export async function disableSupplier(db: TenantDb, owner: SupplierOwner, id: number): Promise<void> {
  const { s, supplierOwn } = tablesOf(owner, db.tenantId);
  await db
    .update(s)
    .set({ isDisabled: true, version: sql`${s.version} + 1`, updatedAt: sql`now()` })
    .where(and(supplierOwn, eq(s.id, id)));
}

/** Deletes the supplier and its contact persons; a case naming it makes the database refuse (23503). */
export async function deleteSupplier(db: TenantDb, owner: SupplierOwner, id: number): Promise<void> {
  const { s, c, supplierOwn, contactOwn } = tablesOf(owner, db.tenantId);
  await db.delete(c).where(and(contactOwn, eq(c.supplierId, id)));
  await db.delete(s).where(and(supplierOwn, eq(s.id, id)));
}

/** The owner's contacts with these emails (any supplier's, or none). */
export async function findContactsByEmail(db: TenantDb, owner: SupplierOwner, emails: string[]) {
  if (emails.length === 0) return [];
  const { c, contactOwn } = tablesOf(owner, db.tenantId);
  return db
    .select({ id: c.id, email: c.email, supplierId: c.supplierId })
    .from(c)
    .where(and(contactOwn, inArray(c.email, emails)));
}

/** Removes the supplier's contact persons but those kept. */
export async function deleteContactsExcept(
  db: TenantDb,
  owner: SupplierOwner,
  supplierId: number,
  keep: number[],
): Promise<void> {
  const { c, contactOwn } = tablesOf(owner, db.tenantId);
  await db
    .delete(c)
    .where(
      and(contactOwn, eq(c.supplierId, supplierId), keep.length > 0 ? notInArray(c.id, keep) : undefined),
    );
}

/** Writes a contact person; `adopt` also takes over a contact of no supplier. False when not found. */
export async function updateContact(
  db: TenantDb,
  owner: SupplierOwner,
  supplierId: number,
  id: number,
  values: ContactValues,
  adopt = false,
): Promise<boolean> {
  const { c, contactOwn } = tablesOf(owner, db.tenantId);
  const rows = await db
    .update(c)
    .set({ ...values, supplierId })
    .where(
      and(
        contactOwn,
        eq(c.id, id),
        adopt
          ? sql`(${c.supplierId} IS NULL OR ${c.supplierId} = ${supplierId})`
          : eq(c.supplierId, supplierId),
      ),
    )
    .returning({ id: c.id });
  return rows.length > 0;
}

export async function insertContacts(
  db: TenantDb,
  owner: SupplierOwner,
  supplierId: number,
  people: ContactValues[],
): Promise<void> {
  if (people.length === 0) return;
  const { c, ownerValues } = tablesOf(owner, db.tenantId);
  await db.insert(c).values(people.map((p) => ({ ...ownerValues, ...p, supplierId })));
}

/** The enabled supplier of this name (any case), when the owner has exactly one. */
export async function findSupplierIdByName(
  db: TenantDb,
  owner: SupplierOwner,
  name: string,
): Promise<number | null> {
  const { s, supplierOwn } = tablesOf(owner, db.tenantId);
  const rows = await db
    .select({ id: s.id })
    .from(s)
    .where(and(supplierOwn, eq(s.isDisabled, false), sql`lower(${s.name}) = lower(${name})`))
    .limit(2);
  return rows.length === 1 ? (rows[0]?.id ?? null) : null;
}
