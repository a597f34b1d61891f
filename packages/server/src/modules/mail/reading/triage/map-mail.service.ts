import type { TMapMailResponse } from '@claimdesk/contracts';
import type { TenantDb } from '../../../../db/tenant-db';
import { AppError, notFound } from '../../../../lib/app-error';
import { refreshCaseSearch } from '../../../cases/case-search.repository';
import { notifyMailsChanged } from '../../../cases/live-notify.repository';
import { noteMappedMails } from '../../threading/mapped-mails.repository';
import { loadMailLogs } from '../mail-read.repository';
import { unmappedThreadOf, type MailRow } from '../mail-thread.repository';
import { lockLiveCaseNumber, lockLiveMail, setCaseOfUnmapped } from './unmapped-mail.repository';

export type { MailRow };

/** The store's mail (not deleted), locked; 404 when there is none, 409 when it is on a case. */
export async function lockUnmappedMail(tx: TenantDb, id: number): Promise<MailRow> {
  const mail = await lockLiveMail(tx, id);
  if (!mail) throw notFound('Mail');
  if (mail.caseId !== null) throw new AppError('CONFLICT', 'This mail is already on a case');
  return mail;
}

/**
 * Moves an unmapped mail and the unmapped rest of its thread onto a live case of the store,
 * inside the caller's transaction: timeline entries, counts and the case's search vector with
 * it. Answers the case number and the moved mails' ids (the asked-for mail first).
 */
export async function mapMailOntoCase(
  tx: TenantDb,
  mailId: number,
  caseId: number,
  actor: string,
): Promise<{ caseNumber: number; mailIds: number[] }> {
  // Mail before case, the order mark-read and delete lock in, so they never deadlock with this.
  const mail = await lockUnmappedMail(tx, mailId);
  const caseNumber = await lockLiveCaseNumber(tx, caseId);
  if (caseNumber === undefined) throw notFound('Case');
  const moving = [mail, ...(await unmappedThreadOf(tx, mail))];
  const ids = moving.map((m) => m.id);
  await setCaseOfUnmapped(tx, ids, caseId);
  await noteMappedMails(tx, caseId, caseNumber, moving, actor);
  await refreshCaseSearch(tx, caseId);
  await notifyMailsChanged(tx, [caseId]);
  return { caseNumber, mailIds: ids };
}

/** PUT /v2/api/unmapped-mails/{id}/map, in one transaction. */
export async function mapMail(
  db: TenantDb,
  mailId: number,
  caseId: number,
  actor: string,
): Promise<TMapMailResponse> {
  return db.transaction(async (tx) => {
    const { caseNumber, mailIds } = await mapMailOntoCase(tx, mailId, caseId, actor);
    return { caseId, caseNumber, mails: await loadMailLogs(tx, mailIds) };
  });
}
