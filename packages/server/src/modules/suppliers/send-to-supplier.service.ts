// "Send to supplier": the case's supplier and where the claim stands with it, the prefilled claim
// mail, and the send itself, which refuses a claim without the evidence the supplier requires and
// otherwise queues the mail, marks the case sent (the first time) and notes it on the timeline,
// all in one transaction.
import {
  MISSING_EVIDENCE_TEXT,
  fieldProblem,
  isDocumentType,
  isPhotoType,
  missingEvidence,
  type TCaseSupplier,
  type TCaseSupplierStatus,
  type TMailLog,
  type TSendToSupplierRequest,
  type TSupplierComposeResponse,
  type TSupplierEvidence,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import type { TenantDb } from '../../db/tenant-db';
import { AppError, invalid, invalidFields, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { loadFeatures } from '../cases/case-config';
import { notifyLive } from '../cases/live-notify.repository';
import { addTimeline } from '../cases/cases.repository';
import {
  composeLanguage,
  findComposeCase,
  queueComposed,
  readUpload,
  signatureBlock,
  storeSender,
} from '../mail/mail-compose';
import { supplierClaimMail } from './send-to-supplier-text';
import * as repo from './send-to-supplier.repository';
import { findSupplier, storeSupplierSetting } from './suppliers.repository';

const DAY_MS = 86_400_000;

async function requireSupplierFeature(db: TenantDb): Promise<void> {
  if (!(await loadFeatures(db)).supplier)
    throw new AppError('FORBIDDEN', 'Suppliers are switched off in this store');
}

async function liveCase(db: TenantDb, id: number, lock = false): Promise<repo.SupplierCaseRow> {
  const row = await repo.findSupplierCase(db, id, lock);
  if (!row) throw notFound('Case');
  return row;
}

/** The supplier the case names: the store's own, or one of its company's. */
async function supplierOf(db: TenantDb, row: repo.SupplierCaseRow): Promise<TCaseSupplier | null> {
  let found;
  if (row.supplierId !== null) {
    found = await findSupplier(db, { source: 'internal' }, row.supplierId);
  } else if (row.companySupplierId !== null) {
    const setting = await storeSupplierSetting(db);
    if (!setting) throw notFound('Store');
    found = await findSupplier(
      db,
      { source: 'external', companyId: setting.companyId },
      row.companySupplierId,
    );
  }
  if (!found) return null;
  return {
    id: found.id,
    source: row.supplierId !== null ? 'internal' : 'external',
    name: found.name,
    claimAddress: found.claimAddress ?? found.email,
    requiredEvidence: found.requiredEvidence as TSupplierEvidence[],
    answerDays: found.answerDays,
    isDisabled: found.isDisabled,
  };
}

/** Whole days (at least one) an open, unanswered claim waits past its promised answer time. */
export function overdueDays(
  row: Pick<repo.SupplierCaseRow, 'isArchived' | 'closedAt'>,
  answerDueAt: string | null,
  answeredAt: string | null,
  now = Date.now(),
): number | null {
  if (answerDueAt === null || answeredAt !== null || row.isArchived || row.closedAt !== null) return null;
  const late = now - Date.parse(answerDueAt);
  return late > 0 ? Math.max(1, Math.floor(late / DAY_MS)) : null;
}

/** GET /v2/api/claims/{id}/supplier. */
export async function getSupplierStatus(auth: AuthContext, id: number): Promise<TCaseSupplierStatus> {
  await requireSupplierFeature(auth.db);
  const row = await liveCase(auth.db, id);
  const supplier = await supplierOf(auth.db, row);
  const sentAt = row.sentToSupplierAt;
  const answeredAt = sentAt ? await repo.firstAnswerAt(auth.db, id, sentAt) : null;
  const answerDueAt =
    sentAt && supplier?.answerDays
      ? new Date(Date.parse(sentAt) + supplier.answerDays * DAY_MS).toISOString()
      : null;
  return {
    supplier,
    sentAt,
    answeredAt,
    answerDueAt,
    overdueDays: overdueDays(row, answerDueAt, answeredAt),
  };
}

const noSupplier = () => invalid('supplierId', 'Choose the case’s supplier first');

/** GET /v2/api/claims/{id}/supplier-compose. */
export async function getSupplierCompose(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
): Promise<TSupplierComposeResponse> {
  await requireSupplierFeature(auth.db);
  const row = await liveCase(auth.db, id);
  const supplier = await supplierOf(auth.db, row);
  if (!supplier) throw noSupplier();
  const language = await composeLanguage(deps, auth.tenantId);
  const sender = await storeSender(deps, auth.db);
  const signature = await signatureBlock(auth.db, { username: auth.username, mailboxId: sender.mailboxId }, [
    language,
  ]);
  const mail = supplierClaimMail(row, language);
  const files = await repo.listCaseFiles(auth.db, id);
  return {
    caseId: row.id,
    caseNumber: row.caseNumber,
    workFlow: row.workFlow,
    sendType: 'supplier',
    mailLogType: 'supplier',
    mailLogId: null,
    from: sender.isMailbox ? sender.from : null,
    to: supplier.claimAddress ? [supplier.claimAddress] : [],
    cc: [],
    bcc: [],
    subject: mail.subject,
    html: signature ? `${mail.html}${signature.html}` : mail.html,
    text: signature ? `${mail.text}\n\n${signature.text}` : mail.text,
    inReplyTo: null,
    references: [],
    attachments: [],
    templateKey: null,
    answeredAutoKind: null,
    customerEmail: null,
    maxAttachmentBytes: deps.config.MAIL_MAX_ATTACHMENT_BYTES,
    supplier,
    files: files.map((file) => {
      const kind = isPhotoType(file.fileType)
        ? 'photo'
        : isDocumentType(file.fileType)
          ? 'document'
          : 'other';
      return { ...file, kind, isChosen: kind === 'photo' };
    }),
    requiredEvidence: supplier.requiredEvidence,
    sentAt: row.sentToSupplierAt,
  };
}

/** POST /v2/api/claims/{id}/send-to-supplier. */
export async function sendToSupplier(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  body: TSendToSupplierRequest,
): Promise<TMailLog> {
  await requireSupplierFeature(auth.db);
  return queueComposed(
    deps,
    auth,
    async (tx) => {
      const row = await liveCase(tx, id, true);
      const supplier = await supplierOf(tx, row);
      if (!supplier) throw noSupplier();
      if (supplier.isDisabled) throw invalid('supplierId', 'This supplier is disabled: choose another one');
      const attachmentTypes = await repo.attachmentTypes(
        tx,
        body.attachments,
        (uploadId) => readUpload(deps.hashKey, tx.tenantId, uploadId)?.fileType ?? null,
      );
      const missing = missingEvidence(supplier.requiredEvidence, { ...row, attachmentTypes });
      if (missing.length > 0) {
        throw invalidFields(
          `Evidence the supplier requires is missing: ${missing.join(', ')}`,
          Object.fromEntries(
            missing.map((kind) => [
              `evidence.${kind}`,
              fieldProblem('required', MISSING_EVIDENCE_TEXT[kind]),
            ]),
          ),
        );
      }
      await repo.markSentToSupplier(tx, id);
      await addTimeline(tx, id, {
        kind: 'supplier-sent',
        actor: auth.username,
        changes: [{ field: 'supplier', from: null, to: supplier.name }],
      });
      // The case's page elsewhere reads its timeline again (the mail's own events follow).
      await notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId: id } });
      return { caseRow: await findComposeCase(tx, row.workFlow, id), sendType: 'supplier', answered: null };
    },
    { ...body, delaySeconds: 0 },
  );
}
