import type { TMailLog } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { mailLogs } from '../../../db/mail-schema';
import { AppError, notFound } from '../../../lib/app-error';
import { reparseMail } from '../ingest/reparse-mail';
import { loadMailLogs } from '../mail-log-view';

/**
 * POST /v2/api/unmapped-mails/{id}/reparse: parses an unparseable mail again and answers it,
 * parsed or with its new error. A mail that parsed already is 409.
 */
export async function reparseUnparseable(deps: AppDeps, tenantId: string, id: number): Promise<TMailLog> {
  const [mail] = await deps.db
    .select({ parseState: mailLogs.parseState })
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id), eq(mailLogs.isDeleted, false)));
  if (!mail) throw notFound('Mail');
  if (mail.parseState !== 'unparseable') throw new AppError('CONFLICT', 'This mail was parsed already');
  const outcome = await reparseMail({ db: deps.db, files: deps.files }, tenantId, id);
  if (outcome.status === 'not-found') throw notFound('Raw message of this mail');
  const [reparsed] = await loadMailLogs(deps.db, tenantId, [id]);
  if (!reparsed) throw notFound('Mail');
  return reparsed;
}
