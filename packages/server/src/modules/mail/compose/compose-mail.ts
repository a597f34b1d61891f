import type { TComposeFields, TComposeSendType, TMailLogType } from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { AuthContext } from '../../auth/auth-context';
import type { Tx } from '../../cases/case-search';
import { sanitiseOutgoingHtml } from '../mail-html';
import type { OutgoingMail } from '../outbox/queue-mail';
import { findCaseMail, type ComposeCase, type MailRow, type Sender } from './compose-context';
import { htmlToText } from './compose-text';
import { resolveAttachments } from './outgoing-attachments';

/** What a composed mail is about: its case (or none), who it is for, the mail it answers or forwards. */
export interface ComposeTarget {
  caseRow: ComposeCase | null;
  sendType: TComposeSendType | null;
  answered: MailRow | null;
  /** The type when there is no send type (a mail without a case, a draft that keeps its own). */
  mailLogType?: TMailLogType;
  /** Thread headers to use as they are (a draft keeps the ones it was saved with). */
  threadOverride?: { messageId: string; references: string[] } | null;
}

/** The answered or forwarded mail of a case (404 when it is not one of the case's mails). */
export async function answeredMail(
  tx: Tx,
  tenantId: string,
  caseRow: ComposeCase,
  mailLogId: number | null | undefined,
): Promise<MailRow | null> {
  return mailLogId ? findCaseMail(tx, tenantId, caseRow.id, mailLogId) : null;
}

/** A forward takes the forwarded mail's type; a new mail without a case its own; else the send type's. */
function typeOf(target: ComposeTarget): TMailLogType {
  if (target.sendType === 'forward') return (target.answered?.mailLogType ?? 'customer') as TMailLogType;
  return target.sendType ?? target.mailLogType ?? 'customer';
}

/**
 * The outgoing mail for a compose form: sanitised HTML, text derived from it when not given,
 * the attachments resolved (and their total checked), and a reply's thread headers. A forward
 * starts a thread of its own (no In-Reply-To), but names the case in its Message-ID and tag.
 * `sender` is read before the transaction: on PGlite's one connection, a read outside an open
 * transaction waits for it forever.
 */
export async function buildOutgoing(
  tx: Tx,
  deps: AppDeps,
  auth: AuthContext,
  sender: Sender,
  target: ComposeTarget,
  fields: TComposeFields,
): Promise<OutgoingMail> {
  const html = sanitiseOutgoingHtml(fields.html);
  const isReply = target.answered !== null && target.sendType !== 'forward';
  return {
    tenantId: auth.tenantId,
    mailboxId: sender.mailboxId,
    createdBy: auth.username,
    mailLogType: typeOf(target),
    caseId: target.caseRow?.id ?? null,
    caseNumber: target.caseRow?.caseNumber ?? null,
    from: sender.from,
    to: fields.to.map((address) => ({ address })),
    cc: fields.cc.map((address) => ({ address })),
    bcc: fields.bcc.map((address) => ({ address })),
    subject: fields.subject,
    // An empty body goes as plain text alone, not as an empty HTML part.
    html: html.trim() === '' ? null : html,
    text: fields.text ?? htmlToText(html),
    replyTo:
      target.threadOverride !== undefined
        ? target.threadOverride
        : isReply && target.answered
          ? { messageId: target.answered.messageId, references: target.answered.references }
          : null,
    attachments: await resolveAttachments(
      tx,
      deps,
      auth.tenantId,
      fields.attachments,
      deps.config.MAIL_MAX_ATTACHMENT_BYTES,
    ),
  };
}
