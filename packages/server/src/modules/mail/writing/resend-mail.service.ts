import type { TMailLog } from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthContext } from '../../../auth-context';
import { addTimeline } from '../../cases/cases.repository';
import { notifyMailsChanged } from '../../cases/live-notify.repository';
import { CUT_OFF_ERROR, INTERRUPTED_ERROR } from '../outbox/outbox-outcome.service';
import { assertOwnSender } from '../outbox/own-sender.service';
import { loadMailLogs } from '../reading/mail-read.repository';
import { lockLiveMail } from '../reading/triage/unmapped-mail.repository';
import { parseAddress } from './compose-context.service';
import { markPendingAgain, raisePendingCount, requeueOutbox } from './resend-mail.repository';

const MAY_HAVE_BEEN_DELIVERED = new Set([INTERRUPTED_ERROR, CUT_OFF_ERROR]);

/**
 * PUT /resend/{id}: a failed or sent outgoing mail goes back into the outbox with the bytes it
 * was built with (same Message-ID, so a receiver that got it once can tell), attempts from zero,
 * the case's pending count raised and a `mail-out` entry on its timeline, in one transaction.
 */
export async function resendMail(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  options: { confirm: boolean } = { confirm: false },
): Promise<TMailLog> {
  await auth.db.transaction(async (tx) => {
    const row = await lockLiveMail(tx, id);
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
    // Cut off while the server was taking it: it may be there already, so a person says so first.
    if (MAY_HAVE_BEEN_DELIVERED.has(row.sendError ?? '') && !options.confirm) {
      throw new AppError('CONFLICT', 'This mail may have been delivered already', {
        confirm:
          'Its sending was cut off while the mail server was taking it; resend only if it did not arrive',
      });
    }
    if (!row.rawFileHash || !(await deps.files.has(row.rawFileHash))) {
      throw new AppError('CONFLICT', 'The stored message of this mail is missing; compose it again');
    }
    // The bytes name their sender; the store must still own it (its mailbox may be gone or changed).
    await assertOwnSender(tx, {
      mailboxId: row.mailboxId,
      fromAddress: row.fromAddress ?? '',
      systemSender: parseAddress(deps.config.MAIL_FROM).address,
    });
    await markPendingAgain(tx, id);
    await requeueOutbox(tx, id);
    if (row.caseId !== null) {
      await raisePendingCount(tx, row.caseId);
      await addTimeline(tx, row.caseId, {
        kind: 'mail-out',
        actor: auth.username,
        changes: [{ field: 'sendState', from: row.sendState, to: 'pending' }],
        mailLogId: id,
      });
    }
    await notifyMailsChanged(tx, [row.caseId]);
  });
  deps.outboxSignal.notify();
  const [mail] = await loadMailLogs(auth.db, [id]);
  if (!mail) throw notFound('Mail');
  return mail;
}
