import type { TenantDb } from '../../../db/tenant-db';
import { AppError, notFound } from '../../../lib/app-error';
import { refreshCaseSearch } from '../../cases/case-search.repository';
import { notifyMailsChanged } from '../../cases/live-notify.repository';
import { changeUnread, isLiveCase, lockMail, purgeMail, setMailFlags } from './mail-state.repository';

/**
 * Marks a mail read or unread; an inbound mail on a case moves the case's unread count with
 * it, once per real change. Answers false when the store has no such mail (or it is deleted).
 */
export async function markMailRead(db: TenantDb, id: number, isRead: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const mail = await lockMail(tx, id);
    if (!mail || mail.isDeleted) return false;
    if (mail.isRead === isRead) return true;
    await setMailFlags(tx, id, { isRead });
    if (mail.caseId !== null && mail.direction === 'in') {
      await changeUnread(tx, mail.caseId, isRead ? -1 : 1);
    }
    await notifyMailsChanged(tx, [mail.caseId]);
    return true;
  });
}

/**
 * Deletes a mail: hidden (is_deleted) by default, or removed for good with `isPurge`, which
 * leaves a tombstone so the mailbox never brings it back in. An unread inbound mail on a case
 * no longer counts as unread. Answers false when the store has no such mail. A mail waiting in
 * the outbox is refused (409): the worker may be sending it this very moment, and its case's
 * pending count would be left behind.
 */
export async function deleteMail(
  db: TenantDb,
  id: number,
  options: { isPurge: boolean; by: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const mail = await lockMail(tx, id);
    if (!mail) return false;
    if (mail.sendState === 'pending') {
      throw new AppError('CONFLICT', 'This mail is waiting to be sent; delete it once it is sent or failed');
    }
    if (mail.caseId !== null && mail.direction === 'in' && !mail.isRead && !mail.isDeleted) {
      await changeUnread(tx, mail.caseId, -1);
    }
    if (options.isPurge) await purgeMail(tx, mail, options.by);
    else await setMailFlags(tx, id, { isDeleted: true });
    // The case's search leaves out binned mails' words.
    if (mail.caseId !== null && !mail.isDeleted) await refreshCaseSearch(tx, mail.caseId);
    await notifyMailsChanged(tx, [mail.caseId]);
    return true;
  });
}

/**
 * PUT /v2/api/claims/mails/{id}/restore: takes a mail out of the bin, back where it was (its
 * case or unmapped). An unread inbound mail counts as unread on its case again, and the case's
 * search finds its words again. 404 for no such mail of the store or one on a deleted case; 409
 * for a mail that is not in the bin.
 */
export async function restoreMail(db: TenantDb, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const mail = await lockMail(tx, id);
    if (!mail) throw notFound('Mail');
    if (mail.caseId !== null && !(await isLiveCase(tx, mail.caseId))) throw notFound('Mail');
    if (!mail.isDeleted) throw new AppError('CONFLICT', 'This mail is not in the bin');
    await setMailFlags(tx, id, { isDeleted: false });
    await notifyMailsChanged(tx, [mail.caseId]);
    if (mail.caseId === null) return;
    if (mail.direction === 'in' && !mail.isRead) await changeUnread(tx, mail.caseId, 1);
    await refreshCaseSearch(tx, mail.caseId);
  });
}
