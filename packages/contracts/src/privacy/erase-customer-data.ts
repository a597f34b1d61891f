import { z } from 'zod';
import { ZText } from '../text';
import { ZCustomerDataCounts, ZCustomerDataQuery } from './customer-data-query';

/**
 * POST /v2/api/privacy/customer-data/erase (administrators): erases the customer (GDPR article
 * 17). The cases stay with their numbers, costs and figures, their personal fields blanked; the
 * mails the customer sent or received (or that name the address) are deleted with their
 * attachments and files, and never fetched back; the address's one-time-code sessions end.
 * `confirmEmail` must repeat the address. Answers what was erased; recorded as `customer.erased`.
 */
export const ZEraseCustomerDataRequest = ZCustomerDataQuery.safeExtend({
  confirmEmail: ZText.trim().max(254, 'At most 254 characters').toLowerCase(),
}).refine((body) => body.confirmEmail === body.email, {
  path: ['confirmEmail'],
  message: 'Type the email address again to confirm',
});
export type TEraseCustomerDataRequest = z.input<typeof ZEraseCustomerDataRequest>;

export const ZEraseCustomerDataResponse = ZCustomerDataCounts.safeExtend({
  sessionsEnded: z.number().int(),
  filesDeleted: z.number().int(),
});
export type TEraseCustomerDataResponse = z.infer<typeof ZEraseCustomerDataResponse>;
