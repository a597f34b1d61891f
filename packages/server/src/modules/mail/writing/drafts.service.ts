import {
  ZSendFields,
  type TMailLog,
  type TMailLogType,
  type TSaveDraftRequest,
  type TSaveNewDraftRequest,
  type TUpdateDraftRequest,
  type TUpdateNewDraftRequest,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthContext } from '../../../auth-context';
import { saveDraftMail } from '../outbox/queue-mail.service';
import { loadMailLogs } from '../reading/mail-read.repository';
import { lockLiveMail } from '../reading/triage/unmapped-mail.repository';
import { storeSender } from './compose-context.service';
import { answeredMail, buildOutgoing, type ComposeTarget } from './compose-mail.service';
import { findComposeCase, type ComposeCase, type MailRow } from './compose.repository';
import { queueComposed, unmappedTarget } from './send-mail.service';

async function answer(db: TenantDb, id: number): Promise<TMailLog> {
  const [mail] = await loadMailLogs(db, [id]);
  if (!mail) throw notFound('Mail');
  return mail;
}

/** POST …/{x}/mail-logs: a new draft on case `caseId` of workflow {x}. */
export async function createDraft(
  deps: AppDeps,
  auth: AuthContext,
  workFlow: string,
  body: TSaveDraftRequest,
): Promise<TMailLog> {
  const { caseId, sendType, mailLogId, ...fields } = body;
  const sender = await storeSender(deps, auth.db);
  const id = await auth.db.transaction(async (tx) => {
    const caseRow = await findComposeCase(tx, workFlow, caseId);
    const answered = await answeredMail(tx, caseRow, mailLogId);
    const mail = await buildOutgoing(tx, deps, auth, sender, { caseRow, sendType, answered }, fields);
    return saveDraftMail(tx, mail);
  });
  return answer(auth.db, id);
}

/** The draft {id} of a case of workflow {x}, locked; 404 when there is none, 409 when it is no draft. */
async function lockDraft(tx: TenantDb, workFlow: string, id: number) {
  const row = await lockLiveMail(tx, id);
  if (!row || row.caseId === null || row.direction !== 'out') throw notFound('Draft');
  const caseRow = await findComposeCase(tx, workFlow, row.caseId);
  if (row.sendState !== 'draft') throw new AppError('CONFLICT', 'This mail is no longer a draft');
  return { draft: row, caseRow };
}

/** A draft's own thread headers, kept when the request does not name the answered mail. */
const keptThread = (draft: MailRow) =>
  draft.inReplyTo
    ? { messageId: draft.inReplyTo, references: draft.references.filter((r) => r !== draft.inReplyTo) }
    : null;

/** Who a saved draft is for and what it answers, from the request or else from the draft. */
async function draftTarget(
  tx: TenantDb,
  locked: { draft: MailRow; caseRow: ComposeCase },
  body: TUpdateDraftRequest,
): Promise<ComposeTarget> {
  const answered =
    body.mailLogId === undefined ? null : await answeredMail(tx, locked.caseRow, body.mailLogId);
  return {
    caseRow: locked.caseRow,
    sendType: body.sendType ?? null,
    answered,
    mailLogType: locked.draft.mailLogType as TMailLogType,
    ...(body.mailLogId === undefined && { threadOverride: keptThread(locked.draft) }),
  };
}

/** The request as a mail to send: a recipient and a subject are required now (400 naming the field). */
function sendFields(body: TUpdateDraftRequest | TUpdateNewDraftRequest) {
  const parsed = ZSendFields.safeParse(body);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', fieldErrors);
}

/**
 * Replaces draft {id}, or (send: true) sends it: the draft row becomes the pending mail (with a
 * `mail-out` entry when it is on a case). `lockedTarget` locks the draft in the transaction and
 * says what it is about.
 */
async function saveOrSendDraft(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  body: TUpdateDraftRequest | TUpdateNewDraftRequest,
  lockedTarget: (tx: TenantDb) => Promise<ComposeTarget>,
): Promise<TMailLog> {
  if (body.send) return queueComposed(deps, auth, lockedTarget, sendFields(body), id);
  const sender = await storeSender(deps, auth.db);
  await auth.db.transaction(async (tx) => {
    const mail = await buildOutgoing(tx, deps, auth, sender, await lockedTarget(tx), body);
    await saveDraftMail(tx, mail, id);
  });
  return answer(auth.db, id);
}

/** PUT …/{x}/mail-logs/{id}: replaces the case's draft, or (send: true) sends it. */
export function updateDraft(
  deps: AppDeps,
  auth: AuthContext,
  params: { workFlow: string; id: number },
  body: TUpdateDraftRequest,
): Promise<TMailLog> {
  return saveOrSendDraft(deps, auth, params.id, body, async (tx) =>
    draftTarget(tx, await lockDraft(tx, params.workFlow, params.id), body),
  );
}

/** POST /v2/api/unmapped-mails/compose-mail/drafts: a new draft of a mail without a case. */
export async function createNewDraft(
  deps: AppDeps,
  auth: AuthContext,
  body: TSaveNewDraftRequest,
): Promise<TMailLog> {
  const { mailLogType, mailLogId, ...fields } = body;
  const sender = await storeSender(deps, auth.db);
  const id = await auth.db.transaction(async (tx) => {
    const target = await unmappedTarget(tx, mailLogId, mailLogType);
    const mail = await buildOutgoing(tx, deps, auth, sender, target, fields);
    return saveDraftMail(tx, mail);
  });
  return answer(auth.db, id);
}

/** The draft {id} of a mail without a case, locked; 404 when there is none, 409 when it is no draft. */
async function lockNewDraft(tx: TenantDb, id: number): Promise<MailRow> {
  const row = await lockLiveMail(tx, id);
  if (!row || row.caseId !== null || row.direction !== 'out') throw notFound('Draft');
  if (row.sendState !== 'draft') throw new AppError('CONFLICT', 'This mail is no longer a draft');
  return row;
}

/** Who a saved draft without a case answers: the request's mail, else the draft's own thread. */
async function newDraftTarget(
  tx: TenantDb,
  draft: MailRow,
  body: TUpdateNewDraftRequest,
): Promise<ComposeTarget> {
  const type = draft.mailLogType as TMailLogType;
  if (body.mailLogId !== undefined) return unmappedTarget(tx, body.mailLogId, type);
  return {
    caseRow: null,
    sendType: null,
    answered: null,
    mailLogType: type,
    threadOverride: keptThread(draft),
  };
}

/**
 * PUT /v2/api/unmapped-mails/compose-mail/drafts/{id}: replaces the draft without a case, or
 * (send: true) sends it as a mail without a case.
 */
export function updateNewDraft(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  body: TUpdateNewDraftRequest,
): Promise<TMailLog> {
  return saveOrSendDraft(deps, auth, id, body, async (tx) =>
    newDraftTarget(tx, await lockNewDraft(tx, id), body),
  );
}
