import type { TenantDb } from '../../../db/tenant-db';
import { cancelOvertakenSendLater } from '../outbox/send-later.service';
import { noteInboundMails, type InboundOnCase } from '../threading/inbound-on-case.repository';

/**
 * What new inbound mails on cases change, in the transaction that stores them: the cases' unread
 * counts, timelines and search words (threading), then a person's mail takes its case's pending
 * "send later" mails back to drafts (the outbox). The one way an inbound mail lands on a case: the
 * mail intake and the supplier portal's messages both come through here.
 */
export async function takeMailsOnCases(tx: TenantDb, mails: InboundOnCase[]): Promise<void> {
  if (mails.length === 0) return;
  await noteInboundMails(tx, mails);
  await cancelOvertakenSendLater(tx, mails);
}
