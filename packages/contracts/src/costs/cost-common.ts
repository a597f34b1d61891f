import { z } from 'zod';
import { codedIssue } from '../field-issues';
import { ZDateOnly } from '../cases/case';
import { ZText } from '../text';

/** Limits of the cost fields, shared by the server's schemas and the web's forms. */
export const COST_LIMITS = {
  /** 1,000,000,000.00 in major units: well inside a bigint and JavaScript's safe integers. */
  amountMinor: 100_000_000_000,
  note: 1000,
  creditNoteNumber: 60,
  writeOffReason: 1000,
  costType: 60,
  /** Cost lines and credit notes of one case. */
  linesPerCase: 500,
  /** The largest exchange rate an administrator can enter. */
  rate: 1_000_000,
} as const;

/** Who pays a cost in the end: the store itself, the supplier (to be recovered) or the customer. */
export const COST_PAYERS = ['store', 'supplier', 'customer'] as const;
export type TCostPayer = (typeof COST_PAYERS)[number];

export const NOT_WHOLE_MINOR_UNITS = 'Must be whole minor units (øre, cent): no fractions';

/** An amount in minor units (øre, cent): a whole number, more than 0 unless `allowZero`. */
export const ZAmountMinor = (options: { allowZero?: boolean } = {}) =>
  z
    .number('Must be a number')
    .int(NOT_WHOLE_MINOR_UNITS)
    .min(options.allowZero ? 0 : 1, options.allowZero ? 'Must not be negative' : 'Must be more than 0')
    .max(COST_LIMITS.amountMinor, `At most ${String(COST_LIMITS.amountMinor)}`);

/** An ISO 4217 code; whether the store takes it is checked against its cost form. */
export const ZCurrency = ZText.regex(/^[A-Z]{3}$/, 'An ISO 4217 code such as NOK');

/** The latest date anywhere on earth now (UTC+14): a cost of today somewhere is never refused. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** A date of a cost or credit note: YYYY-MM-DD, from 2000 on, not after today. */
export const ZCostDate = ZDateOnly.refine((date) => date >= '2000-01-01', {
  message: 'A date from 2000 on',
}).refine((date) => date <= latestToday(), {
  message: 'A date cannot be in the future',
  ...codedIssue('future_date'),
});

export const ZOptionalNote = (max: number) =>
  ZText.trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);
