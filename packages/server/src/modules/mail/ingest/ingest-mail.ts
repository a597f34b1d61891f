import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailAttachments, mailLogs, mailTombstones } from '../../../db/mail-schema';
import type { FileStorage } from '../../../lib/file-storage';
import type { Tx } from '../../cases/case-search';
import { madeUpMessageId, rawMessageId } from '../message-id';
import { parseMail, type ParsedMail } from './parse-mail';
import { noteInboundMails, type InboundOnCase } from '../threading/inbound-on-case';
import { findCaseForMail, type ThreadingOptions, type ThreadLookups } from '../threading/find-case';
import { senderContentHash } from './same-mail';
import { insertAttachments, parsedFields, storeAttachments } from './parsed-fields';

export interface IngestDeps {
  db: Db;
  files: FileStorage;
  /** The parser; tests replace it to prove a parser failure keeps the mail. */
  parse?: (raw: Buffer, rawHash: string) => Promise<ParsedMail>;
}

export interface IngestInput {
  tenantId: string;
  raw: Buffer;
  mailboxId?: number | null;
  receivedAt?: Date;
  /** The store's threading options (its single-open-case rule). */
  threading?: ThreadingOptions;
}

export type IngestOutcome =
  | { status: 'stored'; mailLogId: number; messageId: string }
  | { status: 'unparseable'; mailLogId: number; messageId: string; error: string }
  | { status: 'duplicate'; messageId: string }
  | { status: 'tombstoned'; messageId: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Takes one raw inbound message into the store: the raw bytes go to file storage first, then
 * the parsed mail is inserted once per (store, Message-ID). A mail the parser refuses, or whose
 * row cannot be written, is kept as unparseable with its raw file attached. Throws only when
 * even that cannot be written (the database is away): the caller must then not move its cursor.
 */
export async function ingestMail(deps: IngestDeps, input: IngestInput): Promise<IngestOutcome> {
  const rawHash = await deps.files.put(input.raw);
  const receivedAt = input.receivedAt ?? new Date();
  let parsed: ParsedMail;
  try {
    parsed = await (deps.parse ?? parseMail)(input.raw, rawHash);
  } catch (error) {
    return keepUnparseable(deps, input, rawHash, receivedAt, errorText(error));
  }
  if (await isTombstoned(deps.db, input.tenantId, parsed.messageId)) {
    return { status: 'tombstoned', messageId: parsed.messageId };
  }
  try {
    return await storeParsed(deps, input, parsed, rawHash, receivedAt);
  } catch (error) {
    return keepUnparseable(deps, input, rawHash, receivedAt, errorText(error));
  }
}

export async function isTombstoned(db: Db, tenantId: string, messageId: string): Promise<boolean> {
  const rows = await db
    .select({ messageId: mailTombstones.messageId })
    .from(mailTombstones)
    .where(and(eq(mailTombstones.tenantId, tenantId), eq(mailTombstones.messageId, messageId)))
    .limit(1);
  return rows.length > 0;
}

async function storeParsed(
  deps: IngestDeps,
  input: IngestInput,
  parsed: ParsedMail,
  rawHash: string,
  receivedAt: Date,
): Promise<IngestOutcome> {
  // Attachments are stored before the row: a crash in between leaves only unreferenced files.
  const attachmentKeys = await storeAttachments(deps.files, parsed);
  const write = (messageId: string) =>
    deps.db.transaction((tx) =>
      writeParsedMail(tx, { ...input, receivedAt }, parsed, { rawHash, messageId, attachmentKeys }),
    );
  const result = await insertOnce(deps, input, rawHash, parsed.messageId, write);
  return 'mailLogId' in result ? { status: 'stored', ...result } : { status: 'duplicate', ...result };
}

/**
 * Writes one parsed mail in the caller's transaction: threaded onto its case (unread count,
 * timeline, search words) or unmapped. Answers the new row's id, or null when the store has a
 * mail with this Message-ID already (nothing written).
 */
export async function writeParsedMail(
  tx: Tx,
  input: Pick<IngestInput, 'tenantId' | 'mailboxId' | 'threading' | 'raw'> & { receivedAt: Date },
  parsed: ParsedMail,
  stored: { rawHash: string; messageId: string; attachmentKeys: string[] },
  /**
   * A batch collects the case changes to write them once per case (noteInboundMails), and
   * threads with lookups made in advance for all its mails.
   */
  batch?: { caseChanges: InboundOnCase[]; lookups: ThreadLookups },
): Promise<number | null> {
  const match = await findCaseForMail(
    tx,
    input.tenantId,
    { ...parsed, fromAddress: parsed.from?.address ?? null },
    input.threading,
    batch?.lookups,
  );
  const [row] = await tx
    .insert(mailLogs)
    .values({
      tenantId: input.tenantId,
      caseId: match?.caseId ?? null,
      mailboxId: input.mailboxId ?? null,
      direction: 'in',
      messageId: stored.messageId,
      ...parsedFields(parsed),
      rawFileHash: stored.rawHash,
      rawSize: input.raw.byteLength,
      receivedAt: input.receivedAt,
    })
    .onConflictDoNothing({ target: [mailLogs.tenantId, mailLogs.messageId] })
    .returning({ id: mailLogs.id });
  if (!row) return null;
  await insertAttachments(tx, input.tenantId, row.id, parsed, stored.attachmentKeys);
  if (match) {
    const change = { caseId: match.caseId, mailLogId: row.id, sender: parsed.from?.address ?? null };
    if (batch) {
      batch.caseChanges.push(change);
      // A later mail of the batch that answers this one finds its case.
      batch.lookups.caseOfMessage.set(stored.messageId, match.caseId);
    } else await noteInboundMails(tx, input.tenantId, [change]);
  }
  return row.id;
}

/**
 * Writes a mail once per store. When its Message-ID is taken, it is the same mail (same raw
 * bytes, or the same bytes but for trace headers: another mailbox of the store got it too)
 * and nothing is written; or it is a different mail reusing the id, which is kept under the
 * made-up id of its raw bytes, so it is not lost and a refetch still finds it.
 */
async function insertOnce(
  deps: IngestDeps,
  input: IngestInput,
  rawHash: string,
  messageId: string,
  write: (messageId: string) => Promise<number | null>,
): Promise<{ mailLogId: number; messageId: string } | { messageId: string }> {
  const first = await write(messageId);
  if (first !== null) return { mailLogId: first, messageId };
  const fallbackId = madeUpMessageId(rawHash);
  if (messageId === fallbackId || (await isSameMail(deps, input, rawHash, messageId))) return { messageId };
  const second = await write(fallbackId);
  return second === null ? { messageId: fallbackId } : { mailLogId: second, messageId: fallbackId };
}

async function isSameMail(
  deps: IngestDeps,
  input: IngestInput,
  rawHash: string,
  messageId: string,
): Promise<boolean> {
  const [existing] = await deps.db
    .select({ rawFileHash: mailLogs.rawFileHash })
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, input.tenantId), eq(mailLogs.messageId, messageId)));
  if (!existing?.rawFileHash || existing.rawFileHash === rawHash) return true;
  const existingRaw = await deps.files.get(existing.rawFileHash);
  return existingRaw !== null && senderContentHash(existingRaw) === senderContentHash(input.raw);
}

/** The mail as unparseable: its raw message attached, its Message-ID from the raw header or the hash. */
async function keepUnparseable(
  deps: IngestDeps,
  input: IngestInput,
  rawHash: string,
  receivedAt: Date,
  error: string,
): Promise<IngestOutcome> {
  const messageId = rawMessageId(input.raw) ?? madeUpMessageId(rawHash);
  if (await isTombstoned(deps.db, input.tenantId, messageId)) return { status: 'tombstoned', messageId };
  const write = (id: string) =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailLogs)
        .values({
          tenantId: input.tenantId,
          mailboxId: input.mailboxId ?? null,
          direction: 'in',
          messageId: id,
          rawFileHash: rawHash,
          rawSize: input.raw.byteLength,
          parseState: 'unparseable',
          parseError: error,
          receivedAt,
        })
        .onConflictDoNothing({ target: [mailLogs.tenantId, mailLogs.messageId] })
        .returning({ id: mailLogs.id });
      if (!row) return null;
      await tx.insert(mailAttachments).values({
        tenantId: input.tenantId,
        mailLogId: row.id,
        position: 0,
        fileHash: rawHash,
        fileName: 'message.eml',
        contentType: 'message/rfc822',
        size: input.raw.byteLength,
      });
      return row.id;
    });
  const result = await insertOnce(deps, input, rawHash, messageId, write);
  return 'mailLogId' in result
    ? { status: 'unparseable', ...result, error }
    : { status: 'duplicate', ...result };
}
