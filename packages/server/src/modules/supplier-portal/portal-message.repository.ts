import { and, desc, eq } from 'drizzle-orm';
import { mailLogs } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** The case's latest supplier mail, which a portal message answers (its thread reads as one). */
export async function latestSupplierMail(
  tx: TenantDb,
  caseId: number,
): Promise<{ messageId: string; subject: string } | null> {
  const [row] = await tx
    .select({ messageId: mailLogs.messageId, subject: mailLogs.subject })
    .from(mailLogs)
    .where(
      and(eq(mailLogs.caseId, caseId), eq(mailLogs.mailLogType, 'supplier'), eq(mailLogs.isDeleted, false)),
    )
    .orderBy(desc(mailLogs.createdAt), desc(mailLogs.id))
    .limit(1);
  return row ?? null;
}

/** A contact person's message as a supplier mail in on the case; answers its id. */
export async function insertPortalMail(
  tx: TenantDb,
  values: Pick<
    typeof mailLogs.$inferInsert,
    'caseId' | 'messageId' | 'inReplyTo' | 'references' | 'fromAddress' | 'fromName' | 'subject' | 'text'
  > & { at: Date },
): Promise<number> {
  const { at, ...mail } = values;
  const [row] = await tx
    .insert(mailLogs)
    .values({
      ...mail,
      tenantId: tx.tenantId,
      direction: 'in',
      mailLogType: 'supplier',
      sentAt: at,
      receivedAt: at,
      createdBy: values.fromAddress,
    })
    .returning({ id: mailLogs.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
