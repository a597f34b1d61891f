import { z } from 'zod';
import { ZCreateCaseRequest } from '../../cases/create-case';
import { ZIdText } from '../../common';

/**
 * POST /v2/api/unmapped-mails/{id}/create-case: a new case made from an unmapped mail, through
 * the same create as POST /v2/api/claims (numbering, validation, timeline), then the mail (and
 * its thread) mapped onto it, all in one transaction. Only `workFlow` is needed: the customer's
 * name and email come from the sender and the description from the subject and text; any case
 * field given in the body replaces what the mail suggests. Answers 201 with the case (ZCase).
 */
export const ZCreateCaseFromMailRequest = ZCreateCaseRequest.partial({ customer: true });
export type TCreateCaseFromMailRequest = z.infer<typeof ZCreateCaseFromMailRequest>;

/**
 * DELETE /v2/api/unmapped-mails/{id}/create-case?caseId=: the undo of that create. The case's
 * mails go back to unmapped and the case is deleted (its number stays taken, its timeline kept),
 * only while nothing else happened to it: made by the same person from this mail within
 * UNDO_CASE_FROM_MAIL_MS, with no change, mail or note since (else 409). Answers 204.
 */
export const ZUndoCaseFromMailQuery = z.object({ caseId: ZIdText });
export type TUndoCaseFromMailQuery = z.infer<typeof ZUndoCaseFromMailQuery>;
/** How long after its making a case made from a mail can be undone (the toast offers 10 s). */
export const UNDO_CASE_FROM_MAIL_MS = 10 * 60_000;
