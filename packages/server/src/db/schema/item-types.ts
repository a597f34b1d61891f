import { boolean, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, tenantPrimaryKey, updatedAt } from './columns';
import { tenantRow } from './tenancy';

/** What a case's items can be (claim-item-type screen); names per language. */
export const itemTypes = pgTable(
  'item_types',
  {
    ...tenantRow(),
    key: text('key').notNull(),
    names: jsonb('names').$type<Record<string, string | undefined>>().notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPrimaryKey(t), unique('item_types_tenant_key_key').on(t.tenantId, t.key)],
);
