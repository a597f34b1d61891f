import { z } from 'zod';
import { ZVersion } from '../common';
import { ZText } from '../text';
import { ZCaseFields, ZPurchaseDate } from './case';

/**
 * PUT /v2/api/claims/{id}: changes the given fields. `version` must be the case's current
 * version, or the answer is 409 CONFLICT and nothing changes. `items`, when given, is the
 * whole list: items left out are removed. Answers the case (ZCase).
 */
export const ZUpdateCaseRequest = ZCaseFields.partial().extend({
  version: ZVersion,
  purchaseDate: ZPurchaseDate.nullable().optional(),
});
export type TUpdateCaseRequest = z.infer<typeof ZUpdateCaseRequest>;

/** PUT /v2/api/claims/{id}/status. */
export const ZChangeStatusRequest = z.object({ status: ZText.min(1).max(60), version: ZVersion });
export type TChangeStatusRequest = z.infer<typeof ZChangeStatusRequest>;

/** PUT /v2/api/claims/{id}/assignee; null unassigns. */
export const ZAssignCaseRequest = z.object({ assignee: ZText.nullable(), version: ZVersion });
export type TAssignCaseRequest = z.infer<typeof ZAssignCaseRequest>;

/** PUT /v2/api/claims/{id}/archive and /reopen. */
export const ZVersionRequest = z.object({ version: ZVersion });
export type TVersionRequest = z.infer<typeof ZVersionRequest>;
