import { boolean, index, integer, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { tenantTable } from './tenant-table';

/**
 * A store's mail template, overriding the built-in one with the same key and language. The
 * subject and body hold placeholders such as {{case.number}}; an unknown one is refused on save.
 */
export const mailTemplates = tenantTable(
  'mail_templates',
  {
    key: text('key').notNull(),
    workFlow: text('work_flow').notNull(),
    /** customer | supplier | forward */
    sendType: text('send_type').notNull(),
    /** en | nr | da | de */
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    createdAt: createdAt({ ms: true }),
    updatedAt: updatedAt({ ms: true }),
  },
  (t) => [
    unique('mail_templates_tenant_key_language_key').on(t.tenantId, t.key, t.language),
    index('mail_templates_lookup_idx').on(t.tenantId, t.workFlow, t.sendType, t.language),
  ],
);
