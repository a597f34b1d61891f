import { z } from 'zod';
import { ZId } from '../../common';
import { ZMailLogType } from '../mail-enums';
import { ZMailLog } from '../mail-log';
import { ZMailCompose, ZSendFields } from './compose-common';

/**
 * GET /v2/api/unmapped-mails/compose-mail/new: a blank compose for a mail without a case (from
 * the store's sending mailbox).
 */
export const ZGetNewMailComposeResponse = ZMailCompose;
export type TGetNewMailComposeResponse = z.infer<typeof ZGetNewMailComposeResponse>;

/**
 * POST /v2/api/unmapped-mails/compose-mail/new: queues a mail without a case (no case tag; it
 * shows in the unmapped "sent" list). Answers the pending mail log (201).
 */
export const ZSendNewMailRequest = ZSendFields.extend({
  mailLogType: ZMailLogType.default('customer'),
  /**
   * An unmapped mail this one answers: the reply carries its In-Reply-To and References (so the
   * customer's answer threads with it) and takes its type. 404 for a mail on a case or deleted.
   */
  mailLogId: ZId.optional(),
});
export type TSendNewMailRequest = z.infer<typeof ZSendNewMailRequest>;

export const ZSendNewMailResponse = ZMailLog;
export type TSendNewMailResponse = z.infer<typeof ZSendNewMailResponse>;
