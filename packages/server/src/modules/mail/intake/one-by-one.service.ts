import { notifyMailsChanged } from '../../cases/live-notify.repository';
import { madeUpMessageId, rawMessageId } from '../common/message-id';
import { insertUnparseableMail, rawHashOfMessage, tombstonedIds } from './ingest.repository';
import type { IngestDeps, IngestOutcome, IngestWhere, PreparedMail } from './ingest-types';
import { senderContentHash } from './same-mail';
import { writeParsedMails } from './write-mails.service';

type Where = IngestWhere & { receivedAt: Date };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

const isTombstoned = async (deps: IngestDeps, messageId: string) =>
  (await tombstonedIds(deps.db, [messageId])).has(messageId);

/**
 * A mail of a batch that the batch could not take as it is (its parser failed, its Message-ID is
 * taken, or the batch's write failed), taken in alone in a transaction of its own: stored, kept
 * as unparseable, or told to be a duplicate. Throws only when even the unparseable row cannot
 * be written (the database is away).
 */
export async function takeInAlone(
  deps: IngestDeps,
  where: Where,
  mail: PreparedMail,
): Promise<IngestOutcome> {
  if (mail.kind === 'unparsed') return keepUnparseable(deps, where, mail, mail.error);
  const { messageId } = mail.parsed;
  if (await isTombstoned(deps, messageId)) return { status: 'tombstoned', messageId };
  try {
    const write = async (id: string) => {
      const [written] = await deps.db.transaction((tx) =>
        writeParsedMails(tx, where, [{ ...mail, messageId: id, rawSize: mail.raw.byteLength }]),
      );
      return written ?? null;
    };
    const result = await insertOnce(deps, mail, messageId, write);
    return 'mailLogId' in result ? { status: 'stored', ...result } : { status: 'duplicate', ...result };
  } catch (error) {
    return keepUnparseable(deps, where, mail, errorText(error));
  }
}

/**
 * Writes a mail once per store. When its Message-ID is taken, it is the same mail (same raw
 * bytes, or the same bytes but for trace headers: another mailbox of the store got it too)
 * and nothing is written; or it is a different mail reusing the id, which is kept under the
 * made-up id of its raw bytes, so it is not lost and a refetch still finds it.
 */
async function insertOnce(
  deps: IngestDeps,
  mail: PreparedMail,
  messageId: string,
  write: (messageId: string) => Promise<number | null>,
): Promise<{ mailLogId: number; messageId: string } | { messageId: string }> {
  const first = await write(messageId);
  if (first !== null) return { mailLogId: first, messageId };
  const fallbackId = madeUpMessageId(mail.rawHash);
  if (messageId === fallbackId || (await isSameMail(deps, mail, messageId))) return { messageId };
  const second = await write(fallbackId);
  return second === null ? { messageId: fallbackId } : { mailLogId: second, messageId: fallbackId };
}

async function isSameMail(deps: IngestDeps, mail: PreparedMail, messageId: string): Promise<boolean> {
  const existingHash = await rawHashOfMessage(deps.db, messageId);
  if (!existingHash || existingHash === mail.rawHash) return true;
  const existingRaw = await deps.files.get(existingHash);
  return existingRaw !== null && senderContentHash(existingRaw) === senderContentHash(mail.raw);
}

/** The mail as unparseable: its raw message attached, its Message-ID from the raw header or the hash. */
async function keepUnparseable(
  deps: IngestDeps,
  where: Where,
  mail: PreparedMail,
  error: string,
): Promise<IngestOutcome> {
  const messageId = rawMessageId(mail.raw) ?? madeUpMessageId(mail.rawHash);
  if (await isTombstoned(deps, messageId)) return { status: 'tombstoned', messageId };
  const write = (id: string) =>
    deps.db.transaction(async (tx) => {
      const written = await insertUnparseableMail(tx, {
        mailboxId: where.mailboxId ?? null,
        messageId: id,
        rawHash: mail.rawHash,
        rawSize: mail.raw.byteLength,
        error,
        receivedAt: where.receivedAt,
      });
      // An unparseable mail waits in the store's unmapped inbox: its count changed.
      if (written !== null) await notifyMailsChanged(tx, []);
      return written;
    });
  const result = await insertOnce(deps, mail, messageId, write);
  return 'mailLogId' in result
    ? { status: 'unparseable', ...result, error }
    : { status: 'duplicate', ...result };
}
