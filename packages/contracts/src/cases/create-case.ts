import { z } from 'zod';
import { ZCaseFields, ZPurchaseDate, ZWorkFlow } from './case';

/**
 * POST /v2/api/claims: a new case in a workflow. Status defaults to the workflow's initial
 * status; the case number is the store's next one. Answers 201 with the case (ZCase).
 */
export const ZCreateCaseRequest = ZCaseFields.partial({
  status: true,
  assignee: true,
  customFields: true,
  items: true,
}).extend({ workFlow: ZWorkFlow, purchaseDate: ZPurchaseDate.nullable().optional() });
export type TCreateCaseRequest = z.infer<typeof ZCreateCaseRequest>;
