import { z } from 'zod';
import { ZText } from '../../text';
import { ZEmail } from '../../common';
import { ZMailbox, ZMailHost, ZMailPort } from './mailbox';

/**
 * PUT /v2/api/settings/mailboxes/{id}: changes what is given, keeps the rest. A password left
 * out keeps the stored one (the screen never has it); `password` is for imap-password
 * mailboxes only, and server fields are refused on a forward mailbox (400). A change of IMAP
 * server, user or folder starts the fetch position over (nothing is stored twice). The fetch
 * job signs in again with the new settings. A new address must be free in every store (409)
 * and is unproven again until its mailed confirmation code comes back. Answers the mailbox.
 */
export const ZUpdateMailboxRequest = z
  .object({
    address: ZEmail,
    imapHost: ZMailHost,
    imapPort: ZMailPort,
    imapSecure: z.boolean(),
    imapUser: ZText.trim().min(1, 'Required').max(320),
    imapFolder: ZText.trim().min(1).max(200),
    smtpHost: ZMailHost,
    smtpPort: ZMailPort,
    smtpSecure: z.boolean(),
    smtpUser: ZText.trim().min(1).max(320).nullable(),
    password: ZText.min(1, 'Required').max(1000),
  })
  .partial()
  .strict();
export type TUpdateMailboxRequest = z.infer<typeof ZUpdateMailboxRequest>;
export const ZUpdateMailboxResponse = ZMailbox;
