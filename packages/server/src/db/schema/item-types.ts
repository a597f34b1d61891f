import { boolean, jsonb, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { tenantTable } from './tenant-table';

/** What a case's items can be (claim-item-type screen); names per language. */
export const itemTypes = tenantTable(
  'item_types',
  {
    key: text('key').notNull(),
    names: jsonb('names').$type<Record<string, string | undefined>>().notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('item_types_tenant_key_key').on(t.tenantId, t.key)],
);
