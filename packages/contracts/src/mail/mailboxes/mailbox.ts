import { z } from 'zod';
import { ZText } from '../../text';
import { ZMailboxKind, ZMailboxState } from '../mail-enums';

/**
 * How a Google or Microsoft mailbox's sign-in stands: `active` (the access token is valid, or is
 * renewed with the refresh token a minute before it runs out); `renewal-failing` (the provider
 * refused or did not answer the renewal: `lastError` has its words; a person signs in again if
 * it does not pass); `expired` (the access token ran out and there is no refresh token to renew
 * it); `removed` (the authorization was removed). The last three need a person to sign in again.
 */
export const ZMailboxAuthorizationState = z.enum(['active', 'renewal-failing', 'expired', 'removed']);
export type TMailboxAuthorizationState = z.infer<typeof ZMailboxAuthorizationState>;

/** The OAuth sign-in of a Google or Microsoft mailbox; never its tokens. */
export const ZMailboxAuthorization = z.object({
  state: ZMailboxAuthorizationState,
  /** When the current access token runs out; null when the provider did not say (or none is stored). */
  accessTokenExpiresAt: z.string().nullable(),
  /** Whether a refresh token is stored, so the access token is renewed without a person. */
  hasRefreshToken: z.boolean(),
});
export type TMailboxAuthorization = z.infer<typeof ZMailboxAuthorization>;

/**
 * Where a forward mailbox's provider must forward its mail: the built-in inbound SMTP receiver as
 * the world reaches it (INBOUND_SMTP_PUBLIC_HOST and INBOUND_SMTP_PUBLIC_PORT), with the mailbox's
 * own address kept as the recipient.
 */
export const ZMailboxForwardTarget = z.object({
  host: z.string(),
  port: z.number().int(),
});
export type TMailboxForwardTarget = z.infer<typeof ZMailboxForwardTarget>;

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
  /** Google and Microsoft mailboxes: how their sign-in stands; null for the other kinds. */
  authorization: ZMailboxAuthorization.nullable(),
  /** Forward mailboxes: where to forward their mail to; null for the other kinds. */
  forwardTo: ZMailboxForwardTarget.nullable(),
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
