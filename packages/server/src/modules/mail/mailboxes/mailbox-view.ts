import type { TMailbox, TMailboxKind, TMailboxState } from '@claimdesk/contracts';
import type { Mailbox } from '../mailbox.repository';

/** A mailbox as the API answers it: everything but its sealed secret. */
export function toMailboxView(row: Mailbox): TMailbox {
  return {
    id: row.id,
    address: row.address,
    kind: row.kind as TMailboxKind,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapSecure: row.imapSecure,
    imapUser: row.imapUser,
    imapFolder: row.imapFolder,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecure: row.smtpSecure,
    smtpUser: row.smtpUser,
    hasCredentials: row.secretEncrypted !== null,
    isEnabled: row.isEnabled,
    state: row.state as TMailboxState,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    lastFetchAt: row.lastFetchAt?.toISOString() ?? null,
    lastSendAt: row.lastSendAt?.toISOString() ?? null,
    isVerified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationSentAt: row.verifiedAt ? null : (row.verificationSentAt?.toISOString() ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
