import { z } from 'zod';
import { ZRowId } from './mail-id';

export const MOVE_MAX_MAILS = 100;

/**
 * POST /v2/api/claims/mails/move: moves the named mails of the store to case `caseId`, or back
 * to unmapped with `caseId: null`. Each mail moves alone (not its thread; PUT
 * /v2/api/unmapped-mails/{id}/map maps a thread); later replies in its thread follow it, since
 * threading finds the case of the mail they answer. Each moved mail writes a timeline entry on
 * the case it left and on the case it joined, and the unread and pending counts of both cases
 * follow. A mail already there is left as it is (not in `moved`). Undo is the same call with
 * each mail's `fromCaseId`. A mail or case of another store, or a deleted one, is 404; a draft
 * or a mail still waiting in the outbox is 409. All or nothing, in one transaction. Staff only.
 */
export const ZMoveMailsRequest = z.object({
  mailIds: z.array(ZRowId).min(1).max(MOVE_MAX_MAILS),
  caseId: ZRowId.nullable(),
});
export type TMoveMailsRequest = z.infer<typeof ZMoveMailsRequest>;

export const ZMovedMail = z.object({
  id: z.number().int(),
  fromCaseId: z.number().int().nullable(),
  toCaseId: z.number().int().nullable(),
});
export type TMovedMail = z.infer<typeof ZMovedMail>;

export const ZMoveMailsResponse = z.object({ moved: z.array(ZMovedMail) });
export type TMoveMailsResponse = z.infer<typeof ZMoveMailsResponse>;
