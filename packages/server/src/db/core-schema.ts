import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A chain that owns stores; company-wide resources live under /v2/shared. */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/** The tenant. Its tenant_id is the store name: the X-TENANT-ID header and the token's store_name. */
export const stores = pgTable('stores', {
  tenantId: text('tenant_id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  displayName: text('display_name').notNull(),
  language: text('language').notNull().default('nr'),
  supplierSource: text('supplier_source').notNull().default('internal'),
  createdAt: createdAt(),
});

/**
 * Sign-in directory: which store a staff email belongs to. Staff usernames are unique across
 * stores (check-user maps an email to one store); this table is that global key.
 */
export const accountDirectory = pgTable(
  'account_directory',
  {
    email: text('email').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
  },
  (t) => [unique('account_directory_email_tenant_key').on(t.email, t.tenantId)],
);

export const users = pgTable(
  'users',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preference: jsonb('preference').$type<Record<string, unknown>>().notNull().default({}),
    profilePicture: text('profile_picture'),
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    /** Tokens issued before this instant are refused (password change, role change, deletion). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('users_tenant_username_key').on(t.tenantId, t.username),
    foreignKey({
      name: 'users_directory_fk',
      columns: [t.username, t.tenantId],
      foreignColumns: [accountDirectory.email, accountDirectory.tenantId],
    }).onUpdate('cascade'),
  ],
);

/** People who take part in cases without being staff; they sign in with one-time codes. */
export const contacts = pgTable(
  'contacts',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('contacts_tenant_email_key').on(t.tenantId, t.email),
    index('contacts_email_idx').on(t.email),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
    contactId: integer('contact_id').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contactId],
      foreignColumns: [contacts.tenantId, contacts.id],
    }).onDelete('cascade'),
    index('otp_codes_email_idx').on(t.email, t.createdAt),
  ],
);

/**
 * Sign-in attempts per key (an account, a client address, or the two together) in a fixed
 * window, counted in the database so that every server process shares one count. Not tenant
 * data: an attempt is made before any store is known, so there is no tenant_id; the key is a
 * keyed hash of the account or address, so no email or address is stored.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    /** Failed attempts plus the ones still being checked; a success gives its place back. */
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowStartedAt)],
);

/** A store's named configuration documents ("initial properties"). */
export const storeProperties = pgTable(
  'store_properties',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('store_properties_tenant_name_key').on(t.tenantId, t.name),
  ],
);

/** A company's named configuration documents, the fallback for its stores. */
export const companyProperties = pgTable(
  'company_properties',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('company_properties_company_name_key').on(t.companyId, t.name),
  ],
);

/** Timestamps of cases keep milliseconds only, so a keyset cursor holds the exact value. */
const msTimestamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** PostgreSQL's full-text vector; filled by refreshCaseSearch, never by the application directly. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** What a case's items can be (claim-item-type screen); names per language. */
export const itemTypes = pgTable(
  'item_types',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    names: jsonb('names').$type<Record<string, string | undefined>>().notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('item_types_tenant_key_key').on(t.tenantId, t.key),
  ],
);

/** The last case number a store gave out; its row lock makes numbers gapless under concurrent creates. */
export const caseCounters = pgTable('case_counters', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => stores.tenantId),
  lastNumber: integer('last_number').notNull(),
});

/** A claim or support case. Soft-deleted cases keep their row (and timeline) with deleted_at set. */
export const cases = pgTable(
  'cases',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
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
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
    closedAt: msTimestamp('closed_at'),
    deletedAt: msTimestamp('deleted_at'),
    /** Kept by the mail module on every mail change of the case. */
    unreadMailCount: integer('unread_mail_count').notNull().default(0),
    sendPendingMailCount: integer('send_pending_mail_count').notNull().default(0),
    search: tsvector('search'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('cases_tenant_case_number_key').on(t.tenantId, t.caseNumber),
    index('cases_list_updated_idx')
      .on(t.tenantId, t.workFlow, t.isArchived, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('cases_list_created_idx')
      .on(t.tenantId, t.workFlow, t.isArchived, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('cases_list_number_idx')
      .on(t.tenantId, t.workFlow, t.isArchived, t.caseNumber, t.id)
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

export const caseItems = pgTable(
  'case_items',
  {
    tenantId: text('tenant_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    caseId: integer('case_id').notNull(),
    position: integer('position').notNull(),
    itemTypeId: integer('item_type_id'),
    productName: text('product_name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull().default(1),
    faultDescription: text('fault_description'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'case_items_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'case_items_item_type_fk',
      columns: [t.tenantId, t.itemTypeId],
      foreignColumns: [itemTypes.tenantId, itemTypes.id],
    }),
    index('case_items_case_idx').on(t.tenantId, t.caseId, t.position),
    index('case_items_item_type_idx').on(t.tenantId, t.itemTypeId, t.caseId),
  ],
);

/** Every change of a case, with who and when; mail entries name their mail log. */
export const caseTimeline = pgTable(
  'case_timeline',
  {
    tenantId: text('tenant_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    caseId: integer('case_id').notNull(),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    at: msTimestamp('at').notNull().defaultNow(),
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>().notNull().default([]),
    mailLogId: integer('mail_log_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'case_timeline_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('case_timeline_case_idx').on(t.tenantId, t.caseId, t.at, t.id),
  ],
);

/** One-time-code users (by email) who take part in a case and may read it. */
export const caseParticipants = pgTable(
  'case_participants',
  {
    tenantId: text('tenant_id').notNull(),
    caseId: integer('case_id').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.caseId, t.email] }),
    foreignKey({
      name: 'case_participants_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('case_participants_email_idx').on(t.tenantId, t.email, t.caseId),
  ],
);
