import type { TenantDb } from '../../../db/tenant-db';
import { addTimeline } from '../../cases/cases.repository';
import { unqueueMails } from './unqueue.service';
import { personMailsAmong, sendLaterMailsOf } from './send-later.repository';

/** An inbound mail threaded onto a case, as the outbox needs it. */
export interface MailOnCase {
  caseId: number;
  mailLogId: number;
  sender: string | null;
}

/** Shown on the draft a "send later" mail goes back to. */
export const overtakenError = (sender: string) =>
  `Not sent: a new mail came from ${sender} before the time you chose`;

/**
 * "Send later" gives way to the customer: when a person's inbound mail is threaded onto a case,
 * each pending "send later" mail of that case whose job no worker has claimed goes back to being
 * a draft, telling its writer who wrote in the meantime (unqueueMails) and writing a `mail-held`
 * entry on the case's timeline. Runs in the transaction that stores the inbound mails. Answers the
 * mails taken back.
 */
export async function cancelOvertakenSendLater(tx: TenantDb, mails: MailOnCase[]): Promise<number[]> {
  const people = await personMailsAmong(
    tx,
    mails.map((m) => m.mailLogId),
  );
  const senderOfCase = new Map<number, string>();
  for (const m of mails) {
    if (people.has(m.mailLogId) && !senderOfCase.has(m.caseId))
      senderOfCase.set(m.caseId, m.sender ?? 'someone');
  }
  const waiting = await sendLaterMailsOf(tx, [...senderOfCase.keys()]);
  const taken: number[] = [];
  for (const [caseId, sender] of senderOfCase) {
    const ids = waiting.filter((w) => w.caseId === caseId).map((w) => w.id);
    if (ids.length === 0) continue;
    const held = await unqueueMails(tx, ids, overtakenError(sender));
    for (const mailLogId of held)
      await addTimeline(tx, caseId, { kind: 'mail-held', actor: sender, changes: [], mailLogId });
    taken.push(...held);
  }
  return taken;
}
