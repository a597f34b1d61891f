import { and, eq, inArray } from 'drizzle-orm';
import { mailTombstones } from '../../../db/mail-schema';
import { ingestMail, type IngestDeps, type IngestInput, type IngestOutcome } from './ingest-mail';
import { parseMail, type ParsedMail } from './parse-mail';
import { storeAttachments } from './parsed-fields';
import { writeParsedMails } from './write-mails';
import { prefetchThreadLookups } from '../threading/find-case';

export interface BatchInput extends Omit<IngestInput, 'raw' | 'receivedAt'> {
  raws: Buffer[];
  receivedAt?: Date;
}

type Prepared =
  | { kind: 'parsed'; raw: Buffer; rawHash: string; parsed: ParsedMail; attachmentKeys: string[] }
  | { kind: 'other'; raw: Buffer };

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
 * Takes in a batch of raw messages with the guarantees of ingestMail, faster: the raw files and
 * attachments are written in parallel, the rows in one transaction, and the case changes
 * (unread counts, timeline, search words) once per case. A mail the fast path cannot take as it
 * is (a parser failure, a Message-ID taken) goes through ingestMail alone after the batch
 * commits, which keeps it as unparseable or tells a duplicate from a reused id; a write error
 * undoes the batch and every mail of it goes that way. Answers
 * the outcomes in input order; when it returns, every mail is committed. Throws only when the
 * database is away: the caller must then not move its cursor.
 */
export async function ingestMails(deps: IngestDeps, input: BatchInput): Promise<IngestOutcome[]> {
  return commitMails(deps, input, await prepareMails(deps, input.raws));
}

/** Mails whose files are stored and which are parsed, ready to be committed. */
export type PreparedMails = Prepared[];

/**
 * The first half of ingestMails: raw files stored, mails parsed, attachments stored. Nothing is
 * in the database yet, so a fetch may prepare the next batch while the last one commits.
 */
export function prepareMails(deps: IngestDeps, raws: Buffer[]): Promise<PreparedMails> {
  const parse = deps.parse ?? parseMail;
  return mapLimit(raws, 16, async (raw): Promise<Prepared> => {
    const rawHash = await deps.files.put(raw);
    try {
      const parsed = await parse(raw, rawHash);
      return {
        kind: 'parsed',
        raw,
        rawHash,
        parsed,
        attachmentKeys: await storeAttachments(deps.files, parsed),
      };
    } catch {
      return { kind: 'other', raw };
    }
  });
}

/** The second half of ingestMails: the prepared mails committed (see there). */
export async function commitMails(
  deps: IngestDeps,
  input: Omit<BatchInput, 'raws'>,
  prepared: PreparedMails,
): Promise<IngestOutcome[]> {
  const receivedAt = input.receivedAt ?? new Date();
  const ids = prepared.flatMap((p) => (p.kind === 'parsed' ? [p.parsed.messageId] : []));
  const tombstoned = new Set(
    ids.length === 0
      ? []
      : (
          await deps.db
            .select({ messageId: mailTombstones.messageId })
            .from(mailTombstones)
            .where(and(eq(mailTombstones.tenantId, input.tenantId), inArray(mailTombstones.messageId, ids)))
        ).map((r) => r.messageId),
  );

  const outcomes = new Array<IngestOutcome | undefined>(prepared.length);
  try {
    await deps.db.transaction(async (tx) => {
      const lookups = await prefetchThreadLookups(
        tx,
        input.tenantId,
        prepared.flatMap((p) => (p.kind === 'parsed' ? [p.parsed] : [])),
      );
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
        { ...input, receivedAt },
        toWrite.map((w) => w.mail),
        lookups,
      );
      for (const [n, { index, mail }] of toWrite.entries()) {
        const id = ids[n];
        // Null: the Message-ID is taken; ingestMail below tells a duplicate from a reused id.
        if (id !== null && id !== undefined)
          outcomes[index] = { status: 'stored', mailLogId: id, messageId: mail.messageId };
      }
    });
  } catch {
    // A mail the batch could not write undid the batch: each mail is taken in alone instead.
    outcomes.fill(undefined);
  }
  for (const [index, p] of prepared.entries()) {
    outcomes[index] ??= await ingestMail(deps, { ...input, raw: p.raw, receivedAt });
  }
  return outcomes as IngestOutcome[];
}
