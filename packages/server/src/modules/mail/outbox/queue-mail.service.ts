import { sql, type SQL } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { inlineDataImages } from './inline-images';
import type { StoredAddress } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import type { FileStorage } from '../../../lib/file-storage';
import { ownMessageId } from '../common/message-id';
import { assertOwnSender } from './own-sender.service';
import {
  insertOutboxJob,
  insertOutgoingRow,
  raiseCasePendingCount,
  replaceAttachments,
  updateDraftRow,
  type OutgoingAttachment,
} from './queue-mail.repository';
import type { TMailLogType } from '@claimdesk/contracts';

export type { OutgoingAttachment } from './queue-mail.repository';

export interface OutgoingMail {
  /** The store of the transaction it is queued in (a row of another store is refused). */
  tenantId: string;
  /** The mailbox it is sent through; null: the store has none, the system sender sends it. */
  mailboxId: number | null;
  createdBy: string;
  mailLogType: TMailLogType;
  /** The case and its number (for the tag in the subject and our Message-ID); null: no case. */
  caseId: number | null;
  caseNumber: number | null;
  from: StoredAddress;
  to: StoredAddress[];
  cc?: StoredAddress[];
  bcc?: StoredAddress[];
  subject: string;
  text: string;
  html?: string | null;
  /** The mail this one answers (its Message-ID and References), for the thread headers. */
  replyTo?: { messageId: string; references: string[] } | null;
  attachments?: OutgoingAttachment[];
}

const formatted = (a: StoredAddress) => (a.name ? { name: a.name, address: a.address } : a.address);
const domainOf = (mail: OutgoingMail) => mail.from.address.split('@')[1] ?? 'claimdesk.invalid';

/** The subject with the case tag `[#number]`, added once. */
export function taggedSubject(subject: string, caseNumber: number | null): string {
  if (caseNumber === null) return subject;
  const tag = `[#${String(caseNumber)}]`;
  return subject.includes(tag) ? subject : `${subject} ${tag}`.trim();
}

/** The columns a mail row takes from an outgoing mail (send state and bytes aside). */
function rowValues(mail: OutgoingMail, subject: string, references: string[]) {
  return {
    caseId: mail.caseId,
    mailboxId: mail.mailboxId,
    mailLogType: mail.mailLogType,
    inReplyTo: mail.replyTo?.messageId ?? null,
    references,
    fromAddress: mail.from.address.toLowerCase(),
    fromName: mail.from.name ?? null,
    to: mail.to,
    cc: mail.cc ?? [],
    bcc: mail.bcc ?? [],
    subject,
    text: mail.text,
    html: mail.html ?? null,
  };
}

/** When a queued mail may leave: after an undo window, or at a chosen time ("send later"). */
export interface SendTiming {
  /** The undo window in seconds; 0: at once. Ignored with `sendAt`. */
  delaySeconds: number;
  /** "Send later": the time chosen (ISO with offset). */
  sendAt?: string;
}

/** The moment the mail may leave on the database's clock (the worker's), or null: at once. */
function dueAtOf(timing: SendTiming | undefined): SQL | null {
  if (timing?.sendAt !== undefined) return sql`${timing.sendAt}::timestamptz`;
  if (!timing || timing.delaySeconds <= 0) return null;
  return sql`now() + ${`${String(timing.delaySeconds)} seconds`}::interval`;
}

async function attachmentParts(files: FileStorage, attachments: OutgoingAttachment[]) {
  return Promise.all(
    attachments.map(async (a) => {
      const content = await files.get(a.fileHash);
      if (!content) throw new Error(`The file of attachment ${a.fileName} is missing`);
      return { filename: a.fileName, contentType: a.contentType, content };
    }),
  );
}

/**
 * Builds the message (our Message-ID naming the case, the thread's In-Reply-To/References, the
 * case tag in the subject, the attachments with their names and types), stores its bytes, and
 * writes the mail row (pending), its attachments and its send job in the caller's transaction:
 * all are there, or none. The bytes are built once, so every attempt sends the same message.
 * With `draftId` the draft row (locked by the caller) becomes the pending mail. The sender must
 * be the store's own (assertOwnSender; `systemSender` is MAIL_FROM's address). With `timing`
 * the job (and the row's send_at) waits for the end of the undo window or the chosen time.
 * Answers the mail log's id.
 */
export async function queueMail(
  tx: TenantDb,
  files: FileStorage,
  mail: OutgoingMail,
  options: { draftId?: number; systemSender?: string; timing?: SendTiming } = {},
): Promise<number> {
  await assertOwnSender(tx, {
    mailboxId: mail.mailboxId,
    fromAddress: mail.from.address,
    systemSender: options.systemSender,
  });
  const messageId = ownMessageId(mail.caseNumber, domainOf(mail));
  const subject = taggedSubject(mail.subject, mail.caseNumber);
  const references = mail.replyTo ? [...mail.replyTo.references, mail.replyTo.messageId] : [];
  const attachments = mail.attachments ?? [];
  const inline = mail.html ? inlineDataImages(mail.html) : null;
  const raw = await new MailComposer({
    messageId,
    date: new Date(),
    from: formatted(mail.from),
    to: mail.to.map(formatted),
    cc: (mail.cc ?? []).map(formatted),
    bcc: (mail.bcc ?? []).map(formatted),
    subject,
    text: mail.text,
    html: inline?.html,
    inReplyTo: mail.replyTo?.messageId,
    references: references.length > 0 ? references : undefined,
    attachments: [...(await attachmentParts(files, attachments)), ...(inline?.parts ?? [])],
    // Our mails are answers by people, but we mark them so other systems' autoresponders stay quiet.
    headers: { 'X-Auto-Response-Suppress': 'All' },
  })
    .compile()
    .build();
  const rawFileHash = await files.put(raw);
  const dueAt = dueAtOf(options.timing);
  const values = {
    ...rowValues(mail, subject, references),
    messageId,
    isRead: true,
    sendState: 'pending',
    sendAttempts: 0,
    sendError: null,
    sendAt: dueAt,
    isSendLater: options.timing?.sendAt !== undefined,
    rawFileHash,
    rawSize: raw.byteLength,
    createdBy: mail.createdBy,
  };
  const id =
    options.draftId === undefined
      ? await insertOutgoingRow(tx, { ...values, tenantId: mail.tenantId, direction: 'out' })
      : await updateDraftRow(tx, options.draftId, { ...values, createdAt: sql`now()` });
  if (id === null) throw new Error('mail not written');
  await replaceAttachments(tx, id, attachments, options.draftId === undefined);
  await insertOutboxJob(tx, id, dueAt);
  if (mail.caseId !== null) await raiseCasePendingCount(tx, mail.caseId);
  return id;
}

/**
 * Writes a draft (send state `draft`): the mail's fields and attachments, no bytes, no send job,
 * no pending count. The subject is kept as typed (the case tag is added when it is sent). With
 * `draftId` that draft (locked by the caller) is replaced. Answers the draft's id.
 */
export async function saveDraftMail(tx: TenantDb, mail: OutgoingMail, draftId?: number): Promise<number> {
  const references = mail.replyTo ? [...mail.replyTo.references, mail.replyTo.messageId] : [];
  const values = rowValues(mail, mail.subject, references);
  const id =
    draftId === undefined
      ? await insertOutgoingRow(tx, {
          ...values,
          tenantId: mail.tenantId,
          direction: 'out',
          // Unique per store like every mail's; the mail gets a fresh one when it is sent.
          messageId: ownMessageId(mail.caseNumber, domainOf(mail)),
          isRead: true,
          sendState: 'draft',
          createdBy: mail.createdBy,
        })
      : await updateDraftRow(tx, draftId, values);
  if (id === null) throw new Error('draft not written');
  await replaceAttachments(tx, id, mail.attachments ?? [], draftId === undefined);
  return id;
}
