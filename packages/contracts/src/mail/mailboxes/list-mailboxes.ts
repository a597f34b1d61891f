import { z } from 'zod';
import { ZMailbox } from './mailbox';

/** GET /v2/api/settings/mailboxes: the store's mailboxes, oldest first (administrators only). */
export const ZListMailboxesResponse = z.array(ZMailbox);
export type TListMailboxesResponse = z.infer<typeof ZListMailboxesResponse>;
