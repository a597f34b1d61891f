import type { TTestMailboxSettingsRequest } from '@claimdesk/contracts';

/**
 * The server settings of a password mailbox as its row holds them (the SMTP user defaults to the
 * IMAP user), for a mailbox being created or settings being tested before they are saved.
 */
export const passwordMailboxFields = (input: TTestMailboxSettingsRequest) => ({
  kind: 'imap-password' as const,
  address: input.address,
  imapHost: input.imapHost,
  imapPort: input.imapPort,
  imapSecure: input.imapSecure,
  imapUser: input.imapUser,
  imapFolder: input.imapFolder,
  smtpHost: input.smtpHost,
  smtpPort: input.smtpPort,
  smtpSecure: input.smtpSecure,
  smtpUser: input.smtpUser ?? input.imapUser,
});
