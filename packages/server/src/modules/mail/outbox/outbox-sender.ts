import { createHash } from 'node:crypto';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { SecretBox } from '../common/mail-crypto';
import type { Mailbox } from '../accounts/mailbox.repository';
import { createSystemSender, hasSmtp, mailboxTransportOptions, type RawSend } from './smtp.client';
import { openSmtpSession, type SessionMail, type SmtpSession } from './smtp-session';

/**
 * How the outbox worker sends: sessions opened per mailbox, each sending its mails one after
 * another, kept while the worker has mails of that mailbox to send.
 */
export interface OutboxSender {
  /**
   * Which open sessions the mailbox's mails may share: the same server and the same sign-in (a
   * changed password or a refreshed token opens a new session).
   */
  sessionKey: (mailbox: Mailbox | null) => string;
  /** Opens a session for the mailbox's mails (null: the system transport). */
  open: (mailbox: Mailbox | null) => Promise<SmtpSession>;
}

/** The part of a mailbox that a session's sign-in depends on. */
function signInOf(mailbox: Mailbox): string {
  const { tenantId, id, kind, smtpHost, smtpPort, smtpSecure, smtpUser, imapUser, address, secretEncrypted } =
    mailbox;
  const settings = [tenantId, id, kind, smtpHost, smtpPort, smtpSecure, smtpUser, imapUser, address];
  return createHash('sha256')
    .update(JSON.stringify([...settings, secretEncrypted]))
    .digest('base64url');
}

/**
 * The app's sender: a mailbox with an SMTP server sends through it (its password, or XOAUTH2 with
 * a token `refresh` keeps current); a mail without one through the system transport (SMTP_URL,
 * else .eml files in DATA_DIR/mail-out).
 */
export function createOutboxSender(options: {
  secrets: SecretBox;
  refresh: (mailbox: Mailbox) => Promise<Mailbox>;
  smtpUrl?: string;
  dataDir: string;
}): OutboxSender {
  const { secrets, refresh, smtpUrl } = options;
  const files = perMailSender(createSystemSender({ dataDir: options.dataDir }));
  return {
    sessionKey: (mailbox) => (hasSmtp(mailbox) ? `mailbox:${signInOf(mailbox)}` : 'system'),
    open: async (mailbox) => {
      if (hasSmtp(mailbox)) return openSmtpSession(mailboxTransportOptions(secrets, await refresh(mailbox)));
      if (smtpUrl) return openSmtpSession(parseConnectionUrl(smtpUrl));
      return files.open(null);
    },
  };
}

/**
 * A send function that opens its own SMTP session for each mail (sendThroughMailbox, the system
 * sender, a test's wrapper) as a sender: its "session" is only the mailbox the mails share.
 */
export function perMailSender(send: (mail: RawSend) => Promise<void>): OutboxSender {
  return {
    sessionKey: (mailbox) => (mailbox ? `mailbox:${mailbox.tenantId}:${String(mailbox.id)}` : 'system'),
    open: (mailbox) =>
      Promise.resolve({
        send: (mail: SessionMail) => send({ ...mail, mailbox }),
        isOpen: true,
        close: () => undefined,
      }),
  };
}
