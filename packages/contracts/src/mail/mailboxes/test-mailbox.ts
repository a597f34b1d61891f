import { z } from 'zod';
import { ZCreatePasswordMailbox } from './create-mailbox';

/**
 * Why a connection test failed, as a category the web translates. Never the other side's own
 * words: a test aimed at another service on the server's network would otherwise read its
 * greeting back (issue 34). `cannotConnect`: nothing reachable answered (closed, filtered, an
 * unknown host or a timeout); `notMailServer`: something answered, but not as an IMAP or SMTP
 * server; `signInRefused`: the user name, password or access token was refused; `tlsError`: the
 * TLS setting or the server's certificate does not fit; `folderMissing`: signed in, but the IMAP
 * folder could not be opened; `failed`: anything else (the server's log has the detail).
 */
export const ZConnectionFailure = z.enum([
  'cannotConnect',
  'notMailServer',
  'signInRefused',
  'tlsError',
  'folderMissing',
  'failed',
]);
export type TConnectionFailure = z.infer<typeof ZConnectionFailure>;

/** The outcome of one sign-in: ok, or the category of what failed. */
export const ZConnectionCheck = z.object({
  isOk: z.boolean(),
  error: ZConnectionFailure.nullable(),
});

/**
 * POST /v2/api/settings/mailboxes/{id}/test: signs in to the mailbox's IMAP server (and opens
 * its folder) and to its SMTP server with the stored settings, and answers each outcome. A
 * server the mailbox does not use (a forward mailbox's IMAP) is null. Nothing is fetched or sent.
 */
export const ZTestMailboxResponse = z.object({
  imap: ZConnectionCheck.nullable(),
  smtp: ZConnectionCheck.nullable(),
});
export type TTestMailboxResponse = z.infer<typeof ZTestMailboxResponse>;

/**
 * POST /v2/api/settings/mailboxes/test: the same check on settings not saved yet (a password
 * mailbox's form before Save). Nothing is stored; the password is used once and forgotten.
 */
export const ZTestMailboxSettingsRequest = ZCreatePasswordMailbox.omit({ isEnabled: true });
export type TTestMailboxSettingsRequest = z.infer<typeof ZTestMailboxSettingsRequest>;
