// Cases: the case itself, its items, its timeline, its participants and the store's case counter.
// Timestamps keep milliseconds only ({ ms: true }), so a keyset cursor holds the exact value.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ownedTenantId, tenantForeignKey, timestamptz, tsvector, updatedAt } from './columns';
import { itemTypes } from './item-types';
import { companySuppliers, suppliers } from './suppliers';
import { storeTenantId } from './tenancy';
import { ownedTenantTable, tenantTable } from './tenant-table';

/** The last case number a store gave out; its row lock makes numbers gapless under concurrent creates. */
export const caseCounters = pgTable('case_counters', {
  tenantId: storeTenantId().primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A claim or support case. Soft-deleted cases keep their row (and timeline) with deleted_at set. */
export const cases = tenantTable(
  'cases',
  {
    caseNumber: integer('case_number').notNull(),
    workFlow: text('work_flow').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    status: text('status').notNull(),
    /** The assigned staff member's username (email); checked against the store's users on write. */
    assignee: text('assignee'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    customerAddress: text('customer_address'),
    orderReference: text('order_reference'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    supplierName: text('supplier_name'),
    description: text('description'),
    statusClaim: text('status_claim'),
    statusCreditNote: text('status_credit_note'),
    statusCustomer: text('status_customer'),
    statusWareHouse: text('status_ware_house'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** Product names of the items, kept with the row so a list page is one table read. */
    itemsSummary: text('items_summary').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt({ ms: true }),
    updatedAt: updatedAt({ ms: true }),
    closedAt: timestamptz('closed_at', { ms: true }),
    deletedAt: timestamptz('deleted_at', { ms: true }),
    /** Kept by the mail module on every mail change of the case. */
    unreadMailCount: integer('unread_mail_count').notNull().default(0),
    sendPendingMailCount: integer('send_pending_mail_count').notNull().default(0),
    search: tsvector('search'),
    /** The store's supplier of the case (supplierSource internal). */
    supplierId: integer('supplier_id'),
    /** The company's supplier of the case (supplierSource external). */
    companySupplierId: integer('company_supplier_id').references(() => companySuppliers.id),
    /** When the claim was sent to its supplier ("Send to supplier"); its portal contacts see it from then. */
    sentToSupplierAt: timestamptz('sent_to_supplier_at', { ms: true }),
  },
  (t) => [
    unique('cases_tenant_case_number_key').on(t.tenantId, t.caseNumber),
    tenantForeignKey(t, t.supplierId, suppliers, 'cases_supplier_fk'),
    index('cases_supplier_idx')
      .on(t.tenantId, t.supplierId)
      .where(sql`${t.supplierId} IS NOT NULL`),
    index('cases_company_supplier_idx')
      .on(t.companySupplierId)
      .where(sql`${t.companySupplierId} IS NOT NULL`),
    index('cases_list_updated_idx')
      .on(t.tenantId, t.workFlow, t.isArchived, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('cases_list_created_idx')
      .on(t.tenantId, t.workFlow, t.isArchived, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('cases_list_number_idx')
      .on(t.tenantId, t.workFlow, t.isArchived, t.caseNumber, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    // An unmapped mail's suggested cases: by the sender as customer, by an order reference named.
    index('cases_customer_email_idx')
      .on(t.tenantId, sql`lower(${t.customerEmail})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('cases_order_reference_idx')
      .on(t.tenantId, sql`lower(${t.orderReference})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('cases_assignee_idx')
      .on(t.tenantId, t.assignee, t.updatedAt)
      .where(sql`${t.deletedAt} IS NULL AND NOT ${t.isArchived}`),
    // Full-text search, one index for the open lists and one for the archives: a search in the
    // open list reads only open cases' entries, however large the archive grows.
    index('cases_search_open_idx')
      .using('gin', t.search)
      .where(sql`${t.deletedAt} IS NULL AND NOT ${t.isArchived}`),
    index('cases_search_archive_idx')
      .using('gin', t.search)
      .where(sql`${t.deletedAt} IS NULL AND ${t.isArchived}`),
  ],
);

export const caseItems = ownedTenantTable(
  'case_items',
  {
    caseId: integer('case_id').notNull(),
    position: integer('position').notNull(),
    itemTypeId: integer('item_type_id'),
    productName: text('product_name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull().default(1),
    faultDescription: text('fault_description'),
    /** The item's serial number, evidence some suppliers require. */
    serialNumber: text('serial_number'),
  },
  (t) => [
    tenantForeignKey(t, t.caseId, cases, 'case_items_case_fk').onDelete('cascade'),
    tenantForeignKey(t, t.itemTypeId, itemTypes, 'case_items_item_type_fk'),
    index('case_items_case_idx').on(t.tenantId, t.caseId, t.position),
    index('case_items_item_type_idx').on(t.tenantId, t.itemTypeId, t.caseId),
  ],
);

/** Every change of a case, with who and when; mail entries name their mail log. */
export const caseTimeline = ownedTenantTable(
  'case_timeline',
  {
    caseId: integer('case_id').notNull(),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    at: timestamptz('at', { ms: true }).notNull().defaultNow(),
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>().notNull().default([]),
    mailLogId: integer('mail_log_id'),
  },
  (t) => [
    tenantForeignKey(t, t.caseId, cases, 'case_timeline_case_fk').onDelete('cascade'),
    index('case_timeline_case_idx').on(t.tenantId, t.caseId, t.at, t.id),
  ],
);

/** One-time-code users (by email) who take part in a case and may read it. */
export const caseParticipants = pgTable(
  'case_participants',
  {
    tenantId: ownedTenantId(),
    caseId: integer('case_id').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.caseId, t.email] }),
    tenantForeignKey(t, t.caseId, cases, 'case_participants_case_fk').onDelete('cascade'),
    index('case_participants_email_idx').on(t.tenantId, t.email, t.caseId),
  ],
);
