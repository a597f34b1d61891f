import {
  attachmentPath,
  type TGetMailComposeQuery,
  type TMailAutoKind,
  type TMailCompose,
  type TLanguage,
  type TMailLogType,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError, invalid } from '../../../lib/app-error';
import type { AuthContext } from '../../../auth-context';
import { renderMailTemplate } from '../../mail-templates/render-template';
import { signatureBlock } from './signatures/signatures.service';
import { composeLanguage, storeSender, type Sender } from './compose-context.service';
import {
  findCaseMail,
  findComposeCase,
  listMailAttachments,
  listOwnAddresses,
  type ComposeCase,
  type MailRow,
} from './compose.repository';
import { forwardQuote, forwardSubject, replyQuote, replySubject } from './compose-text';
import { unmappedAnswered } from './send-mail.service';

const blank = (
  caseRow: ComposeCase | null,
  deps: AppDeps,
): Omit<TMailCompose, 'from' | 'sendType' | 'mailLogType'> => ({
  caseId: caseRow?.id ?? null,
  caseNumber: caseRow?.caseNumber ?? null,
  workFlow: caseRow?.workFlow ?? null,
  mailLogId: null,
  to: [],
  cc: [],
  bcc: [],
  subject: '',
  html: '',
  text: '',
  inReplyTo: null,
  references: [],
  attachments: [],
  templateKey: null,
  answeredAutoKind: null,
  customerEmail: null,
  maxAttachmentBytes: deps.config.MAIL_MAX_ATTACHMENT_BYTES,
});

/** A part of the prefilled mail: its HTML and its text. */
type Part = { html: string; text: string };

/** An empty first line to write on, when the mail starts with no text of its own. */
const WRITE_HERE: Part = { html: '<p></p>', text: '' };

/** The writer's and the mailbox's signature in the mail's language, else in the store's. */
async function signatureOf(deps: AppDeps, auth: AuthContext, sender: Sender, language: TLanguage) {
  const storeLanguage = (await deps.stores.get(auth.tenantId))?.language ?? 'en';
  return signatureBlock(auth.db, { username: auth.username, mailboxId: sender.mailboxId }, [
    language,
    storeLanguage,
  ]);
}

/**
 * The prefilled HTML and text: the mail's own blocks (a template or a line to write on, then the
 * signature) one after the other, and the quote after a line break (the web splits the quote off
 * at it). A <br> between the blocks themselves would be an empty paragraph in the editor.
 */
const joined = (parts: (Part | null)[], quote: Part | null = null) => {
  const own = parts.filter((p) => p !== null);
  const html = own.map((p) => p.html).join('');
  const text = own.map((p) => p.text).join('\n\n');
  if (!quote) return { html, text };
  return {
    html: html ? `${html}<br>${quote.html}` : quote.html,
    text: text ? `${text}\n\n${quote.text}` : quote.text,
  };
};

/**
 * Where a reply goes: the Reply-To of an inbound mail, else its sender; an outbound mail's
 * recipients. Never one of the store's own addresses (a mail that came back through a forward).
 */
function replyAddresses(mail: MailRow, own: ReadonlySet<string>): string[] {
  const addresses =
    mail.direction === 'out'
      ? mail.to.map((a) => a.address)
      : mail.replyTo.length > 0
        ? mail.replyTo.map((a) => a.address)
        : mail.fromAddress
          ? [mail.fromAddress]
          : [];
  return addresses.filter((a) => !own.has(a.toLowerCase()));
}

/**
 * A reply answers the person who wrote the mail (a relative writing for the customer, a colleague,
 * another address of the customer's), never the case's customer instead: one person's answer must
 * not reach another. A new mail to the customer goes to the case's customer; a case names its
 * supplier, not an address, so only an answered supplier mail gives one.
 */
function recipientsFor(
  sendType: 'customer' | 'supplier',
  caseRow: ComposeCase,
  answered: MailRow | null,
  own: ReadonlySet<string>,
) {
  if (answered && (sendType === 'customer' || answered.mailLogType === 'supplier'))
    return replyAddresses(answered, own);
  if (sendType === 'customer' && caseRow.customerEmail) return [caseRow.customerEmail];
  return [];
}

/**
 * GET …/{x}/mail-compose/{id}: the form for a mail on the case, to its customer or supplier,
 * with the rendered template first and the answered mail quoted after it.
 */
export async function caseCompose(
  deps: AppDeps,
  auth: AuthContext,
  params: { workFlow: string; id: number },
  query: TGetMailComposeQuery,
): Promise<TMailCompose> {
  const { tenantId, db } = auth;
  const caseRow = await findComposeCase(db, params.workFlow, params.id);
  if (query.sendType === 'forward') {
    return forwardCompose(deps, auth, params, query.mailLogId, query.language);
  }
  const answered = query.mailLogId ? await findCaseMail(db, caseRow.id, query.mailLogId) : null;
  const language = await composeLanguage(deps, tenantId, query.language);
  const template = query.templateKey
    ? await renderMailTemplate(db, {
        templateKey: query.templateKey,
        language,
        caseId: caseRow.id,
        userName: auth.username,
      })
    : null;
  if (query.templateKey && !template) {
    throw new AppError('NOT_FOUND', `Mail template "${query.templateKey}" not found`, {
      templateKey: 'No such template in this store',
    });
  }
  const quote = answered ? replyQuote(answered, language) : null;
  const sender = await storeSender(deps, db);
  const signature = await signatureOf(deps, auth, sender, language);
  const { html, text } = joined([template ?? (signature ? WRITE_HERE : null), signature], quote);
  return {
    ...blank(caseRow, deps),
    from: sender.isMailbox ? sender.from : null,
    sendType: query.sendType,
    mailLogType: query.sendType,
    mailLogId: answered?.id ?? null,
    to: recipientsFor(query.sendType, caseRow, answered, await listOwnAddresses(db)),
    customerEmail: query.sendType === 'customer' ? caseRow.customerEmail : null,
    subject: answered ? replySubject(answered.subject) : (template?.subject ?? ''),
    html,
    text,
    inReplyTo: answered?.messageId ?? null,
    references: answered ? [...answered.references, answered.messageId] : [],
    templateKey: template?.key ?? null,
    answeredAutoKind: (answered?.autoKind ?? null) as TMailAutoKind | null,
  };
}

/** The attachments of a mail as a compose lists them (inline images included: the quoted HTML uses them). */
async function attachmentsOf(db: TenantDb, mailLogId: number) {
  const rows = await listMailAttachments(db, mailLogId);
  return rows.map((a) => ({
    filePath: attachmentPath(mailLogId, a.id),
    fileName: a.fileName,
    fileType: a.contentType,
    size: a.size,
  }));
}

/** GET …/{x}/forward-mail-compose/{id}?mailLogId=: the forward of one of the case's mails. */
export async function forwardCompose(
  deps: AppDeps,
  auth: AuthContext,
  params: { workFlow: string; id: number },
  mailLogId: number | undefined,
  asked?: TGetMailComposeQuery['language'],
): Promise<TMailCompose> {
  const { tenantId, db } = auth;
  const caseRow = await findComposeCase(db, params.workFlow, params.id);
  if (mailLogId === undefined) throw invalid('mailLogId', 'Name the mail to forward');
  const mail = await findCaseMail(db, caseRow.id, mailLogId);
  const language = await composeLanguage(deps, tenantId, asked);
  const quote = forwardQuote(mail, language);
  const sender = await storeSender(deps, db);
  const signature = await signatureOf(deps, auth, sender, language);
  const { html, text } = joined([WRITE_HERE, signature], quote);
  return {
    ...blank(caseRow, deps),
    from: sender.isMailbox ? sender.from : null,
    sendType: 'forward',
    mailLogType: mail.mailLogType as TMailLogType,
    mailLogId: mail.id,
    subject: forwardSubject(mail.subject),
    html,
    text,
    attachments: await attachmentsOf(db, mail.id),
    answeredAutoKind: (mail.autoKind ?? null) as TMailAutoKind | null,
  };
}

/**
 * GET /v2/api/unmapped-mails/compose-mail/new?mailLogId=: a mail without a case, blank but for
 * the signature, or the reply to an unmapped mail (to its sender, with its quote and headers).
 */
export async function newCompose(
  deps: AppDeps,
  auth: AuthContext,
  mailLogId?: number,
): Promise<TMailCompose> {
  const answered = await unmappedAnswered(auth.db, mailLogId);
  const language = await composeLanguage(deps, auth.tenantId);
  const sender = await storeSender(deps, auth.db);
  const signature = await signatureOf(deps, auth, sender, language);
  const quote = answered ? replyQuote(answered, language) : null;
  return {
    ...blank(null, deps),
    from: sender.isMailbox ? sender.from : null,
    sendType: null,
    mailLogType: (answered?.mailLogType ?? 'customer') as TMailLogType,
    ...((signature || quote) && joined([WRITE_HERE, signature], quote)),
    ...(answered && {
      mailLogId: answered.id,
      to: replyAddresses(answered, await listOwnAddresses(auth.db)),
      subject: replySubject(answered.subject),
      inReplyTo: answered.messageId,
      references: [...answered.references, answered.messageId],
      answeredAutoKind: (answered.autoKind ?? null) as TMailAutoKind | null,
    }),
  };
}
