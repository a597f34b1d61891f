// The people of a store: staff users (signing in with a password) and contacts (one-time codes).
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, tenantForeignKey, timestamptz, updatedAt } from './columns';
import { suppliers } from './suppliers';
import { accountDirectory } from './tenancy';
import { tenantTable } from './tenant-table';

export const users = tenantTable(
  'users',
  {
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
    /** The person's own signature under the mail they write, as HTML, per language (en, nr, da, de). */
    signatures: jsonb('signatures').$type<Partial<Record<string, string>>>().notNull().default({}),
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    /** Tokens issued before this instant are refused (password change, role change, deletion). */
    tokensValidAfter: timestamptz('tokens_valid_after').notNull().defaultNow(),
    /** Set when an administrator disables the user: kept with its history, refused at sign-in and on every request. */
    disabledAt: timestamptz('disabled_at'),
    /** Set while an invited user has not yet chosen a password from the invitation link. */
    invitedAt: timestamptz('invited_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('users_tenant_username_key').on(t.tenantId, t.username),
    foreignKey({
      name: 'users_directory_fk',
      columns: [t.username, t.tenantId],
      foreignColumns: [accountDirectory.email, accountDirectory.tenantId],
    }).onUpdate('cascade'),
  ],
);

/** People who take part in cases without being staff; they sign in with one-time codes. */
export const contacts = tenantTable(
  'contacts',
  {
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
    /** The supplier the contact speaks for, when it is one of its contact persons. */
    supplierId: integer('supplier_id'),
    phone: text('phone'),
  },
  (t) => [
    unique('contacts_tenant_email_key').on(t.tenantId, t.email),
    index('contacts_email_idx').on(t.email),
    tenantForeignKey(t, t.supplierId, suppliers, 'contacts_supplier_fk'),
    index('contacts_supplier_idx').on(t.tenantId, t.supplierId),
  ],
);
