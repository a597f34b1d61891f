import { z } from 'zod';
import { ZIdParam } from '../../common';
import { ZMailLog } from '../mail-log';

/**
 * PUT /v2/api/claims/mails/{id}/cancel-send: Undo. A pending mail whose send job no worker has
 * claimed yet (in its undo window, waiting for its "send later" time, or waiting to be tried
 * again) goes back to being a draft: its job deleted, the case's pending count lowered, and the
 * `mail-out` timeline entry written when it was queued removed (it never left). Answers the
 * draft (200); a mail that is a draft already is answered as it is. 409 CONFLICT "This mail is
 * already on its way" when a worker holds it or it was sent or failed; 404 for an unknown mail
 * or another store's. Mails without a case too.
 */
export const ZCancelSendParams = ZIdParam;
export type TCancelSendParams = z.infer<typeof ZCancelSendParams>;

export const ZCancelSendResponse = ZMailLog;
export type TCancelSendResponse = z.infer<typeof ZCancelSendResponse>;

/**
 * PUT /v2/api/claims/mails/{id}/send-now: a pending mail waiting for its time (undo window or
 * "send later") leaves now: its job due now, sendAt null, isSendLater false. Answers the mail
 * (200); 409 CONFLICT when it is not pending; 404 for an unknown mail or another store's.
 */
export const ZSendNowParams = ZIdParam;
export type TSendNowParams = z.infer<typeof ZSendNowParams>;

export const ZSendNowResponse = ZMailLog;
export type TSendNowResponse = z.infer<typeof ZSendNowResponse>;
