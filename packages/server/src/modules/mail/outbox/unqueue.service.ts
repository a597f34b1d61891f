import type { TenantDb } from '../../../db/tenant-db';
import { lowerCasePendingCount } from './outbox.repository';
import { deleteQueuedTimelineEntry, deleteUnclaimedJobs, pendingBackToDraft } from './unqueue.repository';

/**
 * Takes pending mails back to drafts in the caller's transaction, those whose job no worker has
 * claimed: job deleted, row a draft (with `sendError`, null for a person's own Undo), the case's
 * pending count lowered and the `mail-out` entry of the queueing removed (the mail never left).
 * Answers the ids taken back; a mail whose job a worker holds is left as it is.
 */
export async function unqueueMails(tx: TenantDb, ids: number[], sendError: string | null): Promise<number[]> {
  const freed = await deleteUnclaimedJobs(tx, ids);
  const drafts = await pendingBackToDraft(tx, freed, sendError);
  for (const mail of drafts) {
    if (mail.caseId === null) continue;
    await lowerCasePendingCount(tx, mail.caseId);
    await deleteQueuedTimelineEntry(tx, mail.caseId, mail.id);
  }
  return drafts.map((d) => d.id);
}
