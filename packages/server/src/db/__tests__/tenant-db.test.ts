import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../client';
import { companies, itemTypes, stores } from '../schema';
import { forTenant } from '../tenant-db';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  const { db } = database;
  const [company] = await db.insert(companies).values({ name: 'Chain' }).returning();
  if (!company) throw new Error('no company');
  await db.insert(stores).values([
    { tenantId: 'north', companyId: company.id, displayName: 'North' },
    { tenantId: 'south', companyId: company.id, displayName: 'South' },
  ]);
  for (const tenantId of ['north', 'south']) {
    await db.insert(itemTypes).values([
      { tenantId, key: 'phone', names: { en: `${tenantId} phone` } },
      { tenantId, key: 'tv', names: { en: `${tenantId} tv` } },
    ]);
  }
}, 60_000);

afterAll(() => database.close());

const keysOf = async (tenantId: string) =>
  (await database.db.select().from(itemTypes).where(eq(itemTypes.tenantId, tenantId)))
    .map((r) => r.key)
    .sort();

describe('forTenant', () => {
  it('reads only the store’s rows, with or without a where of its own', async () => {
    const north = forTenant(database.db, 'north');
    const all = await north.select().from(itemTypes).orderBy(asc(itemTypes.key));
    expect(all.map((r) => r.names.en)).toEqual(['north phone', 'north tv']);
    const one = await north.select().from(itemTypes).where(eq(itemTypes.key, 'tv'));
    expect(one.map((r) => r.names.en)).toEqual(['north tv']);
    // A condition that would match another store's rows still keeps to this store.
    const wide = await north
      .select({ id: itemTypes.id })
      .from(itemTypes)
      .where(eq(itemTypes.tenantId, 'south'));
    expect(wide).toEqual([]);
    expect(await north.$count(itemTypes)).toBe(2);
  });

  it('binds joined tenant tables to the store', () => {
    const north = forTenant(database.db, 'north');
    const query = north
      .select({ id: itemTypes.id })
      .from(itemTypes)
      .innerJoin(stores, eq(stores.tenantId, itemTypes.tenantId))
      .toSQL();
    expect(query.sql).toMatch(/inner join "stores" on \("stores"\."tenant_id" = \$1 and/);
    expect(query.params.slice(0, 2)).toEqual(['north', 'north']);
  });

  it('updates and deletes only the store’s rows', async () => {
    const south = forTenant(database.db, 'south');
    const updated = await south.update(itemTypes).set({ isDisabled: true }).returning();
    expect(updated.map((r) => r.tenantId)).toEqual(['south', 'south']);
    await south.delete(itemTypes).where(eq(itemTypes.key, 'tv'));
    expect(await keysOf('south')).toEqual(['phone']);
    expect(await keysOf('north')).toEqual(['phone', 'tv']);
    const north = await database.db.select().from(itemTypes).where(eq(itemTypes.tenantId, 'north'));
    expect(north.every((r) => !r.isDisabled)).toBe(true);
  });

  it('stamps inserts with the store and refuses a row of another', async () => {
    const north = forTenant(database.db, 'north');
    await north.insert(itemTypes).values({ tenantId: 'north', key: 'laptop', names: { en: 'Laptop' } });
    expect(await keysOf('north')).toContain('laptop');
    expect(() =>
      north.insert(itemTypes).values({ tenantId: 'south', key: 'sneaky', names: { en: 'x' } }),
    ).toThrow(/another store/);
    expect(await keysOf('south')).not.toContain('sneaky');
  });

  it('keeps a transaction’s statements bound', async () => {
    const north = forTenant(database.db, 'north');
    const count = await north.transaction(async (tx) => {
      expect(tx.tenantId).toBe('north');
      return tx.$count(itemTypes);
    });
    expect(count).toBe(3);
  });
});
