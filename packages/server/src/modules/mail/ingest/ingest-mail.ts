import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailAttachments, mailLogs, mailTombstones } from '../../../db/mail-schema';
import type { FileStorage } from '../../../lib/file-storage';
import { madeUpMessageId, rawMessageId } from '../message-id';
import { parseMail, type ParsedMail } from './parse-mail';
import type { ThreadingOptions } from '../threading/find-case';
import { senderContentHash } from './same-mail';
import { storeAttachments } from './parsed-fields';
import { writeParsedMails } from './write-mails';

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
  const write = async (messageId: string) => {
    const [id] = await deps.db.transaction((tx) =>
      writeParsedMails(tx, { ...input, receivedAt }, [
        { parsed, messageId, rawHash, rawSize: input.raw.byteLength, attachmentKeys },
      ]),
    );
    return id ?? null;
  };
  const result = await insertOnce(deps, input, rawHash, parsed.messageId, write);
  return 'mailLogId' in result ? { status: 'stored', ...result } : { status: 'duplicate', ...result };
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
