import { z } from 'zod';
import { ZIdText } from '../../common';
import { ZMailCompose } from './compose-common';

/**
 * GET /v2/api/claims/mails/{x}/forward-mail-compose/{id}?mailLogId=: a forward of mail
 * `mailLogId` of case {id}: subject "Fwd: …", the mail quoted under its headers (From, Date,
 * Subject, To), its attachments listed by filePath to go with the forward, `to` empty. Send it
 * with POST …/mail-compose/{id}?sendType=forward&mailLogId=. `mailLogId` is required (400); the
 * case is checked first (404).
 */
export const ZGetForwardComposeQuery = z.object({
  mailLogId: ZIdText.optional(),
});
export type TGetForwardComposeQuery = z.infer<typeof ZGetForwardComposeQuery>;

export const ZGetForwardComposeResponse = ZMailCompose;
export type TGetForwardComposeResponse = z.infer<typeof ZGetForwardComposeResponse>;
