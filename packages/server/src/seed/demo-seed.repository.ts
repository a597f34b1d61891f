import type { TFeatureConfig } from '@claimdesk/contracts';
import { count } from 'drizzle-orm';
import {
  caseCounters,
  caseItems,
  caseParticipants,
  caseTimeline,
  cases,
  contacts,
  itemTypes,
  storeProperties,
} from '../db/schema';
import type { TenantDb } from '../db/tenant-db';

export async function insertDemoContact(db: TenantDb, email: string, fullName: string): Promise<void> {
  await db.insert(contacts).values({ tenantId: db.tenantId, email, fullName });
}

export async function insertDemoFeatures(db: TenantDb, value: TFeatureConfig): Promise<void> {
  await db
    .insert(storeProperties)
    .values({ tenantId: db.tenantId, name: 'feature', value, updatedBy: 'seed' });
}

/** Whether the store has cases or item types already (then the seed leaves its cases alone). */
export async function hasCasesOrItemTypes(db: TenantDb): Promise<boolean> {
  const [existingCases] = await db.select({ n: count() }).from(cases);
  const [existingTypes] = await db.select({ n: count() }).from(itemTypes);
  return (existingCases?.n ?? 0) > 0 || (existingTypes?.n ?? 0) > 0;
}

export function insertDemoItemTypes(db: TenantDb, rows: Omit<typeof itemTypes.$inferInsert, 'tenantId'>[]) {
  return db
    .insert(itemTypes)
    .values(rows.map((row) => ({ ...row, tenantId: db.tenantId })))
    .returning({ id: itemTypes.id, key: itemTypes.key });
}

export function insertDemoCases(db: TenantDb, rows: (typeof cases.$inferInsert)[]) {
  return db.insert(cases).values(rows).returning({ id: cases.id, caseNumber: cases.caseNumber });
}

/** A case's items, timeline and participants, and the store's case counter, in bulk. */
export async function insertDemoCaseParts(
  db: TenantDb,
  parts: {
    items: (typeof caseItems.$inferInsert)[];
    timeline: (typeof caseTimeline.$inferInsert)[];
    participants: (typeof caseParticipants.$inferInsert)[];
    lastNumber: number;
  },
): Promise<void> {
  if (parts.items.length > 0) await db.insert(caseItems).values(parts.items);
  await db.insert(caseTimeline).values(parts.timeline);
  if (parts.participants.length > 0) await db.insert(caseParticipants).values(parts.participants);
  await db.insert(caseCounters).values({ tenantId: db.tenantId, lastNumber: parts.lastNumber });
}
