// A case sent to its supplier and what the supplier answered: the answers its contact persons
// give in the supplier portal, and every view of a case by someone outside the store (the
// portal's contacts), so that the store can see who read what and when.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantForeignKey, timestamptz } from './columns';
import { cases } from './cases';
import { ownedTenantTable } from './tenant-table';

/**
 * A supplier's answer on a case: accepted, partly or declined, the compensation it gives, the
 * amount in minor units of `currency` and the credit note's number. Answers are kept, never
 * changed: a later answer supersedes an earlier one.
 */
export const supplierAnswers = ownedTenantTable(
  'supplier_answers',
  {
    caseId: integer('case_id').notNull(),
    /** accepted | partly | declined */
    outcome: text('outcome').notNull(),
    /** A value of the store's compensation-modes document; null for a declined claim. */
    compensationMode: text('compensation_mode'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency'),
    creditNoteNumber: text('credit_note_number'),
    note: text('note'),
    /** The contact person's email (or a staff member's username, registering a mailed answer). */
    answeredBy: text('answered_by').notNull(),
    createdAt: createdAt({ ms: true }),
  },
  (t) => [
    tenantForeignKey(t, t.caseId, cases, 'supplier_answers_case_fk').onDelete('cascade'),
    index('supplier_answers_case_idx').on(t.tenantId, t.caseId, t.createdAt),
    check('supplier_answers_outcome', sql`${t.outcome} IN ('accepted', 'partly', 'declined')`),
    check('supplier_answers_amount', sql`${t.amountMinor} IS NULL OR ${t.amountMinor} >= 0`),
  ],
);

/** One view of a case by someone outside the store's staff (a supplier's contact person). */
export const caseViews = ownedTenantTable(
  'case_views',
  {
    caseId: integer('case_id').notNull(),
    viewer: text('viewer').notNull(),
    viewedAt: timestamptz('viewed_at', { ms: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantForeignKey(t, t.caseId, cases, 'case_views_case_fk').onDelete('cascade'),
    index('case_views_case_idx').on(t.tenantId, t.caseId, t.viewedAt),
  ],
);
