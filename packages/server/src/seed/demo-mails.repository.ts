import { and, asc, isNull, sql } from 'drizzle-orm';
import { caseTimeline, cases, mailboxes, mailLogs, mailOutbox } from '../db/schema';
import type { TenantDb } from '../db/tenant-db';

/** A forward mailbox, proven, as if its confirmation mail had come back. */
export async function insertProvenForwardMailbox(db: TenantDb, address: string, verifiedAt: Date) {
  const [row] = await db
    .insert(mailboxes)
    .values({ tenantId: db.tenantId, address, kind: 'forward', verifiedAt })
    .returning({ id: mailboxes.id });
  if (!row) throw new Error('seed: mailbox not created');
  return row;
}

/** A demo case that gets mail. */
export interface DemoMailCase {
  id: number;
  caseNumber: number;
  name: string;
  email: string | null;
  orderReference: string | null;
  isArchived: boolean;
}

/** The store's live cases with a customer email, by case number. */
export function listCasesWithEmail(db: TenantDb): Promise<DemoMailCase[]> {
  return db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      name: cases.customerName,
      email: cases.customerEmail,
      orderReference: cases.orderReference,
      isArchived: cases.isArchived,
    })
    .from(cases)
    .where(and(isNull(cases.deletedAt), sql`${cases.customerEmail} IS NOT NULL`))
    .orderBy(asc(cases.caseNumber));
}

/** An outgoing mail as the outbox leaves it: its row, its timeline entry, and (pending) its outbox row. */
export async function insertSentMail(
  db: TenantDb,
  mail: Omit<typeof mailLogs.$inferInsert, 'tenantId'> & { caseId: number; createdBy: string; sentAt: Date },
  outbox: { nextAttemptAt: Date; lastError: string } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailLogs)
      .values({ ...mail, tenantId: tx.tenantId })
      .returning({ id: mailLogs.id });
    if (!row) throw new Error('seed: mail not written');
    await tx.insert(caseTimeline).values({
      tenantId: tx.tenantId,
      caseId: mail.caseId,
      kind: 'mail-out',
      actor: mail.createdBy,
      at: mail.sentAt,
      mailLogId: row.id,
    });
    if (outbox) {
      await tx
        .insert(mailOutbox)
        .values({ tenantId: tx.tenantId, mailLogId: row.id, attempts: 1, ...outbox });
    }
  });
}

/** Older answers have been read; the last ten threads are still waiting for someone. */
export async function markOlderRepliesRead(db: TenantDb): Promise<void> {
  await db.execute(
    (store) => sql`UPDATE mail_logs SET is_read = true
    WHERE ${store.owns()} AND direction = 'in' AND case_id IS NOT NULL
      AND received_at IS NOT NULL AND message_id NOT IN (
        SELECT message_id FROM mail_logs WHERE ${store.owns()} AND direction = 'in' AND case_id IS NOT NULL
        ORDER BY id DESC LIMIT 10)`,
  );
}

/** The cases' unread and pending mail counts, counted afresh from their mails. */
export async function recountCaseMails(db: TenantDb): Promise<void> {
  await db.execute(
    (store) => sql`UPDATE cases c SET
      unread_mail_count = (SELECT count(*) FROM mail_logs m WHERE m.tenant_id = c.tenant_id
        AND m.case_id = c.id AND m.direction = 'in' AND NOT m.is_read AND NOT m.is_deleted),
      send_pending_mail_count = (SELECT count(*) FROM mail_logs m WHERE m.tenant_id = c.tenant_id
        AND m.case_id = c.id AND m.direction = 'out' AND m.send_state = 'pending')
    WHERE ${store.owns('c')}`,
  );
}

/**
 * A case's inbound mails (and their timeline entries) dated when they were sent rather than when
 * seed ingested them, so that a conversation seeded at once reads in its order.
 */
export async function dateInboundAsSent(db: TenantDb, caseId: number): Promise<void> {
  await db.execute(
    (store) => sql`UPDATE mail_logs SET created_at = sent_at, received_at = sent_at
    WHERE ${store.owns()} AND case_id = ${caseId} AND direction = 'in' AND sent_at IS NOT NULL`,
  );
  await db.execute(
    (store) => sql`UPDATE case_timeline t SET at = m.sent_at FROM mail_logs m
    WHERE ${store.owns('t')} AND ${store.owns('m')} AND t.case_id = ${caseId}
      AND m.id = t.mail_log_id AND m.direction = 'in' AND m.sent_at IS NOT NULL`,
  );
}
