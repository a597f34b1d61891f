import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { caseParticipants, cases } from '../../../db/schema';
import { mailLogs } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/** A live case of the store by its number (not deleted). */
export async function liveCaseByNumber(tx: TenantDb, caseNumber: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.caseNumber, caseNumber), isNull(cases.deletedAt)));
  return row?.id ?? null;
}

/** The live cases of these case numbers, by number (numbers without one are left out). */
export async function liveCasesByNumbers(tx: TenantDb, numbers: number[]): Promise<Map<number, number>> {
  if (numbers.length === 0) return new Map();
  const rows = await tx
    .select({ id: cases.id, caseNumber: cases.caseNumber })
    .from(cases)
    .where(and(inArray(cases.caseNumber, numbers), isNull(cases.deletedAt)));
  return new Map(rows.map((r) => [r.caseNumber, r.id]));
}

/** The live case of each of these Message-IDs that is a mail on one. */
export async function casesOfMessages(tx: TenantDb, ids: string[]): Promise<Map<string, number | null>> {
  const rows = await tx
    .select({ messageId: mailLogs.messageId, caseId: mailLogs.caseId })
    .from(mailLogs)
    .innerJoin(cases, eq(cases.id, mailLogs.caseId))
    .where(and(inArray(mailLogs.messageId, ids), isNotNull(mailLogs.caseId), isNull(cases.deletedAt)));
  return new Map(rows.map((r) => [r.messageId, r.caseId]));
}

/**
 * Whether an address takes part in a case: the customer, a participant, or someone who wrote
 * to or was written to on the case before.
 */
export async function takesPart(tx: TenantDb, caseId: number, address: string): Promise<boolean> {
  const email = address.toLowerCase();
  const addressJson = JSON.stringify([{ address: email }]);
  const [row] = await tx
    .select({
      found: sql<boolean>`lower(${cases.customerEmail}) = ${email} OR EXISTS (
        SELECT 1 FROM ${caseParticipants} WHERE ${caseParticipants.tenantId} = ${tx.tenantId}
          AND ${caseParticipants.caseId} = ${caseId} AND lower(${caseParticipants.email}) = ${email}
      ) OR EXISTS (
        SELECT 1 FROM ${mailLogs} WHERE ${mailLogs.tenantId} = ${tx.tenantId} AND ${mailLogs.caseId} = ${caseId}
          AND (${mailLogs.fromAddress} = ${email} OR ${mailLogs.to} @> ${addressJson}::jsonb
            OR ${mailLogs.cc} @> ${addressJson}::jsonb)
      )`,
    })
    .from(cases)
    .where(eq(cases.id, caseId));
  return row?.found === true;
}

/** Up to two open, live cases whose customer has this address. */
export async function openCasesOfCustomer(tx: TenantDb, address: string): Promise<number[]> {
  const rows = await tx
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        sql`lower(${cases.customerEmail}) = ${address.toLowerCase()}`,
        eq(cases.isArchived, false),
        isNull(cases.deletedAt),
      ),
    )
    .limit(2);
  return rows.map((r) => r.id);
}
