import type { TCreateItemTypeRequest, TItemType, TUpdateItemTypeRequest } from '@claimdesk/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import { caseItems, itemTypes } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';

/** Cases (deleted ones too: their items still point at the type) with an item of the type. */
const usageCount = sql<number>`(SELECT count(DISTINCT ci.case_id)::int FROM ${caseItems} ci
  WHERE ci.tenant_id = item_types.tenant_id AND ci.item_type_id = item_types.id)`;

const columns = {
  id: itemTypes.id,
  key: itemTypes.key,
  names: itemTypes.names,
  isDisabled: itemTypes.isDisabled,
  usageCount,
};

const toItemType = (row: {
  id: number;
  key: string;
  names: unknown;
  isDisabled: boolean;
  usageCount: number;
}) => ({ ...row, names: row.names as TItemType['names'] });

export async function listItemTypes(db: TenantDb): Promise<TItemType[]> {
  const rows = await db
    .select(columns)
    .from(itemTypes)
    .orderBy(asc(itemTypes.isDisabled), asc(itemTypes.key));
  return rows.map(toItemType);
}

async function getItemType(db: TenantDb, id: number): Promise<TItemType> {
  const [row] = await db.select(columns).from(itemTypes).where(eq(itemTypes.id, id));
  if (!row) throw notFound('Item type');
  return toItemType(row);
}

export async function createItemType(db: TenantDb, input: TCreateItemTypeRequest): Promise<TItemType> {
  const [row] = await db
    .insert(itemTypes)
    .values({ tenantId: db.tenantId, key: input.key, names: input.names })
    .onConflictDoNothing()
    .returning({ id: itemTypes.id });
  if (!row) {
    const message = `An item type with the key "${input.key}" exists already`;
    throw new AppError('CONFLICT', message, { key: message });
  }
  return getItemType(db, row.id);
}

export async function updateItemType(
  db: TenantDb,
  id: number,
  input: TUpdateItemTypeRequest,
): Promise<TItemType> {
  const [row] = await db
    .update(itemTypes)
    .set({ names: input.names, isDisabled: input.isDisabled, updatedAt: new Date() })
    .where(eq(itemTypes.id, id))
    .returning({ id: itemTypes.id });
  if (!row) throw notFound('Item type');
  return getItemType(db, row.id);
}

/** Deletes a type no case uses; a type in use is 409 (disable it instead). */
export async function deleteItemType(db: TenantDb, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: itemTypes.id, usageCount })
      .from(itemTypes)
      .where(eq(itemTypes.id, id))
      .for('update');
    if (!row) throw notFound('Item type');
    if (row.usageCount > 0) {
      const cases = row.usageCount === 1 ? '1 case' : `${row.usageCount} cases`;
      throw new AppError('CONFLICT', `This item type is used by ${cases}; disable it instead`);
    }
    await tx.delete(itemTypes).where(eq(itemTypes.id, id));
  });
}
