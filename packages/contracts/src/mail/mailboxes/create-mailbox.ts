import { z } from 'zod';
import { ZText } from '../../text';
import { ZEmail } from '../../common';
import { ZMailbox, ZMailHost, ZMailPort } from './mailbox';

/** A mailbox fetched over IMAP and sent through over SMTP, both signed in with one user and password. */
export const ZCreatePasswordMailbox = z.object({
  kind: z.literal('imap-password'),
  address: ZEmail,
  imapHost: ZMailHost,
  imapPort: ZMailPort.default(993),
  /** TLS from the start (993); false for a plain connection. */
  imapSecure: z.boolean().default(true),
  imapUser: ZText.trim().min(1, 'Required').max(320),
  imapFolder: ZText.trim().min(1).max(200).default('INBOX'),
  smtpHost: ZMailHost,
  smtpPort: ZMailPort.default(465),
  /** TLS from the start (465); false for 587/25 (STARTTLS when the server offers it). */
  smtpSecure: z.boolean().default(true),
  /** The SMTP user; the IMAP user when left out. */
  smtpUser: ZText.trim().min(1).max(320).optional(),
  password: ZText.min(1, 'Required').max(1000),
  isEnabled: z.boolean().default(true),
});

/** A mailbox whose mail is forwarded to the built-in inbound SMTP receiver: only the address. */
export const ZCreateForwardMailbox = z.object({
  kind: z.literal('forward'),
  address: ZEmail,
  isEnabled: z.boolean().default(true),
});

/**
 * POST /v2/api/settings/mailboxes: a new mailbox (201 with it). Google and Microsoft mailboxes
 * are made by their sign-in (POST /v2/api/external-auth/{provider}). An address belongs to one
 * mailbox across all stores: a taken one is refused (409, field `address`). The new mailbox is
 * unproven (`isVerified: false`): a confirmation code is mailed to the address, see
 * verify-mailbox. The password is sealed at rest and never answered.
 */
export const ZCreateMailboxRequest = z.discriminatedUnion('kind', [
  ZCreatePasswordMailbox,
  ZCreateForwardMailbox,
]);
export type TCreateMailboxRequest = z.infer<typeof ZCreateMailboxRequest>;
export const ZCreateMailboxResponse = ZMailbox;
