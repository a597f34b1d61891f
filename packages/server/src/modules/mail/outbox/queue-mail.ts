import { and, eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { StoredAddress } from '../../../db/mail-schema';
import { mailLogs, mailOutbox } from '../../../db/mail-schema';
import { cases } from '../../../db/schema';
import type { FileStorage } from '../../../lib/file-storage';
import type { Tx } from '../../cases/case-search';
import { ownMessageId } from '../message-id';
import type { TMailLogType } from '@claimdesk/contracts';

export interface OutgoingMail {
  tenantId: string;
  mailboxId: number;
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
}

const formatted = (a: StoredAddress) => (a.name ? { name: a.name, address: a.address } : a.address);

/** The subject with the case tag `[#number]`, added once. */
export function taggedSubject(subject: string, caseNumber: number | null): string {
  if (caseNumber === null) return subject;
  const tag = `[#${String(caseNumber)}]`;
  return subject.includes(tag) ? subject : `${subject} ${tag}`.trim();
}

/**
 * Builds the message (our Message-ID naming the case, the thread's In-Reply-To/References, the
 * case tag in the subject), stores its bytes, and writes the mail row (pending) and its send
 * job in the caller's transaction: both are there, or neither. The bytes are built once, so
 * every attempt sends the same message. Answers the mail log's id.
 */
export async function queueMail(tx: Tx, files: FileStorage, mail: OutgoingMail): Promise<number> {
  const domain = mail.from.address.split('@')[1] ?? 'claimdesk.invalid';
  const messageId = ownMessageId(mail.caseNumber, domain);
  const subject = taggedSubject(mail.subject, mail.caseNumber);
  const references = mail.replyTo ? [...mail.replyTo.references, mail.replyTo.messageId] : [];
  const raw = await new MailComposer({
    messageId,
    date: new Date(),
    from: formatted(mail.from),
    to: mail.to.map(formatted),
    cc: (mail.cc ?? []).map(formatted),
    bcc: (mail.bcc ?? []).map(formatted),
    subject,
    text: mail.text,
    html: mail.html ?? undefined,
    inReplyTo: mail.replyTo?.messageId,
    references: references.length > 0 ? references : undefined,
    // Our mails are answers by people, but we mark them so other systems' autoresponders stay quiet.
    headers: { 'X-Auto-Response-Suppress': 'All' },
  })
    .compile()
    .build();
  const rawFileHash = await files.put(raw);
  const [row] = await tx
    .insert(mailLogs)
    .values({
      tenantId: mail.tenantId,
      caseId: mail.caseId,
      mailboxId: mail.mailboxId,
      direction: 'out',
      mailLogType: mail.mailLogType,
      messageId,
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
      isRead: true,
      sendState: 'pending',
      rawFileHash,
      rawSize: raw.byteLength,
      createdBy: mail.createdBy,
    })
    .returning({ id: mailLogs.id });
  if (!row) throw new Error('mail not written');
  await tx.insert(mailOutbox).values({ tenantId: mail.tenantId, mailLogId: row.id });
  if (mail.caseId !== null) {
    await tx
      .update(cases)
      .set({ sendPendingMailCount: sql`${cases.sendPendingMailCount} + 1` })
      .where(and(eq(cases.tenantId, mail.tenantId), eq(cases.id, mail.caseId)));
  }
  return row.id;
}
