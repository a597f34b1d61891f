import type { z } from 'zod';
import { ZCreateCaseRequest } from '../../cases/create-case';

/**
 * POST /v2/api/unmapped-mails/{id}/create-case: a new case made from an unmapped mail, through
 * the same create as POST /v2/api/claims (numbering, validation, timeline), then the mail (and
 * its thread) mapped onto it, all in one transaction. Only `workFlow` is needed: the customer's
 * name and email come from the sender and the description from the subject and text; any case
 * field given in the body replaces what the mail suggests. Answers 201 with the case (ZCase).
 */
export const ZCreateCaseFromMailRequest = ZCreateCaseRequest.partial({ customer: true });
export type TCreateCaseFromMailRequest = z.infer<typeof ZCreateCaseFromMailRequest>;
