// Costs of a case and what comes back from its supplier: cost lines, credit notes, the case's
// recovery state, and the store's table of exchange rates. Amounts are whole minor units (øre,
// cent) in bigint columns; every line keeps the rate it was converted at, so a later change of
// the rate table never changes a registered amount.
import type { TCostPayer } from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, tenantForeignKey, timestamptz, updatedAt } from './columns';
import { cases } from './cases';
import { ownedTenantTable, tenantTable } from './tenant-table';

const minor = (name: string) => bigint(name, { mode: 'number' });

/**
 * An administrator's exchange rates: 1 unit of `currency` in the store's currency from
 * `rate_date` on, until the next date of the same currency. Nothing is fetched from outside.
 */
export const exchangeRates = tenantTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt({ ms: true }),
  },
  (t) => [
    unique('exchange_rates_currency_date_key').on(t.tenantId, t.currency, t.rateDate),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);

/** The columns of an amount converted into the store's currency at the rate of its date. */
const converted = () => ({
  currency: text('currency').notNull(),
  /** 1 unit of `currency` in the store's currency on the line's date (1 for the store's own). */
  exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull(),
  storeCurrency: text('store_currency').notNull(),
});

/** One cost of a case: what it was, what it cost with VAT, in which currency, and who pays it. */
export const caseCosts = ownedTenantTable(
  'case_costs',
  {
    caseId: integer('case_id').notNull(),
    costType: text('cost_type').notNull(),
    ...converted(),
    netMinor: minor('net_minor').notNull(),
    /** Percent, from the store's cost form (25, 15, 12, 0). */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    vatMinor: minor('vat_minor').notNull(),
    grossMinor: minor('gross_minor').notNull(),
    /** The gross amount in the store's currency, at `exchange_rate`. */
    grossStoreMinor: minor('gross_store_minor').notNull(),
    netStoreMinor: minor('net_store_minor').notNull(),
    costDate: date('cost_date', { mode: 'string' }).notNull(),
    note: text('note'),
    /** store, supplier or customer. */
    paidBy: text('paid_by').$type<TCostPayer>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt({ ms: true }),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt({ ms: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    tenantForeignKey(t, t.caseId, cases, 'case_costs_case_fk').onDelete('cascade'),
    index('case_costs_case_idx').on(t.tenantId, t.caseId, t.costDate, t.id),
    check('case_costs_amounts', sql`${t.netMinor} >= 0 AND ${t.vatMinor} >= 0 AND ${t.grossMinor} >= 0`),
  ],
);

/** A credit note the supplier sent for a case. */
export const caseCreditNotes = ownedTenantTable(
  'case_credit_notes',
  {
    caseId: integer('case_id').notNull(),
    number: text('number').notNull(),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    ...converted(),
    amountMinor: minor('amount_minor').notNull(),
    amountStoreMinor: minor('amount_store_minor').notNull(),
    note: text('note'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt({ ms: true }),
  },
  (t) => [
    tenantForeignKey(t, t.caseId, cases, 'case_credit_notes_case_fk').onDelete('cascade'),
    unique('case_credit_notes_number_key').on(t.tenantId, t.caseId, t.number),
    index('case_credit_notes_case_idx').on(t.tenantId, t.caseId, t.noteDate, t.id),
    check('case_credit_notes_amount', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A case's recovery from its supplier, once someone set what is expected or wrote it off. Without
 * a row, the credit expected is what the cost lines say the supplier pays.
 */
export const caseRecovery = ownedTenantTable(
  'case_recovery',
  {
    caseId: integer('case_id').notNull(),
    /** In the store's currency; null: the sum of the lines the supplier pays. */
    expectedCreditMinor: minor('expected_credit_minor'),
    isWrittenOff: boolean('is_written_off').notNull().default(false),
    writeOffReason: text('write_off_reason'),
    updatedBy: text('updated_by').notNull(),
    createdAt: createdAt({ ms: true }),
    updatedAt: updatedAt({ ms: true }),
    version: integer('version').notNull().default(1),
    writtenOffAt: timestamptz('written_off_at', { ms: true }),
  },
  (t) => [
    tenantForeignKey(t, t.caseId, cases, 'case_recovery_case_fk').onDelete('cascade'),
    unique('case_recovery_case_key').on(t.tenantId, t.caseId),
    check('case_recovery_write_off_reason', sql`NOT ${t.isWrittenOff} OR ${t.writeOffReason} IS NOT NULL`),
  ],
);
