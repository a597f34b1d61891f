import type { IngestDeps } from './ingest-types';
import { rawHashOfUnparseable, saveParseError, saveReparsed } from './ingest.repository';
import { parseMail } from './parse-mail';
import { attachmentValues, parsedFields, storeAttachments } from './parsed-fields';

export type ReparseOutcome =
  { status: 'parsed' } | { status: 'unparseable'; error: string } | { status: 'not-found' };

/**
 * Parses an unparseable mail again from its raw file (after a parser fix). On success the row
 * gets its fields and attachments and keeps its Message-ID; otherwise the new error is kept.
 */
export async function reparseMail(deps: IngestDeps, mailLogId: number): Promise<ReparseOutcome> {
  const rawHash = await rawHashOfUnparseable(deps.db, mailLogId);
  const raw = rawHash ? await deps.files.get(rawHash) : null;
  if (!rawHash || !raw) return { status: 'not-found' };
  try {
    const parsed = await (deps.parse ?? parseMail)(raw, rawHash);
    const keys = await storeAttachments(deps.files, parsed);
    await deps.db.transaction((tx) =>
      saveReparsed(tx, mailLogId, parsedFields(parsed), attachmentValues(mailLogId, parsed, keys)),
    );
    return { status: 'parsed' };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    await saveParseError(deps.db, mailLogId, message);
    return { status: 'unparseable', error: message };
  }
}
