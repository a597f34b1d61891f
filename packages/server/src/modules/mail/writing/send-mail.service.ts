import {
  leftPlaceholders,
  type TComposeSendType,
  type TMailLog,
  type TMailLogType,
  type TSendFields,
  type TSendNewMailRequest,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import { invalid, notFound } from '../../../lib/app-error';
import type { TenantDb } from '../../../db/tenant-db';
import type { AuthContext } from '../../../auth-context';
import { addTimeline } from '../../cases/cases.repository';
import { notifyMailsChanged } from '../../cases/live-notify.repository';
import { queueMail } from '../outbox/queue-mail.service';
import { loadMailLogs } from '../reading/mail-read.repository';
import { findLiveMail } from '../reading/triage/unmapped-mail.repository';
import { parseAddress, storeSender } from './compose-context.service';
import { answeredMail, buildOutgoing, type ComposeTarget } from './compose-mail.service';
import { findComposeCase } from './compose.repository';
import { assertNothingNewer } from './send-timing.service';

/**
 * A template's placeholder that had no value stays written out (`{{supplier.name}}`) for a person
 * to fill in: such a mail is not sent (400 naming it, on the subject or the body).
 */
function refuseLeftPlaceholders(fields: Pick<TSendFields, 'subject' | 'html'>): void {
  for (const field of ['subject', 'html'] as const) {
    const left = leftPlaceholders(fields[field]);
    if (left.length > 0)
      throw invalid(
        field,
        `${left.map((name) => `{{${name}}}`).join(', ')} has no value on this case: write it in before sending`,
      );
  }
}

/**
 * Queues a composed mail (and, on a case, its `mail-out` timeline entry) in one transaction;
 * with `draftId` that draft becomes the mail. It leaves after its undo window or at its "send
 * later" time; a case with an inbound mail newer than `seenMailId` refuses it (409, nothing
 * written). Wakes the outbox once committed and answers the pending mail.
 */
export async function queueComposed(
  deps: AppDeps,
  auth: AuthContext,
  resolveTarget: (tx: TenantDb) => Promise<ComposeTarget>,
  fields: TSendFields,
  draftId?: number,
): Promise<TMailLog> {
  refuseLeftPlaceholders(fields);
  const sender = await storeSender(deps, auth.db);
  const id = await auth.db.transaction(async (tx) => {
    const target = await resolveTarget(tx);
    await assertNothingNewer(tx, target.caseRow?.id ?? null, fields.seenMailId);
    const mail = await buildOutgoing(tx, deps, auth, sender, target, fields);
    const mailLogId = await queueMail(tx, deps.files, mail, {
      draftId,
      systemSender: parseAddress(deps.config.MAIL_FROM).address,
      timing: { delaySeconds: fields.delaySeconds, sendAt: fields.sendAt },
    });
    if (mail.caseId !== null) {
      await addTimeline(tx, mail.caseId, {
        kind: 'mail-out',
        actor: auth.username,
        changes: [],
        mailLogId,
      });
    }
    await notifyMailsChanged(tx, [mail.caseId]);
    return mailLogId;
  });
  deps.outboxSignal.notify();
  const [mail] = await loadMailLogs(auth.db, [id]);
  if (!mail) throw new Error('queued mail not found');
  return mail;
}

/** POST …/{x}/mail-compose/{id}?sendType=&mailLogId=: a mail on the case. */
export function sendCaseMail(
  deps: AppDeps,
  auth: AuthContext,
  params: { workFlow: string; id: number },
  query: { sendType: TComposeSendType; mailLogId?: number },
  fields: TSendFields,
): Promise<TMailLog> {
  return queueComposed(
    deps,
    auth,
    async (tx) => {
      const caseRow = await findComposeCase(tx, params.workFlow, params.id);
      if (query.sendType === 'forward' && query.mailLogId === undefined) {
        throw invalid('mailLogId', 'Name the mail to forward');
      }
      const answered = await answeredMail(tx, caseRow, query.mailLogId);
      return { caseRow, sendType: query.sendType, answered };
    },
    fields,
  );
}

/**
 * The unmapped mail a mail without a case answers (its thread headers and its kind of mail);
 * 404 for a mail on a case or deleted. Null when it answers none.
 */
export async function unmappedAnswered(tx: TenantDb, mailLogId: number | null | undefined) {
  if (mailLogId === undefined || mailLogId === null) return null;
  const answered = await findLiveMail(tx, mailLogId);
  if (!answered || answered.caseId !== null) throw notFound('Mail');
  return answered;
}

/** A mail without a case: of its own type, or of the type of the unmapped mail it answers. */
export async function unmappedTarget(
  tx: TenantDb,
  mailLogId: number | null | undefined,
  mailLogType: TMailLogType,
): Promise<ComposeTarget> {
  const answered = await unmappedAnswered(tx, mailLogId);
  return {
    caseRow: null,
    sendType: null,
    answered,
    mailLogType: (answered?.mailLogType as TMailLogType | undefined) ?? mailLogType,
  };
}

/** POST /v2/api/unmapped-mails/compose-mail/new: a mail without a case. */
export function sendNewMail(deps: AppDeps, auth: AuthContext, body: TSendNewMailRequest): Promise<TMailLog> {
  const { mailLogType, mailLogId, ...fields } = body;
  return queueComposed(deps, auth, (tx) => unmappedTarget(tx, mailLogId, mailLogType), fields);
}
