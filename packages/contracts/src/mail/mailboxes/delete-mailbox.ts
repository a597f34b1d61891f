import { z } from 'zod';
import { ZMailboxIdParams } from './mailbox';

/**
 * DELETE /v2/api/settings/mailboxes/{id}: removes the mailbox (204); its mails stay, no longer
 * naming it. Refused (409) while mails sent through it still wait in the outbox.
 */
export const ZDeleteMailboxParams = ZMailboxIdParams;
export type TDeleteMailboxParams = z.infer<typeof ZDeleteMailboxParams>;
