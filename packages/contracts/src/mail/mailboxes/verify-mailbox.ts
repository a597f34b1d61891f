import { z } from 'zod';
import { ZText } from '../../text';
import { ZMailbox } from './mailbox';

/**
 * POST /v2/api/settings/mailboxes/{id}/verify: proves the store owns the mailbox's address with
 * the code mailed to it (case, spaces and dashes do not matter). A wrong code is 400 (field
 * `code`); after five wrong codes, or once the code expired, a new one must be asked for (429
 * or 409). Answers the mailbox, proven.
 */
export const ZVerifyMailboxRequest = z.object({
  code: ZText.trim()
    .min(1, 'Required')
    .max(32, 'The code has 8 characters')
    .regex(/^[A-Za-z0-9 -]+$/, 'The code has letters and digits only'),
});
export type TVerifyMailboxRequest = z.infer<typeof ZVerifyMailboxRequest>;
export const ZVerifyMailboxResponse = ZMailbox;
