import { removeUnusedFiles } from '../../privacy/unused-files';
import { prefetchThreadLookups } from '../threading/find-case.service';
import { tombstonedIds } from './ingest.repository';
import { takeInAlone } from './one-by-one.service';
import type { IngestDeps, IngestOutcome, IngestWhere, PreparedMail, PreparedMails } from './ingest-types';
import { parseMail, type ParsedMail } from './parse-mail';
import { storeAttachments } from './parsed-fields';
import { writeParsedMails } from './write-mails.service';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Runs `work` over `items` with at most `limit` at a time, answers in order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * The one way a mail comes in (the inbound receiver, the IMAP fetch, the demo seed): raw
 * messages taken into the store. The raw bytes go to file storage first, then each parsed mail
 * is inserted once per (store, Message-ID); a mail the parser refuses, or whose row cannot be
 * written, is kept as unparseable with its raw file attached. The files are written in
 * parallel, the rows in one transaction, and the case changes (unread counts, timeline, search
 * words) once per case. Answers the outcomes in input order; when it returns, every mail is
 * committed. Throws only when the database is away or the file store cannot write (a full
 * disk): the caller must then not move its cursor.
 */
export async function ingestMails(
  deps: IngestDeps,
  input: IngestWhere & { raws: Buffer[] },
): Promise<IngestOutcome[]> {
  return commitMails(deps, input, await prepareMails(deps, input.raws));
}

/** One mail: a batch of one. */
export async function ingestMail(
  deps: IngestDeps,
  input: IngestWhere & { raw: Buffer },
): Promise<IngestOutcome> {
  const [outcome] = await ingestMails(deps, { ...input, raws: [input.raw] });
  if (!outcome) throw new Error('a batch of one without its outcome');
  return outcome;
}

/**
 * The first half of ingestMails: raw files stored, mails parsed, attachments stored. Nothing is
 * in the database yet, so a fetch may prepare the next batch while the last one commits.
 */
export function prepareMails(deps: IngestDeps, raws: Buffer[]): Promise<PreparedMails> {
  const parse = deps.parse ?? parseMail;
  return mapLimit(raws, 16, async (raw): Promise<PreparedMail> => {
    const rawHash = await deps.files.put(raw);
    let parsed: ParsedMail;
    try {
      parsed = await parse(raw, rawHash);
    } catch (error) {
      return { kind: 'unparsed', raw, rawHash, error: errorText(error) };
    }
    // Outside the parser's catch: a storage error (a full disk) is no fault of the mail, so it
    // throws like the raw file's, and the mail is tried again later instead of kept as unparseable.
    return {
      kind: 'parsed',
      raw,
      rawHash,
      parsed,
      attachmentKeys: await storeAttachments(deps.files, parsed),
    };
  });
}

/**
 * The second half of ingestMails: the prepared mails committed. A mail the batch cannot take as
 * it is (a parser failure, a Message-ID taken) is taken in alone after the batch commits, which
 * keeps it as unparseable or tells a duplicate from a reused id; a write error undoes the batch
 * and every mail of it goes that way.
 */
export async function commitMails(
  deps: IngestDeps,
  where: IngestWhere,
  prepared: PreparedMails,
): Promise<IngestOutcome[]> {
  const input = { ...where, receivedAt: where.receivedAt ?? new Date() };
  const parsed = prepared.flatMap((p) => (p.kind === 'parsed' ? [p.parsed] : []));
  const tombstoned = await tombstonedIds(
    deps.db,
    parsed.map((p) => p.messageId),
  );
  const outcomes = new Array<IngestOutcome | undefined>(prepared.length);
  try {
    await deps.db.transaction(async (tx) => {
      const lookups = await prefetchThreadLookups(tx, parsed);
      const toWrite = prepared.flatMap((p, index) => {
        if (p.kind !== 'parsed') return [];
        const { messageId } = p.parsed;
        if (tombstoned.has(messageId)) {
          outcomes[index] = { status: 'tombstoned', messageId };
          return [];
        }
        return [{ index, mail: { ...p, messageId, rawSize: p.raw.byteLength } }];
      });
      const ids = await writeParsedMails(
        tx,
        input,
        toWrite.map((w) => w.mail),
        lookups,
      );
      for (const [n, { index, mail }] of toWrite.entries()) {
        const id = ids[n];
        // Null: the Message-ID is taken; taken in alone below, a duplicate is told from a reused id.
        if (id !== null && id !== undefined)
          outcomes[index] = { status: 'stored', mailLogId: id, messageId: mail.messageId };
      }
    });
  } catch {
    // A mail the batch could not write undid the batch: each mail is taken in alone instead.
    outcomes.fill(undefined);
  }
  for (const [index, p] of prepared.entries()) {
    outcomes[index] ??= await takeInAlone(deps, input, p);
  }
  // The tombstone rule: a mail deleted for good or erased left no row, so its files, written
  // before its Message-ID was known, must not stay behind either.
  const tombstonedFiles = prepared.flatMap((p, index) =>
    outcomes[index]?.status === 'tombstoned'
      ? [p.rawHash, ...(p.kind === 'parsed' ? p.attachmentKeys : [])]
      : [],
  );
  if (tombstonedFiles.length > 0) await removeUnusedFiles(deps.db.handle, deps.files, tombstonedFiles);
  return outcomes as IngestOutcome[];
}
