import {
  FIRST_CASE_NUMBER,
  type TCase,
  type TCaseFields,
  type TCaseItem,
  type TCaseItemInput,
  type TTimelineEntry,
} from '@claimdesk/contracts';
import { and, asc, eq, inArray, isNull, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  asTextRows,
  PREPARED_STORE,
  readTextRows,
  statementTemplate,
  type TextStatement,
} from '../../db/prepared-read';
import { isoTime, namedSelectList } from '../../db/sql-fragments';
import { caseCounters, caseItems, caseParticipants, caseTimeline, cases, itemTypes } from '../../db/schema';
import type { CaseReader } from './case-access';
import type { StoreFilter, TenantDb } from '../../db/tenant-db';

export type CaseRow = typeof cases.$inferSelect;
export type NewCase = Omit<typeof cases.$inferInsert, 'tenantId' | 'caseNumber' | 'search'>;

export { FIRST_CASE_NUMBER } from '@claimdesk/contracts';

/**
 * The store's next case number. The upsert locks the store's counter row until the transaction
 * ends, so concurrent creates wait for each other and a rolled-back create gives its number back.
 */
export async function nextCaseNumber(tx: TenantDb): Promise<number> {
  const [row] = await tx
    .insert(caseCounters)
    .values({ tenantId: tx.tenantId, lastNumber: FIRST_CASE_NUMBER })
    .onConflictDoUpdate({
      target: caseCounters.tenantId,
      set: { lastNumber: sql`${caseCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: caseCounters.lastNumber });
  if (!row) throw new Error('case counter not updated');
  return row.lastNumber;
}

export async function insertCase(tx: TenantDb, values: NewCase): Promise<CaseRow> {
  const caseNumber = await nextCaseNumber(tx);
  const [row] = await tx
    .insert(cases)
    .values({ ...values, tenantId: tx.tenantId, caseNumber })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The workflow of a live case, or null when there is no such case in the store. */
export async function workflowOf(db: TenantDb, id: number): Promise<string | null> {
  const [row] = await db
    .select({ workFlow: cases.workFlow })
    .from(cases)
    .where(and(eq(cases.id, id), isNull(cases.deletedAt)));
  return row?.workFlow ?? null;
}

/** A live case's row, locked for the rest of the transaction (writes serialise per case). */
export async function lockCase(tx: TenantDb, id: number): Promise<CaseRow | null> {
  const [row] = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), isNull(cases.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updateCaseRow(tx: TenantDb, id: number, values: Partial<NewCase>): Promise<CaseRow> {
  const [row] = await tx
    .update(cases)
    .set({ ...values, version: sql`${cases.version} + 1`, updatedAt: sql`now()` })
    .where(eq(cases.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export type ItemRow = typeof caseItems.$inferSelect;

export function listItems(tx: TenantDb, caseId: number): Promise<ItemRow[]> {
  return tx
    .select()
    .from(caseItems)
    .where(eq(caseItems.caseId, caseId))
    .orderBy(asc(caseItems.position), asc(caseItems.id));
}

/** Makes the case's items exactly `items`: those with an id are updated, new ones added, the rest removed. */
export async function replaceItems(tx: TenantDb, caseId: number, items: TCaseItemInput[]): Promise<void> {
  const keep = items.flatMap((i) => (i.id ? [i.id] : []));
  await tx
    .delete(caseItems)
    .where(and(eq(caseItems.caseId, caseId), keep.length > 0 ? notInArray(caseItems.id, keep) : undefined));
  for (const [position, item] of items.entries()) {
    const values = {
      position,
      itemTypeId: item.itemTypeId ?? null,
      productName: item.productName,
      sku: item.sku ?? null,
      quantity: item.quantity,
      faultDescription: item.faultDescription ?? null,
      serialNumber: item.serialNumber ?? null,
    };
    if (item.id) {
      await tx
        .update(caseItems)
        .set(values)
        .where(and(eq(caseItems.caseId, caseId), eq(caseItems.id, item.id)));
    }
  }
  const added = items.flatMap((item, position) =>
    item.id
      ? []
      : [
          {
            tenantId: tx.tenantId,
            caseId,
            position,
            itemTypeId: item.itemTypeId ?? null,
            productName: item.productName,
            sku: item.sku ?? null,
            quantity: item.quantity,
            faultDescription: item.faultDescription ?? null,
            serialNumber: item.serialNumber ?? null,
          },
        ],
  );
  if (added.length > 0) await tx.insert(caseItems).values(added);
}

/** The enabled item types of the store among `ids` (a foreign store's ids are simply not found). */
export async function usableItemTypeIds(tx: TenantDb, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: itemTypes.id })
    .from(itemTypes)
    .where(and(inArray(itemTypes.id, ids), eq(itemTypes.isDisabled, false)));
  return new Set(rows.map((r) => r.id));
}

export interface TimelineInput {
  kind: TTimelineEntry['kind'];
  actor: string;
  changes: TTimelineEntry['changes'];
  mailLogId?: number | null;
}

export async function addTimeline(tx: TenantDb, caseId: number, entry: TimelineInput): Promise<void> {
  await tx.insert(caseTimeline).values({
    tenantId: tx.tenantId,
    caseId,
    kind: entry.kind,
    actor: entry.actor,
    changes: entry.changes,
    mailLogId: entry.mailLogId ?? null,
  });
}

export async function listTimeline(db: TenantDb, caseId: number): Promise<TTimelineEntry[]> {
  const rows = await db
    .select()
    .from(caseTimeline)
    .where(eq(caseTimeline.caseId, caseId))
    .orderBy(asc(caseTimeline.at), asc(caseTimeline.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as TTimelineEntry['kind'],
    actor: r.actor,
    at: r.at.toISOString(),
    changes: r.changes,
    mailLogId: r.mailLogId,
  }));
}

/**
 * Whether the case exists in the store and the reader may see it (a participant only the cases
 * they take part in); deleted cases only with `includeDeleted` (administrators reading a deleted
 * case's timeline).
 */
export async function caseExists(
  db: TenantDb,
  id: number,
  options: { reader?: CaseReader; includeDeleted?: boolean } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        eq(cases.id, id),
        options.includeDeleted ? undefined : isNull(cases.deletedAt),
        options.reader?.kind === 'participant' ? participantFilter(db, options.reader.email) : undefined,
      ),
    );
  return Boolean(row);
}

/** The id of the live case with this number in the store, if the reader may see it; else null. */
export async function caseIdByNumber(
  db: TenantDb,
  caseNumber: number,
  reader: CaseReader,
): Promise<number | null> {
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        eq(cases.caseNumber, caseNumber),
        isNull(cases.deletedAt),
        reader.kind === 'participant' ? participantFilter(db, reader.email) : undefined,
      ),
    );
  return row?.id ?? null;
}

/**
 * The one rule of what a one-time-code user reads (lists, a case, its search, mails, attachments,
 * assignees). A contact person of a supplier reads exactly the cases of that supplier sent to it
 * (sent_to_supplier_at set) and nothing through participants: otherwise a participant row would
 * let a supplier read a claim staff see as "not sent", and withdrawing would not end its access
 * (issue 35). Any other one-time-code user reads the cases whose participants include the email.
 * The store's own suppliers' contacts are its contacts rows; a company supplier's are the
 * company's rows, for a store of that company. A disabled contact person, or one of a disabled
 * supplier, reads no supplier's case.
 */
export const participantFilter = (store: StoreFilter, email: string | Placeholder) =>
  sql`((NOT ${supplierContactCondition(store, email)} AND EXISTS (SELECT 1 FROM ${caseParticipants} p
    WHERE ${store.owns('p')} AND p.case_id = cases.id AND p.email = ${email}))
  OR (cases.sent_to_supplier_at IS NOT NULL AND (
    EXISTS (SELECT 1 FROM contacts k JOIN suppliers s ON s.tenant_id = k.tenant_id AND s.id = k.supplier_id
      WHERE ${store.owns('k')} AND k.email = ${email} AND s.id = cases.supplier_id
        AND NOT k.is_disabled AND NOT s.is_disabled)
    OR EXISTS (SELECT 1 FROM company_supplier_contacts k
      JOIN company_suppliers s ON s.company_id = k.company_id AND s.id = k.supplier_id
      JOIN stores st ON st.company_id = k.company_id AND ${store.owns('st')}
      WHERE k.email = ${email} AND s.id = cases.company_supplier_id
        AND NOT k.is_disabled AND NOT s.is_disabled))))`;

/**
 * Whether the email is a contact person of a supplier, enabled or not (the store's own, or its
 * company's): such a reader sees only the supplier lane of a case's mail, and never the
 * customer's personal data.
 */
export const supplierContactCondition = (store: StoreFilter, email: string | Placeholder) =>
  sql`(EXISTS (SELECT 1 FROM contacts k WHERE ${store.owns('k')} AND k.email = ${email}
      AND k.supplier_id IS NOT NULL)
    OR EXISTS (SELECT 1 FROM company_supplier_contacts k
      JOIN stores st ON st.company_id = k.company_id AND ${store.owns('st')}
      WHERE k.email = ${email}))`;

/**
 * A JSON object written by PostgreSQL (compact, its keys in this order): each value under its
 * key, which is a name from the code.
 */
const jsonObject = (fields: Record<string, SQL | AnyPgColumn>): SQL =>
  sql`(SELECT row_to_json(o) FROM (SELECT ${namedSelectList(fields)}) AS o)`;

type DetailValues = { tenantId: string; id: number; language: string; email?: string };
const p = (name: keyof DetailValues) => sql.placeholder(name);

/**
 * A case as the API answers it (ZCase), field by field, so nothing else of the row goes out:
 * times as ISO 8601, the purchase date as text, the items in their order with the item type's
 * name in `language`, else English, else any language it has.
 */
const CASE_JSON: Record<keyof TCase, SQL | AnyPgColumn> = {
  id: cases.id,
  caseNumber: cases.caseNumber,
  workFlow: cases.workFlow,
  isArchived: cases.isArchived,
  status: cases.status,
  assignee: cases.assignee,
  customer: jsonObject({
    name: cases.customerName,
    email: cases.customerEmail,
    phone: cases.customerPhone,
    address: cases.customerAddress,
  } satisfies Record<keyof TCase['customer'], AnyPgColumn>),
  orderReference: cases.orderReference,
  purchaseDate: sql`${cases.purchaseDate}::text`,
  supplierName: cases.supplierName,
  supplierId: sql`coalesce(${cases.supplierId}, ${cases.companySupplierId})`,
  description: cases.description,
  statusClaim: cases.statusClaim,
  statusCreditNote: cases.statusCreditNote,
  statusCustomer: cases.statusCustomer,
  statusWareHouse: cases.statusWareHouse,
  customFields: cases.customFields,
  items: sql`coalesce((
      SELECT json_agg(${jsonObject({
        id: sql`i.id`,
        itemTypeId: sql`i.item_type_id`,
        productName: sql`i.product_name`,
        sku: sql`i.sku`,
        quantity: sql`i.quantity`,
        faultDescription: sql`i.fault_description`,
        serialNumber: sql`i.serial_number`,
        itemTypeName: sql`coalesce(t.names ->> ${p('language')}::text, t.names ->> 'en',
          (SELECT v FROM jsonb_each_text(t.names) AS n(k, v) WHERE v <> '' LIMIT 1))`,
      } satisfies Record<keyof TCaseItem, SQL>)} ORDER BY i.position, i.id)
      FROM case_items i LEFT JOIN item_types t ON t.tenant_id = i.tenant_id AND t.id = i.item_type_id
      WHERE i.tenant_id = cases.tenant_id AND i.case_id = cases.id), '[]'::json)`,
  version: cases.version,
  createdBy: cases.createdBy,
  createdAt: isoTime(cases.createdAt),
  updatedAt: isoTime(cases.updatedAt),
  closedAt: isoTime(cases.closedAt),
  unreadMailCount: cases.unreadMailCount,
  sendPendingMailCount: cases.sendPendingMailCount,
};

/**
 * The one query behind a case read: one row, one column, the case's JSON (CASE_JSON). The
 * server sends it on as PostgreSQL wrote it: parsing a row of two dozen columns into values only
 * to write them out again was the largest part of a read's time in the server.
 */
function detailQuery(participant: boolean): SQL {
  // A supplier's contact person never reads the customer's personal data (only what a mail sent
  // to the supplier carried); the name is required text, so it reads as empty.
  const fields = participant
    ? {
        ...CASE_JSON,
        customer: sql`CASE WHEN ${supplierContactCondition(PREPARED_STORE, p('email'))}
          THEN json_build_object('name', '', 'email', NULL, 'phone', NULL, 'address', NULL)
          ELSE ${CASE_JSON.customer} END`,
      }
    : CASE_JSON;
  return sql`SELECT ${jsonObject(fields)} AS "case"
    FROM ${cases}
    WHERE ${and(
      sql`${cases.tenantId} = ${p('tenantId')}`,
      sql`${cases.id} = ${p('id')}::int`,
      isNull(cases.deletedAt),
      participant ? participantFilter(PREPARED_STORE, p('email')) : undefined,
    )}`;
}

const DETAIL_STATEMENTS = {
  staff: statementTemplate(detailQuery(false)),
  participant: statementTemplate(detailQuery(true)),
};

/** The statement of a case read, as the API sends it (and the benchmark as its ceiling). */
export function caseDetailStatement(
  tenantId: string,
  id: number,
  reader: CaseReader,
  language: string,
): TextStatement {
  return asTextRows(
    reader.kind === 'participant'
      ? DETAIL_STATEMENTS.participant({ tenantId, id, language, email: reader.email })
      : DETAIL_STATEMENTS.staff({ tenantId, id, language }),
  );
}

/** A case with its items, as the JSON of the contract's case (TCase); null when the reader may not see it. */
export async function readCaseJson(
  db: TenantDb,
  id: number,
  reader: CaseReader,
  language: string,
): Promise<string | null> {
  const { rows } = await readTextRows(db, caseDetailStatement(db.tenantId, id, reader, language));
  return rows[0]?.[0] ?? null;
}

/** The editable fields of a case row, items aside: what the API answers and what an update changes. */
export function caseFieldsOf(
  row: Omit<CaseRow, 'search' | 'deletedAt' | 'tenantId' | 'createdAt' | 'updatedAt' | 'closedAt'>,
): Omit<TCaseFields, 'items'> {
  return {
    status: row.status,
    assignee: row.assignee,
    customer: {
      name: row.customerName,
      email: row.customerEmail,
      phone: row.customerPhone,
      address: row.customerAddress,
    },
    orderReference: row.orderReference,
    purchaseDate: row.purchaseDate,
    supplierName: row.supplierName,
    supplierId: row.supplierId ?? row.companySupplierId,
    description: row.description,
    statusClaim: row.statusClaim,
    statusCreditNote: row.statusCreditNote,
    statusCustomer: row.statusCustomer,
    statusWareHouse: row.statusWareHouse,
    customFields: row.customFields as TCaseFields['customFields'],
  };
}
