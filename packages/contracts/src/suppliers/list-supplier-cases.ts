import { z } from 'zod';

/**
 * GET /v2/api/suppliers/{id}/cases and GET /v2/shared/suppliers/{id}/cases: the calling store's
 * cases that name the supplier (the newest 200): overdue ones first, then those sent, newest first within each; with when a claim went to the
 * supplier and when it first answered; `isOverdue` when an open one waits past the supplier's
 * promised answer time.
 */
export const ZSupplierCase = z.object({
  id: z.number().int(),
  caseNumber: z.number().int(),
  workFlow: z.string(),
  isArchived: z.boolean(),
  status: z.string(),
  customerName: z.string(),
  itemsSummary: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  isOverdue: z.boolean(),
});
export type TSupplierCase = z.infer<typeof ZSupplierCase>;

export const ZListSupplierCasesResponse = z.array(ZSupplierCase);
export type TListSupplierCasesResponse = z.infer<typeof ZListSupplierCasesResponse>;

/** The most cases the list answers. */
export const SUPPLIER_CASES_LIMIT = 200;
