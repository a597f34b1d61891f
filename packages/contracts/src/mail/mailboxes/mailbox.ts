import { z } from 'zod';
import { ZText } from '../../text';
import { ZMailboxKind, ZMailboxState } from '../mail-enums';

/**
 * A store's mailbox as the settings screen sees it. Its password or OAuth tokens are never
 * answered: `hasCredentials` only says whether some are stored.
 */
export const ZMailbox = z.object({
  id: z.number().int().positive(),
  address: z.string(),
  kind: ZMailboxKind,
  /** IMAP and SMTP servers; null for a forward mailbox (mail comes in through the inbound SMTP receiver). */
  imapHost: z.string().nullable(),
  imapPort: z.number().int().nullable(),
  imapSecure: z.boolean(),
  imapUser: z.string().nullable(),
  imapFolder: z.string(),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().nullable(),
  smtpSecure: z.boolean(),
  smtpUser: z.string().nullable(),
  hasCredentials: z.boolean(),
  isEnabled: z.boolean(),
  /** `failing` with `lastError` when the last sign-in or fetch failed (the settings warning badge). */
  state: ZMailboxState,
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Since when it has been failing, with no success in between (lastErrorAt is the latest failure). */
  failingSince: z.string().nullable(),
  lastFetchAt: z.string().nullable(),
  /** When a mail last left through it. */
  lastSendAt: z.string().nullable(),
  /**
   * Whether the store proved that it owns the address: a confirmation code mailed to it came
   * back (typed in, or forwarded to the inbound receiver), or the provider's sign-in named it.
   * An unproven mailbox receives nothing through the inbound receiver and sends nothing.
   */
  isVerified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** When the last confirmation code was mailed; null when none is waiting. */
  verificationSentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMailbox = z.infer<typeof ZMailbox>;

/** The id of a mailbox in a path: /v2/api/settings/mailboxes/{id}. */
export const ZMailboxIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export type TMailboxIdParams = z.infer<typeof ZMailboxIdParams>;

/** A host name or address of a mail server. */
export const ZMailHost = ZText.trim()
  .min(1, 'Required')
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, 'A host name such as imap.example.com');
export const ZMailPort = z.number().int().min(1).max(65535);
