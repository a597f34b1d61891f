import { z } from 'zod';
import { COST_PAYERS } from './cost-common';
import { ZCostLine } from './cost-line';
import { ZCreditNote, ZRecovery } from './recovery';

/** A case's totals in the store's currency: all lines, and by who pays. */
export const ZCostTotals = z.object({
  netMinor: z.number().int(),
  vatMinor: z.number().int(),
  grossMinor: z.number().int(),
  /** Gross by payer. */
  byPayer: z.record(z.enum(COST_PAYERS), z.number().int()),
});
export type TCostTotals = z.infer<typeof ZCostTotals>;

/**
 * GET /v2/api/claims/{id}/costs (staff, with `costReg` on), and the answer of every write to a
 * case's costs: its lines, credit notes, totals and recovery. `isLocked` while the case is
 * archived: every write answers 409 then.
 */
export const ZCaseCosts = z.object({
  caseId: z.number().int(),
  storeCurrency: z.string(),
  isLocked: z.boolean(),
  lines: z.array(ZCostLine),
  creditNotes: z.array(ZCreditNote),
  totals: ZCostTotals,
  recovery: ZRecovery,
});
export type TCaseCosts = z.infer<typeof ZCaseCosts>;
