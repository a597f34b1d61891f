import { z } from 'zod';
import { ZEmail, ZIdText } from '../common';

/**
 * GET /v2/api/claims/{id}/outside-access (staff): who outside the store can read the case now.
 * The contact persons of its supplier while it is sent to that supplier (enabled ones of an
 * enabled supplier), and the other one-time-code people taking part in it (participants).
 * "Withdraw from supplier" ends the first; DELETE .../participants/{email} ends one of the second.
 */
export const ZOutsideAccessResponse = z.object({
  supplier: z
    .object({
      name: z.string(),
      sentAt: z.string(),
      contacts: z.array(z.object({ name: z.string(), email: z.string() })),
    })
    .nullable(),
  participants: z.array(z.object({ email: z.string(), since: z.string() })),
});
export type TOutsideAccessResponse = z.infer<typeof ZOutsideAccessResponse>;

/** DELETE /v2/api/claims/{id}/participants/{email} (staff): the person reads the case no more. */
export const ZCaseParticipantParams = z.object({ id: ZIdText, email: ZEmail });
export type TCaseParticipantParams = z.infer<typeof ZCaseParticipantParams>;
export const ZRemoveParticipantResponse = z.object({ removed: z.boolean() });
export type TRemoveParticipantResponse = z.infer<typeof ZRemoveParticipantResponse>;
