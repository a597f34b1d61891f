import { eq, sql } from 'drizzle-orm';
import { caseTimeline, cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/** What mapping needs to know of a mail that moves onto a case. */
export interface MappedMail {
  id: number;
  direction: string;
  isRead: boolean;
  sendState: string | null;
}

/**
 * Mails that staff moved onto a case (they were unmapped): each gets a mail-moved timeline entry
 * by the staff member, from unmapped (null) to the case's number; unread inbound mails raise the case's unread count and
 * queued outbound ones its pending count (the outbox worker lowers it on the case the mail is
 * on when it is sent). Runs in the transaction that sets the mails' case.
 */
export async function noteMappedMails(
  tx: TenantDb,
  caseId: number,
  caseNumber: number,
  mails: MappedMail[],
  actor: string,
): Promise<void> {
  if (mails.length === 0) return;
  const unread = mails.filter((m) => m.direction === 'in' && !m.isRead).length;
  const pending = mails.filter((m) => m.direction === 'out' && m.sendState === 'pending').length;
  if (unread > 0 || pending > 0) {
    await tx
      .update(cases)
      .set({
        unreadMailCount: sql`${cases.unreadMailCount} + ${unread}`,
        sendPendingMailCount: sql`${cases.sendPendingMailCount} + ${pending}`,
      })
      .where(eq(cases.id, caseId));
  }
  await tx.insert(caseTimeline).values(
    mails.map((m) => ({
      tenantId: tx.tenantId,
      caseId,
      kind: 'mail-moved',
      actor,
      changes: [{ field: 'case', from: null, to: caseNumber }],
      mailLogId: m.id,
    })),
  );
}
