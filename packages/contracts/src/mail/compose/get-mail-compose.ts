import { z } from 'zod';
import { ZIdText, ZText } from '../../common';
import { ZLanguage } from '../../languages';
import { ZComposeSendType, ZMailCompose } from './compose-common';

/**
 * GET /v2/api/claims/mails/{x}/mail-compose/{id}?sendType=&mailLogId=&templateKey=&language=:
 * a prefilled compose for case {id} of workflow {x} (404 when the case is not in that workflow).
 * `to` is the customer's email for sendType customer; for supplier it is the sender of the
 * answered supplier mail, else empty (a case names its supplier, not an address). With
 * `mailLogId` the subject is "Re: " the answered mail's and the body quotes it; with
 * `templateKey` the rendered template comes first (404 for an unknown template). `language`
 * picks the template's language (default: the store's).
 */
export const ZGetMailComposeQuery = z.object({
  sendType: ZComposeSendType.default('customer'),
  mailLogId: ZIdText.optional(),
  templateKey: ZText.trim().min(1).max(100).optional(),
  language: ZLanguage.optional(),
});
export type TGetMailComposeQuery = z.infer<typeof ZGetMailComposeQuery>;

export const ZGetMailComposeResponse = ZMailCompose;
export type TGetMailComposeResponse = z.infer<typeof ZGetMailComposeResponse>;
