import type { TenantDb } from '../../../db/tenant-db';
import { AppError } from '../../../lib/app-error';
import { holdOwnSenderMailbox } from './queue-mail.repository';

/**
 * Refuses (409) a sender the store may not send as: a mail through a mailbox must come from that
 * mailbox's address, which the store proved it owns; a mail without one only from the system's
 * own sender (MAIL_FROM). Checked where every outgoing mail is queued (and resent), so no way of
 * choosing the sender can send as another store's address or an unproven one.
 */
export async function assertOwnSender(
  tx: TenantDb,
  /** `tenantId`: the store of `tx` (kept for the callers that name it; a mismatch is refused). */
  sender: { tenantId?: string; mailboxId: number | null; fromAddress: string; systemSender?: string },
): Promise<void> {
  const address = sender.fromAddress.toLowerCase();
  if (sender.tenantId !== undefined && sender.tenantId !== tx.tenantId)
    throw new Error('a sender of another store');
  if (sender.mailboxId === null) {
    if (sender.systemSender !== undefined && address === sender.systemSender.toLowerCase()) return;
  } else {
    if (await holdOwnSenderMailbox(tx, sender.mailboxId, address)) return;
  }
  throw new AppError(
    'CONFLICT',
    `This store has not proven that ${address} is its address, so it cannot send as it: confirm the mailbox first`,
    { from: 'Not a confirmed mailbox of this store' },
  );
}
