import { and, eq, inArray, isNull } from 'drizzle-orm';
import { mailLogs } from '../../../../db/schema';
import { cases } from '../../../../db/schema';
import type { TenantDb } from '../../../../db/tenant-db';
import type { MailRow } from '../mail-thread.repository';

/** The store's mail {id} that is not deleted, or undefined. */
export async function findLiveMail(db: TenantDb, id: number): Promise<MailRow | undefined> {
  const [mail] = await db
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.id, id), eq(mailLogs.isDeleted, false)));
  return mail;
}

/** As findLiveMail, locked for the transaction. */
export async function lockLiveMail(tx: TenantDb, id: number): Promise<MailRow | undefined> {
  const [mail] = await tx
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.id, id), eq(mailLogs.isDeleted, false)))
    .for('update');
  return mail;
}

/** The number of the store's live case {id}, locked for the transaction; undefined when there is none. */
export async function lockLiveCaseNumber(tx: TenantDb, id: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ caseNumber: cases.caseNumber })
    .from(cases)
    .where(and(eq(cases.id, id), isNull(cases.deletedAt)))
    .for('update');
  return row?.caseNumber;
}

/** Puts the mails that are still unmapped among `ids` on case `caseId`. */
export async function setCaseOfUnmapped(tx: TenantDb, ids: number[], caseId: number): Promise<void> {
  await tx
    .update(mailLogs)
    .set({ caseId })
    .where(and(inArray(mailLogs.id, ids), isNull(mailLogs.caseId)));
}
