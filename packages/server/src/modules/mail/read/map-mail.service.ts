import type { TMapMailResponse } from '@claimdesk/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailLogs } from '../../../db/mail-schema';
import { cases } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/app-error';
import { refreshCaseSearch, type Tx } from '../../cases/case-search';
import { loadMailLogs } from '../mail-log-view';
import { noteMappedMails } from '../threading/mapped-mails';
import { unmappedThreadOf, type MailRow } from './mail-thread.repository';

export type { MailRow };

/** The store's mail (not deleted), locked; 404 when there is none, 409 when it is on a case. */
export async function lockUnmappedMail(tx: Tx, tenantId: string, id: number): Promise<MailRow> {
  const [mail] = await tx
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id), eq(mailLogs.isDeleted, false)))
    .for('update');
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
  tx: Tx,
  tenantId: string,
  mailId: number,
  caseId: number,
  actor: string,
): Promise<{ caseNumber: number; mailIds: number[] }> {
  // Mail before case, the order mark-read and delete lock in, so they never deadlock with this.
  const mail = await lockUnmappedMail(tx, tenantId, mailId);
  const [theCase] = await tx
    .select({ caseNumber: cases.caseNumber })
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId), isNull(cases.deletedAt)))
    .for('update');
  if (!theCase) throw notFound('Case');
  const moving = [mail, ...(await unmappedThreadOf(tx, tenantId, mail))];
  const ids = moving.map((m) => m.id);
  await tx
    .update(mailLogs)
    .set({ caseId })
    .where(and(eq(mailLogs.tenantId, tenantId), inArray(mailLogs.id, ids), isNull(mailLogs.caseId)));
  await noteMappedMails(tx, tenantId, caseId, moving, actor);
  await refreshCaseSearch(tx, tenantId, caseId);
  return { caseNumber: theCase.caseNumber, mailIds: ids };
}

/** PUT /v2/api/unmapped-mails/{id}/map, in one transaction. */
export async function mapMail(
  db: Db,
  tenantId: string,
  mailId: number,
  caseId: number,
  actor: string,
): Promise<TMapMailResponse> {
  return db.transaction(async (tx) => {
    const { caseNumber, mailIds } = await mapMailOntoCase(tx, tenantId, mailId, caseId, actor);
    return { caseId, caseNumber, mails: await loadMailLogs(tx, tenantId, mailIds) };
  });
}
