import { and, asc, eq, type SQL } from 'drizzle-orm';
import { mailTemplates } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

export type MailTemplateRow = typeof mailTemplates.$inferSelect;
export type NewMailTemplate = Pick<
  typeof mailTemplates.$inferInsert,
  'key' | 'workFlow' | 'sendType' | 'language' | 'subject' | 'body' | 'isDisabled' | 'updatedBy'
>;

/** Every language of one of the store's templates. */
export function listStoreTemplatesByKey(db: TenantDb, key: string): Promise<MailTemplateRow[]> {
  return db.select().from(mailTemplates).where(eq(mailTemplates.key, key));
}

/** The store's templates, optionally of one workflow, send type or language. */
export function listStoreTemplates(
  db: TenantDb,
  filter: { workFlow?: string; sendType?: string; language?: string },
): Promise<MailTemplateRow[]> {
  const conditions: SQL[] = [];
  if (filter.workFlow !== undefined) conditions.push(eq(mailTemplates.workFlow, filter.workFlow));
  if (filter.sendType !== undefined) conditions.push(eq(mailTemplates.sendType, filter.sendType));
  if (filter.language !== undefined) conditions.push(eq(mailTemplates.language, filter.language));
  return db
    .select()
    .from(mailTemplates)
    .where(and(...conditions))
    .orderBy(asc(mailTemplates.workFlow), asc(mailTemplates.key), asc(mailTemplates.language));
}

export async function findStoreTemplate(db: TenantDb, id: number): Promise<MailTemplateRow | null> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.id, id));
  return row ?? null;
}

/** Inserts a template; null when the store has one with that key and language already. */
export async function insertStoreTemplate(
  db: TenantDb,
  values: NewMailTemplate,
): Promise<MailTemplateRow | null> {
  const [row] = await db
    .insert(mailTemplates)
    .values({ ...values, tenantId: db.tenantId })
    .onConflictDoNothing({ target: [mailTemplates.tenantId, mailTemplates.key, mailTemplates.language] })
    .returning();
  return row ?? null;
}

/** Changes a template if its version is still `version`; null when it is not (or is gone). */
export async function updateStoreTemplate(
  db: TenantDb,
  id: number,
  version: number,
  changes: Partial<Pick<MailTemplateRow, 'subject' | 'body' | 'isDisabled'>> & { updatedBy: string },
): Promise<MailTemplateRow | null> {
  const [row] = await db
    .update(mailTemplates)
    .set({ ...changes, version: version + 1, updatedAt: new Date() })
    .where(and(eq(mailTemplates.id, id), eq(mailTemplates.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteStoreTemplate(db: TenantDb, id: number): Promise<boolean> {
  const rows = await db
    .delete(mailTemplates)
    .where(eq(mailTemplates.id, id))
    .returning({ id: mailTemplates.id });
  return rows.length > 0;
}
