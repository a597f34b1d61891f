import { z } from 'zod';
import { ZMailLog } from '../mail-log';

/**
 * PUT /v2/api/claims/mails/{id}/mark-read-status?isRead=: marks a mail read (the default) or
 * unread. The case's unread count moves once per real change: marking a read mail read again
 * changes nothing. Answers the updated mail.
 */
export const ZMarkReadStatusQuery = z.object({
  isRead: z.stringbool().default(true),
});
export type TMarkReadStatusQuery = z.infer<typeof ZMarkReadStatusQuery>;

export const ZMarkReadStatusResponse = ZMailLog;
export type TMarkReadStatusResponse = z.infer<typeof ZMarkReadStatusResponse>;
