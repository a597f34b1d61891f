import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SecretBox } from '../mail-crypto';
import type { Mailbox } from '../mailbox.repository';
import { parseTokens } from '../oauth/oauth-tokens';

export interface RawSend {
  /** The mail's mailbox; null when it has none (it goes out through the system transport). */
  mailbox: Mailbox | null;
  from: string;
  recipients: string[];
  raw: Buffer;
}

/** True when the mailbox sends through its own SMTP server (a forward mailbox has none). */
export const hasSmtp = (mailbox: Mailbox | null): mailbox is Mailbox =>
  Boolean(mailbox?.smtpHost && mailbox.smtpPort);

/** The SMTP settings of a mailbox: its password, or XOAUTH2 with its current access token. */
export function mailboxTransportOptions(
  secrets: SecretBox,
  mailbox: Mailbox,
  timeouts = { connectionMs: 30_000, socketMs: 5 * 60_000 },
): SMTPTransport.Options {
  const secret = mailbox.secretEncrypted ? secrets.open(mailbox.tenantId, mailbox.secretEncrypted) : '';
  const user = mailbox.smtpUser ?? mailbox.imapUser ?? mailbox.address;
  const auth: SMTPTransport.Options['auth'] =
    mailbox.kind === 'imap-password'
      ? { user, pass: secret }
      : { type: 'OAuth2', user, accessToken: parseTokens(secret).accessToken };
  return {
    host: mailbox.smtpHost ?? undefined,
    port: mailbox.smtpPort ?? undefined,
    secure: mailbox.smtpSecure,
    auth: secret ? auth : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.connectionMs,
    socketTimeout: timeouts.socketMs,
  };
}

/** Sends prepared bytes through a mailbox's SMTP server (password, or XOAUTH2 with its access token). */
export async function sendThroughMailbox(secrets: SecretBox, send: RawSend): Promise<void> {
  const { mailbox } = send;
  if (!hasSmtp(mailbox)) throw new Error(`Mailbox ${send.mailbox?.address ?? '(none)'} has no SMTP server`);
  const transport = nodemailer.createTransport(mailboxTransportOptions(secrets, mailbox));
  try {
    await transport.sendMail({ envelope: { from: send.from, to: send.recipients }, raw: send.raw });
  } finally {
    transport.close();
  }
}

/**
 * The system transport, for mail without a mailbox that can send (none, or a forward mailbox):
 * the SMTP_URL server when configured, else the .eml is written into DATA_DIR/mail-out (as the
 * system mailer does) and counts as sent.
 */
export function createSystemSender(options: {
  smtpUrl?: string;
  dataDir: string;
}): (send: RawSend) => Promise<void> {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return async (send) => {
      await transport.sendMail({ envelope: { from: send.from, to: send.recipients }, raw: send.raw });
    };
  }
  const outDir = path.join(options.dataDir, 'mail-out');
  return async (send) => {
    await mkdir(outDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await writeFile(path.join(outDir, `${stamp}-${randomUUID()}.eml`), send.raw);
  };
}
