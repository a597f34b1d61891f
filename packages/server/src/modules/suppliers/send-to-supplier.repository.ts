// What "Send to supplier" reads and writes of a case: its supplier columns, items and the files
// of its mails, the content types of the files chosen, and the moment it was first sent.
import { attachmentPath, parseAttachmentPath, type TComposeAttachmentRef } from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';

/** The case as the claim mail and the evidence check read it. */
export interface SupplierCaseRow {
  id: number;
  caseNumber: number;
  workFlow: string;
  status: string;
  supplierId: number | null;
  companySupplierId: number | null;
  purchaseDate: string | null;
  orderReference: string | null;
  description: string | null;
  isArchived: boolean;
  closedAt: string | null;
  sentToSupplierAt: string | null;
  items: {
    productName: string;
    sku: string | null;
    quantity: number;
    faultDescription: string | null;
    serialNumber: string | null;
  }[];
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The live case with its items in their order; `lock` holds its row for the transaction. */
export async function findSupplierCase(
  db: TenantDb,
  id: number,
  lock = false,
): Promise<SupplierCaseRow | null> {
  const result = await db.execute(
    (store) => sql`
    SELECT c.id, c.case_number AS "caseNumber", c.work_flow AS "workFlow", c.status,
      c.supplier_id AS "supplierId", c.company_supplier_id AS "companySupplierId",
      c.purchase_date::text AS "purchaseDate", c.order_reference AS "orderReference",
      c.description, c.is_archived AS "isArchived", ${iso('c.closed_at')} AS "closedAt",
      ${iso('c.sent_to_supplier_at')} AS "sentToSupplierAt",
      coalesce((SELECT json_agg(json_build_object('productName', i.product_name, 'sku', i.sku,
          'quantity', i.quantity, 'faultDescription', i.fault_description,
          'serialNumber', i.serial_number) ORDER BY i.position, i.id)
        FROM case_items i WHERE i.tenant_id = c.tenant_id AND i.case_id = c.id), '[]'::json) AS items
    FROM cases c
    WHERE ${store.owns('c')} AND c.id = ${id} AND c.deleted_at IS NULL
    ${lock ? sql`FOR UPDATE OF c` : sql``}`,
  );
  const [row] = (result as { rows: SupplierCaseRow[] }).rows;
  return row ?? null;
}

/** A file of one of the case's mails (not deleted, not a draft, not an inline image of a body). */
export interface CaseFileRow {
  filePath: string;
  fileName: string;
  fileType: string;
  size: number;
}

export async function listCaseFiles(db: TenantDb, caseId: number): Promise<CaseFileRow[]> {
  const result = await db.execute(
    (store) => sql`
    SELECT a.mail_log_id AS "mailLogId", a.id, a.file_name AS "fileName", a.content_type AS "fileType", a.size
    FROM mail_attachments a
    JOIN mail_logs m ON m.tenant_id = a.tenant_id AND m.id = a.mail_log_id
    WHERE ${store.owns('a')} AND m.case_id = ${caseId} AND NOT m.is_deleted
      AND m.send_state IS DISTINCT FROM 'draft' AND NOT a.is_inline
    ORDER BY coalesce(m.received_at, m.sent_at, m.created_at), m.id, a.position`,
  );
  const rows = (result as { rows: (Omit<CaseFileRow, 'filePath'> & { mailLogId: number; id: number })[] })
    .rows;
  return rows.map(({ mailLogId, id, ...file }) => ({ ...file, filePath: attachmentPath(mailLogId, id) }));
}

/**
 * The content types of the chosen attachments, as far as this store has them: an upload's from
 * its receipt (`uploadType`), a stored file's from its row. Unknown ones are left out here; the
 * mail's own check refuses them.
 */
export async function attachmentTypes(
  db: TenantDb,
  refs: TComposeAttachmentRef[],
  uploadType: (uploadId: string) => string | null,
): Promise<string[]> {
  const types: string[] = [];
  const stored = refs.flatMap((ref) => {
    if (ref.uploadId !== undefined) {
      const type = uploadType(ref.uploadId);
      if (type) types.push(type);
      return [];
    }
    const ids = parseAttachmentPath(ref.filePath ?? '');
    return ids ? [ids] : [];
  });
  if (stored.length === 0) return types;
  const pairs = sql.join(
    stored.map((ids) => sql`(${ids.mailLogId}::int, ${ids.attachmentId}::int)`),
    sql`, `,
  );
  const result = await db.execute(
    (store) => sql`
    SELECT a.content_type AS "fileType" FROM mail_attachments a
    JOIN mail_logs m ON m.tenant_id = a.tenant_id AND m.id = a.mail_log_id AND NOT m.is_deleted
    WHERE ${store.owns('a')} AND (a.mail_log_id, a.id) IN (${pairs})`,
  );
  return [...types, ...(result as { rows: { fileType: string }[] }).rows.map((r) => r.fileType)];
}

/** Sets the case's sent_to_supplier_at the first time only; answers the moment it holds. */
export async function markSentToSupplier(tx: TenantDb, caseId: number): Promise<void> {
  await tx.execute(
    (store) => sql`
    UPDATE cases SET sent_to_supplier_at = coalesce(sent_to_supplier_at, now())
    WHERE ${store.owns()} AND id = ${caseId}`,
  );
}

/**
 * The supplier's first answer since the case was sent: a supplier mail in, or an answer given in
 * the supplier portal; null when there is none yet.
 */
export async function firstAnswerAt(db: TenantDb, caseId: number, sentAt: string): Promise<string | null> {
  const result = await db.execute(
    (store) => sql`
    SELECT ${iso('least(mail.at, answer.at)')} AS "at" FROM
      (SELECT min(coalesce(m.received_at, m.created_at)) AS at FROM mail_logs m
        WHERE ${store.owns('m')} AND m.case_id = ${caseId} AND m.direction = 'in'
          AND m.mail_log_type = 'supplier' AND NOT m.is_deleted
          AND coalesce(m.received_at, m.created_at) >= ${sentAt}::timestamptz) AS mail,
      (SELECT min(sa.created_at) AS at FROM supplier_answers sa
        WHERE ${store.owns('sa')} AND sa.case_id = ${caseId}) AS answer`,
  );
  return (result as { rows: { at: string | null }[] }).rows[0]?.at ?? null;
}
