import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  caseCosts,
  caseCreditNotes,
  caseItems,
  caseParticipants,
  cases,
  caseTimeline,
  erasedMails,
  mailLogs,
  supplierAnswers,
} from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** Tombstones of erased mails (keyed hashes), so that ingest never takes them in again. */
export async function insertErasedMailKeys(tx: TenantDb, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(erasedMails)
    .values(keys.map((messageKey) => ({ tenantId: tx.tenantId, messageKey })))
    .onConflictDoNothing();
}

/**
 * Deletes the mails (attachments, outbox jobs and push notices go with them by cascade); the
 * timeline entries that named them stay, without the link.
 */
export async function deleteMails(tx: TenantDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(caseTimeline).set({ mailLogId: null }).where(inArray(caseTimeline.mailLogId, ids));
  await tx.delete(mailLogs).where(inArray(mailLogs.id, ids));
}

/** Lowers a case's unread count by the unread mails taken off it. */
export async function lowerUnread(tx: TenantDb, caseId: number, by: number): Promise<void> {
  await tx
    .update(cases)
    .set({ unreadMailCount: sql`greatest(${cases.unreadMailCount} - ${by}, 0)` })
    .where(eq(cases.id, caseId));
}

/** The case's personal fields as the erasure leaves them. */
export interface AnonymousCase {
  customerName: string;
  description: string | null;
  customFields: Record<string, unknown>;
}

export async function anonymiseCase(tx: TenantDb, id: number, fields: AnonymousCase): Promise<void> {
  await tx
    .update(cases)
    .set({
      ...fields,
      customerEmail: null,
      customerPhone: null,
      customerAddress: null,
      version: sql`${cases.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(cases.id, id));
}

export async function setItemFault(tx: TenantDb, id: number, faultDescription: string | null): Promise<void> {
  await tx.update(caseItems).set({ faultDescription }).where(eq(caseItems.id, id));
}

export async function setTimelineEntry(
  tx: TenantDb,
  id: number,
  entry: { actor: string; changes: { field: string; from: unknown; to: unknown }[] },
): Promise<void> {
  await tx.update(caseTimeline).set(entry).where(eq(caseTimeline.id, id));
}

export async function setCostNote(tx: TenantDb, id: number, note: string | null): Promise<void> {
  await tx.update(caseCosts).set({ note }).where(eq(caseCosts.id, id));
}

export async function setCreditNoteNote(tx: TenantDb, id: number, note: string | null): Promise<void> {
  await tx.update(caseCreditNotes).set({ note }).where(eq(caseCreditNotes.id, id));
}

export async function setSupplierAnswerNote(tx: TenantDb, id: number, note: string | null): Promise<void> {
  await tx.update(supplierAnswers).set({ note }).where(eq(supplierAnswers.id, id));
}

/** The address as a one-time-code reader of any case of the store. */
export async function deleteParticipant(tx: TenantDb, email: string): Promise<void> {
  await tx.delete(caseParticipants).where(and(sql`lower(${caseParticipants.email}) = ${email}`));
}
