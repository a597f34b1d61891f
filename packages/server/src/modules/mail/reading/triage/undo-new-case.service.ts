import { UNDO_CASE_FROM_MAIL_MS } from '@claimdesk/contracts';
import type { TenantDb } from '../../../../db/tenant-db';
import { AppError, notFound } from '../../../../lib/app-error';
import { addTimeline, listTimeline, lockCase, updateCaseRow } from '../../../cases/cases.repository';
import { notifyLive, notifyMailsChanged } from '../../../cases/live-notify.repository';
import { lockMailsOfCase, setCaseOfMails } from './move-mails.repository';

/**
 * DELETE /v2/api/unmapped-mails/{id}/create-case?caseId=: the undo of a case made from a mail.
 * Its mails go back to unmapped and the case is deleted (soft: the number stays taken and the
 * timeline is kept), in one transaction, but only while the case is as it was made: by this
 * person, from this mail, lately, with nothing on its timeline but its making and the mails it
 * took. Otherwise someone may rely on it (a reply came, a colleague edited it): 409.
 */
export async function undoCaseFromMail(
  db: TenantDb,
  mailId: number,
  caseId: number,
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Mails before the case, the order mapping and moves lock in.
    const mails = await lockMailsOfCase(tx, caseId);
    const row = await lockCase(tx, caseId);
    if (!row || !mails.some((m) => m.id === mailId && !m.isDeleted)) throw notFound('Case');
    const timeline = await listTimeline(tx, caseId);
    const isAsMade =
      row.createdBy === actor &&
      Date.now() - row.createdAt.getTime() <= UNDO_CASE_FROM_MAIL_MS &&
      timeline.every(
        (e) =>
          e.kind === 'created' ||
          (e.kind === 'mail-moved' && e.actor === actor && e.changes.every((c) => c.from === null)),
      );
    if (!isAsMade)
      throw new AppError(
        'CONFLICT',
        'This case has changed since it was made, so it stays; delete it on the case',
      );
    await setCaseOfMails(
      tx,
      mails.map((m) => m.id),
      null,
    );
    const deletedAt = new Date();
    await updateCaseRow(tx, caseId, { deletedAt, unreadMailCount: 0, sendPendingMailCount: 0 });
    await addTimeline(tx, caseId, {
      kind: 'deleted',
      actor,
      changes: [{ field: 'deletedAt', from: null, to: deletedAt.toISOString() }],
    });
    await notifyMailsChanged(tx, [caseId]);
    await notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId } });
  });
}
