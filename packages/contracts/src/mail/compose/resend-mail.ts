import { z } from 'zod';
import { ZIdParam } from '../../common';
import { ZMailLog } from '../mail-log';

/**
 * PUT /v2/api/claims/mails/resend/{id}: queues a failed (or sent) outgoing mail again with its
 * stored bytes, so it keeps its Message-ID and the receiver can tell a repeat. Attempts start
 * over. A mail still pending is a 409, an inbound mail or a draft a 400. Answers the mail.
 * A mail whose first attempt was cut off while the server was taking it may have been delivered:
 * it is resent only with `confirm=true` (else 409 with fieldErrors.confirm saying why).
 */
export const ZResendMailParams = ZIdParam;
export type TResendMailParams = z.infer<typeof ZResendMailParams>;

export const ZResendMailQuery = z.object({ confirm: z.stringbool().default(false) });
export type TResendMailQuery = z.infer<typeof ZResendMailQuery>;

export const ZResendMailResponse = ZMailLog;
export type TResendMailResponse = z.infer<typeof ZResendMailResponse>;
