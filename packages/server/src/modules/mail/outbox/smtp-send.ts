import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SecretBox } from '../mail-crypto';
import type { Mailbox } from '../mailbox.repository';

export interface RawSend {
  mailbox: Mailbox;
  from: string;
  recipients: string[];
  raw: Buffer;
}

/** Sends prepared bytes through a mailbox's SMTP server (password, or XOAUTH2 with its access token). */
export async function sendThroughMailbox(secrets: SecretBox, send: RawSend): Promise<void> {
  const { mailbox } = send;
  if (!mailbox.smtpHost || !mailbox.smtpPort)
    throw new Error(`Mailbox ${mailbox.address} has no SMTP server`);
  const secret = mailbox.secretEncrypted ? secrets.open(mailbox.tenantId, mailbox.secretEncrypted) : '';
  const user = mailbox.smtpUser ?? mailbox.imapUser ?? mailbox.address;
  const auth: SMTPTransport.Options['auth'] =
    mailbox.kind === 'imap-password'
      ? { user, pass: secret }
      : { type: 'OAuth2', user, accessToken: (JSON.parse(secret) as { accessToken: string }).accessToken };
  const transport = nodemailer.createTransport({
    host: mailbox.smtpHost,
    port: mailbox.smtpPort,
    secure: mailbox.smtpSecure,
    auth: secret ? auth : undefined,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 5 * 60_000,
  });
  try {
    await transport.sendMail({ envelope: { from: send.from, to: send.recipients }, raw: send.raw });
  } finally {
    transport.close();
  }
}
