import { sql } from 'drizzle-orm';
import {
  boolean,
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
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    preference: jsonb('preference').$type<Record<string, unknown>>().notNull().default({}),
    profilePicture: text('profile_picture'),
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    /** Tokens issued before this instant are refused (password change, role change, deletion). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete(
      'cascade',
    ),
    index('otp_codes_email_idx').on(t.email, t.createdAt),
  ],
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
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('store_properties_tenant_name_key').on(t.tenantId, t.name)],
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
