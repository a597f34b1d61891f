import { z } from 'zod';
import { ZText } from '../../text';
import { ZMailLogType } from '../mail-enums';
import { ZMailLog } from '../mail-log';

/**
 * GET /v2/api/claims/mails/{id}/mail-logs?storeCode=&mailLogType=: the mails of case {id},
 * oldest first, deleted ones left out. `storeCode` is the store (tenant id); another store's
 * code is refused (403); absent (or empty) means the caller's store. `mailLogType` filters when given (an
 * empty value means all). One-time-code users read only the cases they take part in, and
 * never the internal mails among staff.
 */
export const ZListCaseMailsQuery = z.object({
  storeCode: ZText.max(200)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  mailLogType: z
    .union([ZMailLogType, z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type TListCaseMailsQuery = z.infer<typeof ZListCaseMailsQuery>;

export const ZListCaseMailsResponse = z.array(ZMailLog);
export type TListCaseMailsResponse = z.infer<typeof ZListCaseMailsResponse>;
