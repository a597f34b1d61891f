import { and, eq, isNotNull } from 'drizzle-orm';
import { mailboxes } from '../../../db/mail-schema';
import { AppError } from '../../../lib/app-error';
import type { Tx } from '../../cases/case-search';

/**
 * Refuses (409) a sender the store may not send as: a mail through a mailbox must come from that
 * mailbox's address, which the store proved it owns; a mail without one only from the system's
 * own sender (MAIL_FROM). Checked where every outgoing mail is queued (and resent), so no way of
 * choosing the sender can send as another store's address or an unproven one.
 */
export async function assertOwnSender(
  tx: Tx,
  sender: { tenantId: string; mailboxId: number | null; fromAddress: string; systemSender?: string },
): Promise<void> {
  const address = sender.fromAddress.toLowerCase();
  if (sender.mailboxId === null) {
    if (sender.systemSender !== undefined && address === sender.systemSender.toLowerCase()) return;
  } else {
    const [own] = await tx
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(
        and(
          eq(mailboxes.tenantId, sender.tenantId),
          eq(mailboxes.id, sender.mailboxId),
          eq(mailboxes.address, address),
          isNotNull(mailboxes.verifiedAt),
        ),
      )
      // Held until the mail is queued: an address change (which locks the row FOR UPDATE) waits
      // for it, then counts it pending; the fetch job's state updates do not wait.
      .for('key share');
    if (own) return;
  }
  throw new AppError(
    'CONFLICT',
    `This store has not proven that ${address} is its address, so it cannot send as it: confirm the mailbox first`,
    { from: 'Not a confirmed mailbox of this store' },
  );
}
