import { z } from 'zod';
import { ZIdText } from '../../common';
import { ZMailLog } from '../mail-log';
import { ZComposeSendType, ZSendFields } from './compose-common';

/**
 * POST /v2/api/claims/mails/{x}/mail-compose/{id}?sendType=&mailLogId=: queues the mail on case
 * {id} (the outbox sends it) and answers it as a pending mail log (201). A bad address is a 400
 * naming its field (`to.0`); attachments over the store's limit (MAIL_MAX_ATTACHMENT_BYTES,
 * 25 MB by default) are a 413. A reply (`mailLogId`, sendType customer or supplier) carries the
 * answered mail's In-Reply-To/References; a forward (sendType forward, `mailLogId` the forwarded
 * mail) starts a new thread and takes the forwarded mail's type. The case's timeline gets a
 * `mail-out` entry. The HTML is sanitised; `text` is derived from it when not given.
 */
export const ZSendMailQuery = z.object({
  sendType: ZComposeSendType.default('customer'),
  mailLogId: ZIdText.optional(),
});
export type TSendMailQuery = z.infer<typeof ZSendMailQuery>;

export const ZSendMailRequest = ZSendFields;
export type TSendMailRequest = z.infer<typeof ZSendMailRequest>;

export const ZSendMailResponse = ZMailLog;
export type TSendMailResponse = z.infer<typeof ZSendMailResponse>;
