import { z } from 'zod';
import { ZMailLog } from '../mail-log';
import { ZRowId } from './mail-id';

/**
 * PUT /v2/api/unmapped-mails/{id}/map: moves an unmapped mail onto a case of the store, with
 * the other unmapped mails of its thread (linked through Message-ID, In-Reply-To and
 * References). Each moved mail gets a mail-in (or mail-out) timeline entry; unread inbound mails
 * raise the case's unread count and queued outbound ones its pending count; the case's search
 * is refreshed. The sender is not made a participant: participants may sign in and read the
 * case, and mapping is triage, not an invitation. All in one transaction. A case of another
 * store (or a deleted one) is 404; a mail already on a case is 409.
 */
export const ZMapMailRequest = z.object({ caseId: ZRowId });
export type TMapMailRequest = z.infer<typeof ZMapMailRequest>;

export const ZMapMailResponse = z.object({
  caseId: z.number().int(),
  caseNumber: z.number().int(),
  /** The mails that moved onto the case: the one asked for first, then its thread, oldest first. */
  mails: z.array(ZMailLog),
});
export type TMapMailResponse = z.infer<typeof ZMapMailResponse>;
