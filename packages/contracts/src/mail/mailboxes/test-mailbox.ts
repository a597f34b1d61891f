import { z } from 'zod';
import { ZCreatePasswordMailbox } from './create-mailbox';

/** The outcome of one sign-in: ok, or what failed in words an administrator can act on. */
export const ZConnectionCheck = z.object({
  isOk: z.boolean(),
  error: z.string().nullable(),
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
