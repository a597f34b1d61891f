import type { TMailLog } from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthContext } from '../../../auth-context';
import { makeDueNow } from '../outbox/unqueue.repository';
import { unqueueMails } from '../outbox/unqueue.service';
import { notifyMailsChanged } from '../../cases/live-notify.repository';
import { loadMailLogs } from '../reading/mail-read.repository';
import { findLiveMail } from '../reading/triage/unmapped-mail.repository';
import { newerInboundMail } from './send-timing.repository';

/** The message of the held send (409): the web shows the newer mail before the person sends again. */
export const NEWER_MAIL_MESSAGE = 'A new mail arrived on this case while you were writing';
const ON_ITS_WAY = 'This mail is already on its way';

/**
 * The held send: refuses (409, fieldErrors.seenMailId the newer mail's id) when the case has an
 * inbound mail newer than the one the person had on screen. Runs in the queueing transaction,
 * before anything is written.
 */
export async function assertNothingNewer(
  tx: TenantDb,
  caseId: number | null,
  seenMailId: number | undefined,
): Promise<void> {
  if (caseId === null || seenMailId === undefined) return;
  const newer = await newerInboundMail(tx, caseId, seenMailId);
  if (newer !== null) throw new AppError('CONFLICT', NEWER_MAIL_MESSAGE, { seenMailId: String(newer) });
}

async function answer(db: TenantDb, id: number): Promise<TMailLog> {
  const [mail] = await loadMailLogs(db, [id]);
  if (!mail) throw notFound('Mail');
  return mail;
}

/**
 * The store's live outgoing mail {id}; 404 when there is none. Not locked: the statements that
 * follow take the job's row before the mail's, in the outbox worker's order, so that the two
 * never wait for each other.
 */
async function findOutgoing(tx: TenantDb, id: number) {
  const row = await findLiveMail(tx, id);
  if (!row || row.direction !== 'out') throw notFound('Mail');
  return row;
}

/**
 * PUT /v2/api/claims/mails/{id}/cancel-send: Undo. A pending mail no worker has claimed becomes
 * a draft again (unqueueMails); a draft is answered as it is (a second click of Undo); one a
 * worker holds, or one sent or failed, is a 409.
 */
export async function cancelSend(auth: AuthContext, id: number): Promise<TMailLog> {
  await auth.db.transaction(async (tx) => {
    const row = await findOutgoing(tx, id);
    if (row.sendState === 'draft') return;
    const taken = row.sendState === 'pending' ? await unqueueMails(tx, [id], null) : [];
    if (taken.length === 0) throw new AppError('CONFLICT', ON_ITS_WAY);
    await notifyMailsChanged(tx, [row.caseId]);
  });
  return answer(auth.db, id);
}

/**
 * PUT /v2/api/claims/mails/{id}/send-now: a pending mail waiting for its time leaves now (a job
 * a worker holds is left to it). 409 when the mail is not pending.
 */
export async function sendNow(deps: AppDeps, auth: AuthContext, id: number): Promise<TMailLog> {
  await auth.db.transaction(async (tx) => {
    const row = await findOutgoing(tx, id);
    if (row.sendState !== 'pending') throw new AppError('CONFLICT', 'This mail is not waiting to be sent');
    await makeDueNow(tx, id);
  });
  deps.outboxSignal.notify();
  return answer(auth.db, id);
}
