import { z } from 'zod';

/**
 * POST /v2/api/claims/{id}/withdraw-from-supplier (staff): takes a case back from its supplier.
 * Clears the case's sent_to_supplier_at, so the supplier's contact persons read it no more (404),
 * and adds a `supplier-withdrawn` timeline entry. Answers when it was sent (null: it was not, and
 * nothing changed).
 */
export const ZWithdrawFromSupplierResponse = z.object({
  caseId: z.number().int(),
  withdrawnSentAt: z.string().nullable(),
});
export type TWithdrawFromSupplierResponse = z.infer<typeof ZWithdrawFromSupplierResponse>;
