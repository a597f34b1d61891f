import { and, eq } from 'drizzle-orm';
import { mailAttachments, mailLogs } from '../../../db/mail-schema';
import type { IngestDeps } from './ingest-mail';
import { parseMail } from './parse-mail';
import { insertAttachments, parsedFields, storeAttachments } from './parsed-fields';

export type ReparseOutcome =
  { status: 'parsed' } | { status: 'unparseable'; error: string } | { status: 'not-found' };

/**
 * Parses an unparseable mail again from its raw file (after a parser fix). On success the row
 * gets its fields and attachments and keeps its Message-ID; otherwise the new error is kept.
 */
export async function reparseMail(
  deps: IngestDeps,
  tenantId: string,
  mailLogId: number,
): Promise<ReparseOutcome> {
  const where = and(
    eq(mailLogs.tenantId, tenantId),
    eq(mailLogs.id, mailLogId),
    eq(mailLogs.parseState, 'unparseable'),
  );
  const [row] = await deps.db.select({ rawFileHash: mailLogs.rawFileHash }).from(mailLogs).where(where);
  const raw = row?.rawFileHash ? await deps.files.get(row.rawFileHash) : null;
  if (!row?.rawFileHash || !raw) return { status: 'not-found' };
  try {
    const parsed = await (deps.parse ?? parseMail)(raw, row.rawFileHash);
    const keys = await storeAttachments(deps.files, parsed);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(mailLogs)
        .set({ ...parsedFields(parsed), parseState: 'ok', parseError: null })
        .where(where);
      await tx
        .delete(mailAttachments)
        .where(and(eq(mailAttachments.tenantId, tenantId), eq(mailAttachments.mailLogId, mailLogId)));
      await insertAttachments(tx, tenantId, mailLogId, parsed, keys);
    });
    return { status: 'parsed' };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    await deps.db.update(mailLogs).set({ parseError: message }).where(where);
    return { status: 'unparseable', error: message };
  }
}
