import type { TMailLog } from '@claimdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { mailLogs, mailOutbox } from '../../../db/mail-schema';
import { cases } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthContext } from '../../auth/auth-context';
import { addTimeline } from '../../cases/cases.repository';
import { loadMailLogs } from '../mail-log-view';
import { assertOwnSender } from '../outbox/own-sender';
import { parseAddress } from './compose-context';

/**
 * PUT /resend/{id}: a failed or sent outgoing mail goes back into the outbox with the bytes it
 * was built with (same Message-ID, so a receiver that got it once can tell), attempts from zero,
 * the case's pending count raised and a `mail-out` entry on its timeline, in one transaction.
 */
export async function resendMail(deps: AppDeps, auth: AuthContext, id: number): Promise<TMailLog> {
  const { tenantId } = auth;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id), eq(mailLogs.isDeleted, false)))
      .for('update');
    if (!row) throw notFound('Mail');
    if (row.direction !== 'out') {
      throw new AppError('VALIDATION_FAILED', 'Only an outgoing mail can be resent', {
        id: 'This mail came in; it cannot be resent',
      });
    }
    if (row.sendState === 'draft') {
      throw new AppError('VALIDATION_FAILED', 'A draft has not been sent yet; send it from the draft', {
        id: 'This mail is a draft',
      });
    }
    if (row.sendState === 'pending')
      throw new AppError('CONFLICT', 'This mail is waiting to be sent already');
    if (!row.rawFileHash || !(await deps.files.has(row.rawFileHash))) {
      throw new AppError('CONFLICT', 'The stored message of this mail is missing; compose it again');
    }
    // The bytes name their sender; the store must still own it (its mailbox may be gone or changed).
    await assertOwnSender(tx, {
      tenantId,
      mailboxId: row.mailboxId,
      fromAddress: row.fromAddress ?? '',
      systemSender: parseAddress(deps.config.MAIL_FROM).address,
    });
    await tx
      .update(mailLogs)
      .set({ sendState: 'pending', sendAttempts: 0, sendError: null })
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id)));
    await tx
      .insert(mailOutbox)
      .values({ tenantId, mailLogId: id })
      .onConflictDoUpdate({
        target: [mailOutbox.tenantId, mailOutbox.mailLogId],
        set: { attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lockedBy: null, lastError: null },
      });
    if (row.caseId !== null) {
      await tx
        .update(cases)
        .set({ sendPendingMailCount: sql`${cases.sendPendingMailCount} + 1` })
        .where(and(eq(cases.tenantId, tenantId), eq(cases.id, row.caseId)));
      await addTimeline(tx, tenantId, row.caseId, {
        kind: 'mail-out',
        actor: auth.username,
        changes: [{ field: 'sendState', from: row.sendState, to: 'pending' }],
        mailLogId: id,
      });
    }
  });
  deps.outboxSignal.notify();
  const [mail] = await loadMailLogs(deps.db, tenantId, [id]);
  if (!mail) throw notFound('Mail');
  return mail;
}
