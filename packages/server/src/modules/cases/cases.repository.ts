import type { TCase, TCaseFields, TCaseItem, TCaseItemInput, TTimelineEntry } from '@claimdesk/contracts';
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  notInArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readRows, statementTemplate, type Statement } from '../../db/prepared-read';
import { isoTime, renderedOnce } from '../../db/sql-fragments';
import { caseCounters, caseItems, caseParticipants, caseTimeline, cases, itemTypes } from '../../db/schema';
import type { CaseReader } from './case-access';
import type { Tx } from './case-search';

export type CaseRow = typeof cases.$inferSelect;
export type NewCase = Omit<typeof cases.$inferInsert, 'tenantId' | 'caseNumber' | 'search'>;

/** A store's first case number; the next ones follow without gaps. */
export const FIRST_CASE_NUMBER = 10001;

/**
 * The store's next case number. The upsert locks the store's counter row until the transaction
 * ends, so concurrent creates wait for each other and a rolled-back create gives its number back.
 */
export async function nextCaseNumber(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .insert(caseCounters)
    .values({ tenantId, lastNumber: FIRST_CASE_NUMBER })
    .onConflictDoUpdate({
      target: caseCounters.tenantId,
      set: { lastNumber: sql`${caseCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: caseCounters.lastNumber });
  if (!row) throw new Error('case counter not updated');
  return row.lastNumber;
}

export async function insertCase(tx: Tx, tenantId: string, values: NewCase): Promise<CaseRow> {
  const caseNumber = await nextCaseNumber(tx, tenantId);
  const [row] = await tx
    .insert(cases)
    .values({ ...values, tenantId, caseNumber })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The workflow of a live case, or null when there is no such case in the store. */
export async function workflowOf(db: Db, tenantId: string, id: number): Promise<string | null> {
  const [row] = await db
    .select({ workFlow: cases.workFlow })
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, id), isNull(cases.deletedAt)));
  return row?.workFlow ?? null;
}

/** A live case's row, locked for the rest of the transaction (writes serialise per case). */
export async function lockCase(tx: Tx, tenantId: string, id: number): Promise<CaseRow | null> {
  const [row] = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, id), isNull(cases.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updateCaseRow(
  tx: Tx,
  tenantId: string,
  id: number,
  values: Partial<NewCase>,
): Promise<CaseRow> {
  const [row] = await tx
    .update(cases)
    .set({ ...values, version: sql`${cases.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, id)))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export type ItemRow = typeof caseItems.$inferSelect;

export function listItems(tx: Tx, tenantId: string, caseId: number): Promise<ItemRow[]> {
  return tx
    .select()
    .from(caseItems)
    .where(and(eq(caseItems.tenantId, tenantId), eq(caseItems.caseId, caseId)))
    .orderBy(asc(caseItems.position), asc(caseItems.id));
}

/** Makes the case's items exactly `items`: those with an id are updated, new ones added, the rest removed. */
export async function replaceItems(
  tx: Tx,
  tenantId: string,
  caseId: number,
  items: TCaseItemInput[],
): Promise<void> {
  const keep = items.flatMap((i) => (i.id ? [i.id] : []));
  await tx
    .delete(caseItems)
    .where(
      and(
        eq(caseItems.tenantId, tenantId),
        eq(caseItems.caseId, caseId),
        keep.length > 0 ? notInArray(caseItems.id, keep) : undefined,
      ),
    );
  for (const [position, item] of items.entries()) {
    const values = {
      position,
      itemTypeId: item.itemTypeId ?? null,
      productName: item.productName,
      sku: item.sku ?? null,
      quantity: item.quantity,
      faultDescription: item.faultDescription ?? null,
    };
    if (item.id) {
      await tx
        .update(caseItems)
        .set(values)
        .where(
          and(eq(caseItems.tenantId, tenantId), eq(caseItems.caseId, caseId), eq(caseItems.id, item.id)),
        );
    }
  }
  const added = items.flatMap((item, position) =>
    item.id
      ? []
      : [
          {
            tenantId,
            caseId,
            position,
            itemTypeId: item.itemTypeId ?? null,
            productName: item.productName,
            sku: item.sku ?? null,
            quantity: item.quantity,
            faultDescription: item.faultDescription ?? null,
          },
        ],
  );
  if (added.length > 0) await tx.insert(caseItems).values(added);
}

/** The enabled item types of the store among `ids` (a foreign store's ids are simply not found). */
export async function usableItemTypeIds(tx: Tx, tenantId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: itemTypes.id })
    .from(itemTypes)
    .where(
      and(eq(itemTypes.tenantId, tenantId), inArray(itemTypes.id, ids), eq(itemTypes.isDisabled, false)),
    );
  return new Set(rows.map((r) => r.id));
}

export interface TimelineInput {
  kind: TTimelineEntry['kind'];
  actor: string;
  changes: TTimelineEntry['changes'];
  mailLogId?: number | null;
}

export async function addTimeline(
  tx: Tx,
  tenantId: string,
  caseId: number,
  entry: TimelineInput,
): Promise<void> {
  await tx.insert(caseTimeline).values({
    tenantId,
    caseId,
    kind: entry.kind,
    actor: entry.actor,
    changes: entry.changes,
    mailLogId: entry.mailLogId ?? null,
  });
}

export async function listTimeline(db: Db, tenantId: string, caseId: number): Promise<TTimelineEntry[]> {
  const rows = await db
    .select()
    .from(caseTimeline)
    .where(and(eq(caseTimeline.tenantId, tenantId), eq(caseTimeline.caseId, caseId)))
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
  db: Db,
  tenantId: string,
  id: number,
  options: { reader?: CaseReader; includeDeleted?: boolean } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        eq(cases.tenantId, tenantId),
        eq(cases.id, id),
        options.includeDeleted ? undefined : isNull(cases.deletedAt),
        options.reader?.kind === 'participant'
          ? participantFilter(tenantId, options.reader.email)
          : undefined,
      ),
    );
  return Boolean(row);
}

/** Only cases whose participants include the email (one-time-code users). */
export const participantFilter = (tenantId: string | Placeholder, email: string | Placeholder) =>
  sql`EXISTS (SELECT 1 FROM ${caseParticipants} p WHERE p.tenant_id = ${tenantId}
    AND p.case_id = cases.id AND p.email = ${email})`;

/** Every column a reader sees, under its row name; times as ISO text, the purchase date as text. */
const DETAIL_SELECT = (() => {
  const { search: _search, deletedAt: _deleted, tenantId: _tenant, ...columns } = getTableColumns(cases);
  const times = new Set(['createdAt', 'updatedAt', 'closedAt']);
  return renderedOnce(
    sql.join(
      Object.entries(columns).map(([name, column]) => {
        const value = times.has(name)
          ? isoTime(column)
          : name === 'purchaseDate'
            ? sql`${column}::text`
            : sql`${column}`;
        return sql`${value} AS ${sql.identifier(name)}`;
      }),
      sql`, `,
    ),
  );
})();

/** A case row as the detail query answers it. */
type DetailRow = Omit<
  CaseRow,
  'search' | 'deletedAt' | 'tenantId' | 'createdAt' | 'updatedAt' | 'closedAt'
> & {
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  items: TCaseItem[];
};

type DetailValues = { tenantId: string; id: number; language: string; email?: string };

/**
 * The one query behind a case read: the case with its items. The item type's name is in
 * `language`, else English, else any language it has.
 */
function detailQuery(participant: boolean): SQL {
  const p = (name: keyof DetailValues) => sql.placeholder(name);
  return sql`SELECT ${DETAIL_SELECT}, coalesce((
      SELECT json_agg(json_build_object('id', i.id, 'itemTypeId', i.item_type_id, 'productName', i.product_name,
        'sku', i.sku, 'quantity', i.quantity, 'faultDescription', i.fault_description,
        'itemTypeName', coalesce(t.names ->> ${p('language')}::text, t.names ->> 'en',
          (SELECT v FROM jsonb_each_text(t.names) AS n(k, v) WHERE v <> '' LIMIT 1)))
        ORDER BY i.position, i.id)
      FROM case_items i LEFT JOIN item_types t ON t.tenant_id = i.tenant_id AND t.id = i.item_type_id
      WHERE i.tenant_id = cases.tenant_id AND i.case_id = cases.id), '[]'::json) AS items
    FROM ${cases}
    WHERE ${and(
      sql`${cases.tenantId} = ${p('tenantId')}`,
      sql`${cases.id} = ${p('id')}::int`,
      isNull(cases.deletedAt),
      participant ? participantFilter(p('tenantId'), p('email')) : undefined,
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
): Statement {
  return reader.kind === 'participant'
    ? DETAIL_STATEMENTS.participant({ tenantId, id, language, email: reader.email })
    : DETAIL_STATEMENTS.staff({ tenantId, id, language });
}

/** A case with its items, in one query; null when the reader may not see it. */
export async function readCase(
  db: Db,
  tenantId: string,
  id: number,
  reader: CaseReader,
  language: string,
): Promise<TCase | null> {
  const [row] = await readRows<DetailRow>(db, caseDetailStatement(tenantId, id, reader, language));
  return row ? toCase(row) : null;
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
    description: row.description,
    statusClaim: row.statusClaim,
    statusCreditNote: row.statusCreditNote,
    statusCustomer: row.statusCustomer,
    statusWareHouse: row.statusWareHouse,
    customFields: row.customFields as TCaseFields['customFields'],
  };
}

/** The API's case, field by field, so nothing else of the row goes out. */
export function toCase(row: DetailRow): TCase {
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    workFlow: row.workFlow,
    isArchived: row.isArchived,
    ...caseFieldsOf(row),
    items: row.items,
    version: row.version,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    closedAt: row.closedAt,
    unreadMailCount: row.unreadMailCount,
    sendPendingMailCount: row.sendPendingMailCount,
  };
}
