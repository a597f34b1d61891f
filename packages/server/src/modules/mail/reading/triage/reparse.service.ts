import type { TMailLog } from '@claimdesk/contracts';
import type { AppDeps } from '../../../../app-deps';
import { AppError, notFound } from '../../../../lib/app-error';
import type { AuthContext } from '../../../../auth-context';
import { reparseMail } from '../../intake/reparse-mail.service';
import { loadMailLogs } from '../mail-read.repository';
import { findLiveMail } from './unmapped-mail.repository';

/**
 * POST /v2/api/unmapped-mails/{id}/reparse: parses an unparseable mail again and answers it,
 * parsed or with its new error. A mail that parsed already is 409.
 */
export async function reparseUnparseable(deps: AppDeps, auth: AuthContext, id: number): Promise<TMailLog> {
  const mail = await findLiveMail(auth.db, id);
  if (!mail) throw notFound('Mail');
  if (mail.parseState !== 'unparseable') throw new AppError('CONFLICT', 'This mail was parsed already');
  const outcome = await reparseMail({ db: auth.db, files: deps.files }, id);
  if (outcome.status === 'not-found') throw notFound('Raw message of this mail');
  const [reparsed] = await loadMailLogs(auth.db, [id]);
  if (!reparsed) throw notFound('Mail');
  return reparsed;
}
