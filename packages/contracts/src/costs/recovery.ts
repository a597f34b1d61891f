import { z } from 'zod';
import { ZIdText } from '../common';
import { ZText } from '../text';
import { COST_LIMITS, ZAmountMinor, ZCostDate, ZCurrency, ZOptionalNote } from './cost-common';

/** Where the recovery from the supplier stands; written off needs a reason. */
export const RECOVERY_STATES = ['open', 'partlySettled', 'settled', 'writtenOff'] as const;
export type TRecoveryState = (typeof RECOVERY_STATES)[number];

/** POST /v2/api/claims/{id}/credit-notes: a credit note the supplier sent (201, the case's costs). */
export const ZCreateCreditNoteRequest = z.object({
  number: ZText.trim().min(1, 'Required').max(COST_LIMITS.creditNoteNumber),
  noteDate: ZCostDate,
  amountMinor: ZAmountMinor(),
  currency: ZCurrency,
  note: ZOptionalNote(COST_LIMITS.note),
});
export type TCreateCreditNoteRequest = z.input<typeof ZCreateCreditNoteRequest>;

export const ZCreditNote = z.object({
  id: z.number().int(),
  number: z.string(),
  noteDate: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  amountMinor: z.number().int(),
  amountStoreMinor: z.number().int(),
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TCreditNote = z.infer<typeof ZCreditNote>;

/**
 * PUT /v2/api/claims/{id}/recovery: the credit expected from the supplier (null: what the lines
 * the supplier pays add up to) and whether the rest is written off, with the reason.
 */
export const ZUpdateRecoveryRequest = z
  .object({
    expectedCreditMinor: ZAmountMinor({ allowZero: true }).nullable(),
    isWrittenOff: z.boolean(),
    writeOffReason: ZOptionalNote(COST_LIMITS.writeOffReason),
  })
  .superRefine((value, ctx) => {
    if (value.isWrittenOff && !value.writeOffReason) {
      ctx.addIssue({ code: 'custom', path: ['writeOffReason'], message: 'A write-off needs a reason' });
    }
  });
export type TUpdateRecoveryRequest = z.input<typeof ZUpdateRecoveryRequest>;

/** The case's recovery from its supplier, in the store's currency. */
export const ZRecovery = z.object({
  state: z.enum(RECOVERY_STATES),
  /** What the supplier should pay: the set amount, else the lines it pays. */
  expectedCreditMinor: z.number().int(),
  isExpectedSet: z.boolean(),
  creditedMinor: z.number().int(),
  /** Expected less credited, never below 0. */
  unrecoveredMinor: z.number().int(),
  writeOffReason: z.string().nullable(),
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
});
export type TRecovery = z.infer<typeof ZRecovery>;

/** Path of one cost line or credit note of a case. */
export const ZCaseCostParams = z.object({ id: ZIdText, costId: ZIdText });
export const ZCaseCreditNoteParams = z.object({ id: ZIdText, noteId: ZIdText });
